// Installs Debian packages a test suite needs, when running as root (as on CI and the
// project's machines); otherwise the caller prints the command for the user to run. It runs in
// the background (`npm test` starts its first suites meanwhile: on a fresh machine apt mostly
// waits on the network), one apt at a time (dpkg takes no second), and reads the package lists
// once a run.
import { spawn } from 'node:child_process';

let previous = Promise.resolve();
let listsRead = false;

/**
 * Installs `packages` unless `present()` holds already, and resolves with what is still
 * missing then: nothing, or the command that installs them.
 */
export async function ensureDebianPackages(packages, purpose, present) {
  if (present()) return [];
  await installDebianPackages(packages, purpose);
  return present() ? [] : [`sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`];
}

/** Resolves once apt has finished, whatever its outcome: `present()` says what it gave. */
function installDebianPackages(packages, purpose) {
  if (process.getuid?.() !== 0) return Promise.resolve();
  const install = previous.then(() => aptInstall(packages, purpose));
  previous = install;
  return install;
}

async function aptInstall(packages, purpose) {
  console.log(
    `Installing Debian packages for ${purpose} (apt-get install -y ${packages.join(' ')})…`,
  );
  // Kept, and shown only if apt fails: it would interleave with a suite's output.
  const output = [];
  if (!listsRead) listsRead = (await run('apt-get', ['update', '-qq'], output)) === 0;
  const code = await run('apt-get', ['install', '-y', '-qq', ...packages], output);
  if (code !== 0) console.error(`apt-get failed:\n${Buffer.concat(output).toString()}`);
}

function run(command, args, output) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', () => resolve(-1));
    child.on('close', (code) => resolve(code));
  });
}
