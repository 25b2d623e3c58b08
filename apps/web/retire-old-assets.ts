import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** How long a previous build's page files stay servable after a newer build replaced them. */
export const KEEP_RETIRED_ASSETS_DAYS = 7;
const KEEP_MS = KEEP_RETIRED_ASSETS_DAYS * 24 * 60 * 60 * 1000;
/** When each file of an earlier build left the build (under .vite/: the server hides it). */
const LEDGER = '.vite/retired-assets.json';

type Ledger = Record<string, number>;

/**
 * Keeps the previous builds' fingerprinted files under assets/ for KEEP_RETIRED_ASSETS_DAYS
 * instead of wiping them (the build no longer empties its folder): a tab opened before a
 * deploy still finds the page files its old code asks for. The days count from when a file
 * left the build, recorded in a ledger; then it is deleted.
 */
export function retireOldAssets(now = () => Date.now()): Plugin {
  let outDir = 'dist';
  return {
    name: 'basha:retire-old-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const current = new Set(Object.keys(bundle).map((file) => file.split('/').join(path.sep)));
      const assetsDir = path.join(outDir, 'assets');
      const files = await fs.readdir(assetsDir).catch(() => []);
      const ledger = await readLedger(outDir);
      const kept: Ledger = {};
      for (const name of files) {
        const file = path.join('assets', name);
        // Compressed twins (.br, .gz, written by precompress.ts) follow their file.
        if (current.has(file.replace(/\.(br|gz)$/, ''))) continue;
        const retiredAt = ledger[file] ?? now();
        if (now() - retiredAt > KEEP_MS) await fs.rm(path.join(outDir, file), { force: true });
        else kept[file] = retiredAt;
      }
      await fs.mkdir(path.dirname(path.join(outDir, LEDGER)), { recursive: true });
      await fs.writeFile(path.join(outDir, LEDGER), `${JSON.stringify(kept, null, 2)}\n`);
    },
  };
}

async function readLedger(outDir: string): Promise<Ledger> {
  try {
    return JSON.parse(await fs.readFile(path.join(outDir, LEDGER), 'utf8')) as Ledger;
  } catch {
    return {};
  }
}
