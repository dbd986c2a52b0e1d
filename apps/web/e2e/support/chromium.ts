/** The Chromium the journeys run in: the machine's, else the one that comes with @sparticuz/chromium. */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import npmPackage from '@sparticuz/chromium';
import { z } from 'zod';

export interface TestChromium {
  executablePath: string;
  args: string[];
  /** Where it comes from: its path, or the npm package and version. */
  origin: string;
}

const MACHINE_CHROMIUM = '/usr/bin/chromium';
const NPM_PACKAGE = '@sparticuz/chromium';

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Flags of `chromium.args` the journeys leave out: they exist for AWS Lambda (`--single-process`
 * against its seccomp rules) or switch off the browser's own protections (same-origin policy,
 * mixed content), which would let a journey pass where a person's browser fails.
 */
const npmArgsLeftOut = new Set([
  '--single-process',
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
]);

/**
 * E2E_CHROMIUM names an executable, or `npm` for @sparticuz/chromium; unset, /usr/bin/chromium
 * when the machine has it, else @sparticuz/chromium. Throws, saying why, when there is none.
 */
export function testChromium(choice = process.env.E2E_CHROMIUM): TestChromium {
  if (choice === 'npm') return npmChromium('E2E_CHROMIUM=npm');
  if (choice) {
    if (!isExecutable(choice)) throw new Error(`Chromium: E2E_CHROMIUM=${choice} is not an executable file`);
    return { executablePath: choice, args, origin: choice };
  }
  if (isExecutable(MACHINE_CHROMIUM))
    return { executablePath: MACHINE_CHROMIUM, args, origin: MACHINE_CHROMIUM };
  return npmChromium(`no ${MACHINE_CHROMIUM}`);
}

/** `Chromium: <origin> (Chromium 143.0.7499.0)`, running the browser once to prove it starts. */
export function describeChromium(chromium: TestChromium): string {
  const run = spawnSync(chromium.executablePath, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (run.status !== 0) {
    throw new Error(
      `Chromium: ${chromium.origin} does not start (${chromium.executablePath}): ${(run.stderr || String(run.error)).trim()}`,
    );
  }
  return `Chromium: ${chromium.origin} (${run.stdout.trim()})`;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The package ships Chromium brotli-compressed and unpacks it into TMPDIR. It is unpacked once per
 * version into its own folder under the system's temporary folder (a staging folder renamed into
 * place, so a run never sees a half-written browser of another), in a child process so the config
 * stays synchronous and this process's TMPDIR untouched.
 */
function npmChromium(why: string): TestChromium {
  const entry = createRequire(import.meta.url).resolve(NPM_PACKAGE);
  const manifest = path.resolve(path.dirname(entry), '..', '..', 'package.json');
  const { version } = z.object({ version: z.string() }).parse(JSON.parse(fs.readFileSync(manifest, 'utf8')));
  const npmArgs = npmPackage.args.filter((flag) => !npmArgsLeftOut.has(flag));
  const origin = `${NPM_PACKAGE} ${version}`;

  const dir = path.join(os.tmpdir(), `intranet-chromium-${version}`);
  const executablePath = path.join(dir, 'chromium');
  if (!fs.existsSync(executablePath)) {
    const staging = fs.mkdtempSync(`${dir}-unpacking-`);
    try {
      execFileSync(process.execPath, ['-e', 'require(process.argv[1]).executablePath()', entry], {
        env: { ...process.env, TMPDIR: staging },
        stdio: 'pipe',
      });
      fs.renameSync(staging, dir);
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      // Another run may have put its copy in place first; anything else is a failure.
      if (!fs.existsSync(executablePath)) {
        throw new Error(`Chromium: ${why} and ${origin} could not be unpacked: ${String(error)}`);
      }
    }
  }
  return { executablePath, args: [...npmArgs, ...args], origin };
}
