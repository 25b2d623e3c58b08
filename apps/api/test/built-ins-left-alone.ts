import { afterAll, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file runs in a process of its own (vitest.config.ts, OWN_PROCESS). */
    builtInsMayChange?: boolean;
  }
}

// Test files share each worker's module graph and globals (vitest.config.ts, isolate: false),
// so a library that gives a built-in prototype an enumerable property as it loads changes
// every later file's `for…in` loops. Fail the file that did it, naming what it added, instead
// of a later file's answer in a way that depends on which files shared its worker.

const BUILT_INS = { Object, Array, Function, String, Number, Promise } as const;

/** Every enumerable property on a built-in prototype, as `Array.prototype.random`. */
function enumerableOnPrototypes(): string[] {
  return Object.entries(BUILT_INS).flatMap(([name, builtIn]) => {
    const names: string[] = [];
    for (const key in builtIn.prototype) names.push(`${name}.prototype.${key}`);
    return names;
  });
}

// Setup files run before each test file is imported, so this sees the prototypes as the
// previous files left them.
const before = new Set(enumerableOnPrototypes());

afterAll(() => {
  if (inject('builtInsMayChange')) return;
  const added = enumerableOnPrototypes().filter((key) => !before.has(key));
  if (added.length > 0) {
    throw new Error(
      `This file (or a library it loads) added ${added.join(', ')}: later files in its worker ` +
        'would meet them in every for…in. List it in OWN_PROCESS in vitest.config.ts.',
    );
  }
});
