// The end-to-end suite drives Debian's Chromium headless shell (Playwright cannot download
// browsers here; the shell is the build Playwright itself runs headless), with a Bengali font
// so Bangla pages render as readers see them (screenshots included). The full browser drew
// every frame through a software GPU process: the same 68 journeys took 697 s with it and
// 552 s with the shell on this 2-core machine.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureDebianPackages } from './debian-packages.mjs';

export const CHROMIUM = '/usr/bin/chromium-headless-shell';
const PACKAGES = ['chromium-headless-shell', 'fonts-lohit-beng-bengali'];

/** Resolves with what is missing after trying to install it (empty when all is there). */
export function ensureChromium() {
  return ensureDebianPackages(
    PACKAGES,
    'the end-to-end tests',
    () => fs.existsSync(CHROMIUM) && hasBengaliFont(),
  );
}

function hasBengaliFont() {
  try {
    return execFileSync('fc-list', [':lang=bn'], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}
