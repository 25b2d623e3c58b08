// The HTTPS grade test (e2e/tests/https-grade.spec.ts) puts Debian's nginx, as a TLS
// terminator with a certificate made by openssl, in front of a real Basha, and grades it with
// the MDN HTTP Observatory's own scanner. This finds or installs those three, or says which
// command does.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDebianPackages } from './debian-packages.mjs';

export const NGINX = '/usr/sbin/nginx';
export const OPENSSL = '/usr/bin/openssl';
const PACKAGES = ['nginx-light', 'openssl'];

const OBSERVATORY_PACKAGE = '@mdn/mdn-http-observatory@1.4.8';
const ROOT = path.resolve(import.meta.dirname, '..');
/** Outside the workspaces: the package cannot be a dependency (see installObservatory). */
export const OBSERVATORY_DIR = path.join(ROOT, 'node_modules/.cache/basha-https-grade');
/** The scanner's command-line entry: prints the scan's JSON for a host[:port]. */
export const OBSERVATORY_SCAN = path.join(
  OBSERVATORY_DIR,
  'node_modules/@mdn/mdn-http-observatory/src/scan.js',
);

const HSTS_PRELOAD_LIST = path.join(
  OBSERVATORY_DIR,
  'node_modules/@mdn/mdn-http-observatory/conf/hsts-preload.json',
);

/**
 * Resolves with what is missing after trying to install it (empty when all is there). The
 * scanner is normally there already, installed by `npm install` (scripts/postinstall.mjs);
 * otherwise its install (npm, about 11 s) runs in the background: `npm test` starts it before
 * its first suite and waits for it only before the journeys.
 */
export async function ensureHttpsGradeTools() {
  const missing = await ensureDebianPackages(
    PACKAGES,
    'the HTTPS grade test',
    () => fs.existsSync(NGINX) && fs.existsSync(OPENSSL),
  );
  if (!observatoryReady()) await installObservatory();
  if (!observatoryReady()) {
    missing.push(
      `node -e "import('./scripts/test-https-grade.mjs').then(m => m.installObservatory())"`,
    );
  }
  return missing;
}

/**
 * The scanner's install scripts download Chromium's HSTS preload list and a TLD list (and one
 * dependency a CA bundle) from hosts a test machine may not reach, so it is installed apart
 * from the workspaces, without scripts. The preload list only tells the grader which public
 * domains browsers preload; loopback is on none, so an empty list grades it the same.
 */
export async function installObservatory() {
  fs.mkdirSync(OBSERVATORY_DIR, { recursive: true });
  // The project's own overrides (package.json) apply here too: light-my-request, under the
  // scanner's Fastify, asks for cookie@2, which declares Node >= 22 and makes npm warn on 20.
  const { overrides } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  fs.writeFileSync(
    path.join(OBSERVATORY_DIR, 'package.json'),
    `${JSON.stringify({ name: 'basha-https-grade', private: true, overrides }, null, 2)}\n`,
  );
  console.log(`Installing ${OBSERVATORY_PACKAGE} for the HTTPS grade test…`);
  // Its output goes to a file, shown if it fails: it would interleave with a suite's beside it.
  const logFile = path.join(OBSERVATORY_DIR, 'install.log');
  const log = fs.openSync(logFile, 'w');
  const exitCode = await new Promise((resolve) => {
    const install = spawn(
      'npm',
      ['install', '--ignore-scripts', '--no-audit', '--no-fund', OBSERVATORY_PACKAGE],
      { cwd: OBSERVATORY_DIR, stdio: ['ignore', log, log] },
    );
    install.on('error', () => resolve(-1));
    install.on('exit', (code) => resolve(code));
  });
  fs.closeSync(log);
  if (exitCode !== 0) {
    console.error(`Installing ${OBSERVATORY_PACKAGE} failed:\n${fs.readFileSync(logFile, 'utf8')}`);
    return;
  }
  if (!fs.existsSync(HSTS_PRELOAD_LIST)) fs.writeFileSync(HSTS_PRELOAD_LIST, '{}\n');
}

export function observatoryReady() {
  return fs.existsSync(OBSERVATORY_SCAN) && fs.existsSync(HSTS_PRELOAD_LIST);
}
