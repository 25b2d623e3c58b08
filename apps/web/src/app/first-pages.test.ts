import fs from 'node:fs';
import path from 'node:path';
import { type FirstPage, firstPages } from '@basha/domain';
import { describe, expect, it } from 'vitest';

const webRoot = path.resolve(import.meta.dirname, '../..');
const routerSource = fs.readFileSync(path.join(import.meta.dirname, 'router.tsx'), 'utf8');

// The server names a page's chunk (modulepreload) by the module the table gives, looked up in
// the build's manifest; the router loads the page by a literal import() Vite can split on.
describe("the page table's page modules", () => {
  for (const [name, page] of Object.entries(firstPages) as [string, FirstPage][]) {
    if (!page.pageModule) continue;
    it(`${name}: the module exists and the router loads the page from it`, () => {
      expect(fs.existsSync(path.join(webRoot, page.pageModule ?? ''))).toBe(true);
      const fromRouter = `./${path.posix.relative('src/app', page.pageModule ?? '')}`;
      expect(routerSource).toContain(`import('${fromRouter}')`);
    });
  }
});
