// The end-to-end suite drives Debian's Chromium (Playwright cannot download browsers here).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    console.log(
      'Installing Debian Chromium for the end-to-end tests (apt-get install -y chromium)…',
    );
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {}
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.error(
      '\nnpm test needs Chromium for the end-to-end suite. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n',
    );
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}
