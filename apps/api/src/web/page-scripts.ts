import fs from 'node:fs';
import path from 'node:path';

/** One chunk in the manifest Vite writes with `build.manifest` (`.vite/manifest.json`). */
type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/** The script files a page module needs beyond what index.html already loads. */
export type PageScripts = (pageModule: string) => string[];

/**
 * Reads the build's manifest once. A page in a chunk of its own is fetched only once the
 * entry script has run; naming its files in the page (modulepreload) lets them download
 * alongside the entry instead. Without a manifest (an older build) no page names any.
 */
export function readPageScripts(distDir: string): PageScripts {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const closureOf = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return seen;
  };
  const loadedByIndex = closureOf(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  return (pageModule) =>
    [...closureOf([pageModule])]
      .filter((key) => !loadedByIndex.has(key))
      .map((key) => `/${manifest[key]?.file}`);
}
