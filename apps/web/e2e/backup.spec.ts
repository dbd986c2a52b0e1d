import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { signIn } from './support/session.ts';

/**
 * Issue 34, backups: the administrator reads on the Usuários page when the last backup was made and
 * how big it is; `npm run backup` (the server's own settings) is what makes one. A Gestor, who also
 * opens the page to register people, sees nothing of it.
 */
test('an administrator sees the last backup’s time and size after npm run backup; a Gestor does not @phone', async ({
  page,
}, testInfo) => {
  test.slow();
  await signIn(page, '1001', '/setusers');
  const card = page.getByRole('region', { name: 'Backup' });
  await expect(card).toContainText(/Nenhum backup feito ainda\.|Último backup:/);

  execFileSync('npm', ['run', 'backup'], {
    cwd: path.resolve(testInfo.project.testDir, '../../..'),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: 'pipe',
  });
  await page.reload();
  await expect(card).toHaveText(
    /^Último backup: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(\d+(,\d)? (KB|MB)\)$/,
  );
  await expect(card.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('backup-card.png') });

  await signIn(page, '1002', '/setusers');
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Backup' })).toHaveCount(0);
});
