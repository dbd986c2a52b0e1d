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

/**
 * The walks (decision 0111), accessibility and menus, read every screen and change nothing, so they
 * run beside the journeys, in a second worker, on a server and database of their own.
 */
const WALKS_PORT = PORT + 1;
const WALKS_DATA_DIR = `${E2E_DATA_DIR}-walks`;
const WALK_SPECS = /(accessibility|menus)\.spec\.ts/;
const FIRST_ACCESS_SPEC = /first-access\.spec\.ts/;
/** Journeys on an installation of their own (support/own-server.ts): no use of the shared server. */
const OWN_SERVER_SPECS = /(first-admin|go-live)\.spec\.ts/;
/**
 * The journeys that read no outbox and share no record with the others run on a second journeys
 * server, in the worker the walks leave free: one worker alone took 19 of the run's 23 minutes.
 */
const SECOND_SERVER_PORT = PORT + 2;
const SECOND_SERVER_DATA_DIR = `${E2E_DATA_DIR}-second`;
const SECOND_SERVER_SPECS =
  /(session|home|ux|inputs|tables|toasts|page-loading|failing-parts|notifications)\.spec\.ts/;
const phone = {
  ...devices['Desktop Chrome'],
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** A server of the e2e run: demo data in a DATA_DIR wiped at every run. */
function server(port: number, dataDir: string) {
  return {
    command: `rm -rf "${dataDir}" && npx tsx ../server/src/main.ts`,
    cwd: here,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      IT_EMAIL: 'ti@rotasul.com.br',
      // Journeys sign in many times from one address; the limiter itself is covered by API tests.
      RATE_LIMIT_LOGIN_PER_USER: '1000',
      RATE_LIMIT_LOGIN_PER_IP: '10000',
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  // The journeys share one server and database and run one after another (each of their projects
  // has one worker); the walks take the second worker, on their own server.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Decision 0111: CI's machine is slower than ours, and two busy workers share two cores.
  timeout: 60_000,
  expect: { timeout: 15_000 },
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
    // A failure keeps its trace of actions, network and page snapshots, without the screencast: its
    // frames took a third of the run's time (17 journeys: 187–209 s with it, 134 s without).
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    // 1003's first sign-in and policy acceptance must happen before any other journey signs him in.
    {
      name: 'first-access',
      testMatch: FIRST_ACCESS_SPEC,
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'journeys',
      testIgnore: [FIRST_ACCESS_SPEC, WALK_SPECS, OWN_SERVER_SPECS, SECOND_SERVER_SPECS],
      grepInvert: /@phone-only/,
      dependencies: ['first-access'],
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
    },
    // The journeys tagged @phone again on a 390×844 touch screen (a chosen subset: running every
    // journey twice would double the e2e time), and the phone-only ones (@phone-only). After the
    // desktop journeys: they share the server.
    {
      name: 'phone',
      testIgnore: [FIRST_ACCESS_SPEC, WALK_SPECS, OWN_SERVER_SPECS, SECOND_SERVER_SPECS],
      grep: /@phone/,
      dependencies: ['journeys'],
      workers: 1,
      use: phone,
    },
    // The second journeys server: its own first access, its journeys, then their phone runs.
    {
      name: 'second-first-access',
      testMatch: FIRST_ACCESS_SPEC,
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${SECOND_SERVER_PORT}` },
    },
    {
      name: 'second-journeys',
      testMatch: SECOND_SERVER_SPECS,
      grepInvert: /@phone-only/,
      dependencies: ['second-first-access'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${SECOND_SERVER_PORT}` },
    },
    {
      name: 'second-phone',
      testMatch: SECOND_SERVER_SPECS,
      grep: /@phone/,
      dependencies: ['second-journeys'],
      workers: 1,
      use: { ...phone, baseURL: `http://127.0.0.1:${SECOND_SERVER_PORT}` },
    },
    // The walks' own server: 1003's first access there too. Playwright starts a project once every
    // project of the layer before has ended, so what follows depends on that first access alone and
    // runs while the desktop journeys do.
    {
      name: 'walks-first-access',
      testMatch: FIRST_ACCESS_SPEC,
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${WALKS_PORT}` },
    },
    // The journeys that start a server of their own (a company's first start without the demo)
    // first: short, so the long walks after them fill whichever worker frees first.
    {
      name: 'own-servers',
      testMatch: OWN_SERVER_SPECS,
      dependencies: ['walks-first-access'],
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'own-servers-phone',
      testMatch: OWN_SERVER_SPECS,
      grep: /@phone/,
      dependencies: ['walks-first-access'],
      workers: 1,
      use: phone,
    },
    // The walks only read: once the journeys are done, both workers may walk at the same time.
    {
      name: 'walks',
      testMatch: WALK_SPECS,
      dependencies: ['walks-first-access'],
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${WALKS_PORT}` },
    },
    {
      name: 'walks-phone',
      testMatch: WALK_SPECS,
      grep: /@phone/,
      dependencies: ['walks-first-access'],
      use: { ...phone, baseURL: `http://127.0.0.1:${WALKS_PORT}` },
    },
  ],
  webServer: [
    server(PORT, E2E_DATA_DIR),
    server(WALKS_PORT, WALKS_DATA_DIR),
    server(SECOND_SERVER_PORT, SECOND_SERVER_DATA_DIR),
  ],
});
