import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEEP_RETIRED_ASSETS_DAYS, retireOldAssets } from './retire-old-assets.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
let root: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-web-build-'));
  await fs.mkdir(path.join(root, 'dist', 'assets'), { recursive: true });
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

const writeAssets = (...names: string[]) =>
  Promise.all(names.map((name) => fs.writeFile(path.join(root, 'dist', 'assets', name), name)));
const assets = async () => (await fs.readdir(path.join(root, 'dist', 'assets'))).sort();

/** One build at `now` whose output is `files`, as Vite runs the plugin. */
async function build(now: number, files: string[]) {
  const plugin = retireOldAssets(() => now);
  type Hooks = {
    configResolved: (config: unknown) => void;
    writeBundle: (options: unknown, bundle: Record<string, unknown>) => Promise<void>;
  };
  const hooks = plugin as unknown as Hooks;
  hooks.configResolved({ root, build: { outDir: 'dist' } });
  await hooks.writeBundle({}, Object.fromEntries(files.map((file) => [`assets/${file}`, {}])));
}

describe('the web build keeps the previous builds’ page files for a while', () => {
  it(`keeps a replaced file and its compressed twins for ${KEEP_RETIRED_ASSETS_DAYS} days after it left the build`, async () => {
    const start = Date.UTC(2026, 10, 1);
    await writeAssets('about-old.js', 'about-old.js.br', 'about-old.js.gz', 'about-new.js');
    await build(start, ['about-new.js']);
    expect(await assets()).toEqual([
      'about-new.js',
      'about-old.js',
      'about-old.js.br',
      'about-old.js.gz',
    ]);

    // A later build within the days: still there (counted from when it left, not from now).
    await build(start + (KEEP_RETIRED_ASSETS_DAYS - 1) * DAY_MS, ['about-new.js']);
    expect(await assets()).toContain('about-old.js');

    await build(start + (KEEP_RETIRED_ASSETS_DAYS + 1) * DAY_MS, ['about-new.js']);
    expect(await assets()).toEqual(['about-new.js']);
  });

  it('never deletes a file the current build wrote, however old its first retirement', async () => {
    const start = Date.UTC(2026, 10, 1);
    await writeAssets('about-a.js', 'about-b.js');
    await build(start, ['about-b.js']);
    // The page's code went back to what it was: the same file is part of the build again.
    await build(start + 30 * DAY_MS, ['about-a.js']);
    expect(await assets()).toEqual(['about-a.js', 'about-b.js']);
    await build(start + 31 * DAY_MS, ['about-a.js']);
    expect(await assets()).toEqual(['about-a.js', 'about-b.js']);
  });
});
