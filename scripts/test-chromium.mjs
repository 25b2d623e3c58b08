// The end-to-end suite drives Debian's Chromium headless shell (Playwright cannot download
// browsers here; the shell is the build Playwright itself runs headless), with a Bengali font
// so Bangla pages render as readers see them (screenshots included). The full browser drew
// every frame through a software GPU process: the same 68 journeys took 697 s with it and
// 552 s with the shell on this 2-core machine.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { installDebianPackages } from './debian-packages.mjs';

export const CHROMIUM = '/usr/bin/chromium-headless-shell';
const PACKAGES = ['chromium-headless-shell', 'fonts-lohit-beng-bengali'];

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM) && hasBengaliFont()) return;
  installDebianPackages(PACKAGES, 'the end-to-end tests');
  if (!fs.existsSync(CHROMIUM)) {
    console.error(
      `\nnpm test needs Chromium's headless shell for the end-to-end suite. Install it with:\n  sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')}\n`,
    );
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

function hasBengaliFont() {
  try {
    return execFileSync('fc-list', [':lang=bn'], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}
