// Installs Debian packages a test suite needs, when running as root (as on CI and the
// project's machines); otherwise the caller prints the command for the user to run.
import { execFileSync } from 'node:child_process';

export function installDebianPackages(packages, purpose) {
  if (process.getuid?.() !== 0) return;
  console.log(
    `Installing Debian packages for ${purpose} (apt-get install -y ${packages.join(' ')})…`,
  );
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {}
}
