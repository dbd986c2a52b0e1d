import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { testChromium } from './e2e/support/chromium.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 3311);
/**
 * The e2e server's DATA_DIR: wiped at every run; tests read e-mails from its outbox. E2E_DATA_DIR
 * (with E2E_PORT) lets two runs on one machine stay apart.
 */
export const E2E_DATA_DIR = path.resolve(
  process.env.E2E_DATA_DIR ?? path.resolve(here, '../../.tmp/e2e-data'),
);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;

const chromium = testChromium();

export default defineConfig({
  testDir: './e2e',
  // One server and one database for the whole run: journeys run one after another.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Says which Chromium the run uses (and fails the run, saying why, when it does not start).
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: path.resolve(process.env.E2E_OUTPUT_DIR ?? path.resolve(here, '../../.tmp/e2e-results')),
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    launchOptions: { executablePath: chromium.executablePath, args: chromium.args },
    // With the theme's respectReducedMotion: no transitions to race (apps/web/src/app/theme.ts).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    // 1003's first sign-in and policy acceptance must happen before any other journey signs him in.
    { name: 'first-access', testMatch: /first-access\.spec\.ts/, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'journeys',
      testIgnore: /first-access\.spec\.ts/,
      grepInvert: /@phone-only/,
      dependencies: ['first-access'],
      use: { ...devices['Desktop Chrome'] },
    },
    // The journeys tagged @phone again on a 390×844 touch screen (a chosen subset: running every
    // journey twice would double the e2e time), and the phone-only ones (@phone-only).
    {
      name: 'phone',
      testIgnore: /first-access\.spec\.ts/,
      grep: /@phone/,
      dependencies: ['first-access'],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && npx tsx ../server/src/main.ts`,
    cwd: here,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      IT_EMAIL: 'ti@rotasul.com.br',
      // Journeys sign in many times from one address; the limiter itself is covered by API tests.
      RATE_LIMIT_LOGIN_PER_USER: '1000',
      RATE_LIMIT_LOGIN_PER_IP: '10000',
    },
  },
});
