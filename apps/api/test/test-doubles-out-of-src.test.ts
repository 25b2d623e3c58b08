// Structure rule: test doubles and kits live outside `src` (apps/api/test, apps/web/testing),
// and production code never imports them, so a fake cannot end up serving real users.
// Biome's noRestrictedImports (biome.json) flags the same imports in an editor; this test is
// the rule that cannot be switched off by a lint override.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The apps whose `src` is production code, with the folders that hold their test helpers. */
const apps = [
  { root: 'apps/api', testOnly: ['test', 'testing'] },
  { root: 'apps/web', testOnly: ['test', 'testing'] },
];

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !isTestFile(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every module specifier a file names: static imports, re-exports and dynamic imports. */
function specifiers(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1] as string);
}

/** `file imports specifier` for every import of a production file that reaches a test folder. */
function importsOfTestHelpers(app: (typeof apps)[number]): string[] {
  const appRoot = path.join(repo, app.root);
  const forbidden = app.testOnly.map((folder) => path.join(appRoot, folder) + path.sep);
  return productionFiles(path.join(appRoot, 'src')).flatMap((file) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .filter((specifier) => {
        const target = path.resolve(path.dirname(file), specifier);
        return forbidden.some((folder) => target.startsWith(folder));
      })
      .map((specifier) => `${path.relative(repo, file)} imports ${specifier}`),
  );
}

describe('test doubles stay out of production code', () => {
  for (const app of apps) {
    it(`no file in ${app.root}/src (tests excepted) imports ${app.testOnly.join(' or ')}`, () => {
      expect(importsOfTestHelpers(app)).toEqual([]);
    });

    it(`${app.root}/src holds no test kit or fake`, () => {
      const helpers = productionFiles(path.join(repo, app.root, 'src'))
        .map((file) => path.relative(repo, file))
        .filter((file) => /(?:test-kit|^fake-|\/fake-)[^/]*\.tsx?$/.test(file));
      expect(helpers).toEqual([]);
    });
  }

  it('finds an import that reaches a test folder (the scan itself works)', () => {
    expect(specifiers("import { a } from '../../test/kit.ts';\nexport * from './b.ts';")).toEqual([
      '../../test/kit.ts',
      './b.ts',
    ]);
  });
});
