// Structure rule: a feature's query keys are built from its root in `features/<name>/api/keys.ts`;
// a key written out as a value anywhere else would silently stop being refreshed when the
// root's invalidation runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { queryRoots } from './query-keys.ts';

const features = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../features');

function sourceFiles(): string[] {
  return readdirSync(features, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('query keys', () => {
  it('gives every feature a root of its own', () => {
    const roots = Object.values(queryRoots).map((root) => root.join('/'));
    expect(new Set(roots).size).toBe(roots.length);
  });

  it('writes no key as a literal outside the roots', () => {
    const literalKeys = sourceFiles()
      .filter((file) =>
        /queryKey:\s*\[\s*['"]|=\s*\[\s*['"][\w-]+['"]\s*\]\s*as const/.test(
          readFileSync(file, 'utf8'),
        ),
      )
      .map((file) => path.relative(features, file));
    expect(literalKeys).toEqual([]);
  });

  it('every feature with queries exports its keys from api/keys.ts', () => {
    const usesQueries = new Set(
      sourceFiles()
        .filter((file) => file.includes(`${path.sep}api${path.sep}`))
        .filter((file) => /queryKey:/.test(readFileSync(file, 'utf8')))
        .map((file) => path.relative(features, file).split(path.sep)[0]),
    );
    const withKeys = [...usesQueries].filter((name) =>
      existsSync(path.join(features, name as string, 'api', 'keys.ts')),
    );
    expect([...usesQueries].filter((name) => !withKeys.includes(name as string))).toEqual([]);
  });
});
