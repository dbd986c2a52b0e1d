import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG, SETUP_MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { freshPostgresUrl, TEST_DIALECT } from '../../test/harness.ts';
import { adminCommand } from './admin.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * A company's first start without the demo (issue 34), with the real processes: the server prints
 * the one-time set-up link; `npm run admin` makes and unlocks administrators on the same settings.
 */
describe(`first administrator without the demo: server link and admin command (${TEST_DIALECT})`, () => {
  let env: NodeJS.ProcessEnv;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-admin-'));
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: TEST_DIALECT === 'postgres' ? await freshPostgresUrl() : '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
    };
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** `npm run admin -- …` as its own process, without a terminal: the password in ADMIN_PASSWORD. */
  const adminProcess = (args: string[], password: string) => {
    const run = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: root,
      env: { ...env, ADMIN_PASSWORD: password },
      input: '',
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
  };
  /** The same command run in this process (vitest's stdin is no terminal either). */
  const admin = (args: string[], password?: string) =>
    adminCommand(args, { ...env, ADMIN_PASSWORD: password ?? '' });

  /** Starts the server, waits until it listens, and answers its port, its output so far and a stop. */
  async function startServer() {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port), PUBLIC_URL: 'https://intranet.exemplo.com.br/' },
    });
    let output = '';
    child.stdout?.on('data', (d) => {
      output += String(d);
    });
    child.stderr?.on('data', (d) => {
      output += String(d);
    });
    const deadline = Date.now() + 60_000;
    while (!output.includes('Intranet em http://localhost')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`servidor não subiu:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const stop = () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    return { base: `http://127.0.0.1:${port}`, output: () => output, stop };
  }

  it('the first start prints a one-time link under PUBLIC_URL; the link makes the first administrator', async () => {
    const server = await startServer();
    try {
      const line = server
        .output()
        .match(/https:\/\/intranet\.exemplo\.com\.br\/configuracao-inicial\/([\w-]{43})/);
      expect(line, server.output()).not.toBeNull();
      const token = line![1]!;
      // Nobody can sign in yet; the link's page opens.
      expect((await fetch(`${server.base}/api/setup/${token}`)).status).toBe(200);
      const made = await fetch(`${server.base}/api/setup/${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          matricula: '1',
          nome: 'Helena Prado Ribeiro',
          cpf: '529.982.247-25',
          email: 'helena.ribeiro@empresa.com.br',
          senha: 'primeira-senha',
        }),
      });
      expect(made.status).toBe(201);
      expect((await fetch(`${server.base}/api/setup/${token}`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('admin create and reset-password: refused input says why; the new password signs in; no link once an administrator exists', async () => {
    const fields = ['--matricula', '2', '--nome', 'Otávio Lima Freitas', '--email', 'otavio@empresa.com.br'];
    const badCpf = await admin(['create', ...fields, '--cpf', '111.111.111-11'], 'segunda-senha');
    expect(badCpf.code).toBe(1);
    expect(badCpf.err).toContain(SETUP_MSG.cpfInvalid);
    const noPassword = await admin(['create', ...fields, '--cpf', '153.509.460-56']);
    expect(noPassword.code).toBe(1);
    expect(noPassword.err).toContain('ADMIN_PASSWORD');
    const short = await admin(['create', ...fields, '--cpf', '153.509.460-56'], '123');
    expect(short.code).toBe(1);
    expect(short.err).toContain(MSG.passwordTooShort);
    const unknown = await admin(
      ['create', ...fields, '--cpf', '153.509.460-56', '--senha', 'x'],
      'segunda-senha',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Uso:');

    const made = adminProcess(['create', ...fields, '--cpf', '153.509.460-56'], 'segunda-senha');
    expect(made, made.err).toMatchObject({
      code: 0,
      out: 'Administrador 2 (Otávio Lima Freitas) cadastrado.',
    });
    const again = await admin(['create', ...fields, '--cpf', '153.509.460-56'], 'segunda-senha');
    expect(again.code).toBe(1);
    expect(again.err).toContain(MSG.userDuplicateMatricula);

    expect(await admin(['reset-password', '2'], 'senha-trocada')).toMatchObject({ code: 0 });
    const nobody = await admin(['reset-password', '999'], 'senha-trocada');
    expect(nobody).toMatchObject({ code: 1, err: 'Nenhum administrador ativo com a matrícula 999.' });

    const server = await startServer();
    try {
      expect(server.output()).not.toContain('configuracao-inicial');
      const login = (password: string) =>
        fetch(`${server.base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: '2', password }),
        });
      expect((await login('segunda-senha')).status).toBe(401);
      expect((await login('senha-trocada')).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 180_000);
});
