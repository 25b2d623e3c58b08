import type { Locale } from './define-messages.ts';
import { type Catalog, englishCatalog } from './english-catalog.ts';

const loaded: Partial<Record<Locale, Catalog>> = { en: englishCatalog };

/** A language's catalog if it is here already (English always is). */
export function loadedCatalog(locale: Locale): Catalog | undefined {
  return loaded[locale];
}

/**
 * A language's catalog, downloaded on first use: English is part of the app, Bangla a chunk
 * of its own (more than half of the texts' bytes), so English readers never download it.
 */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  const here = loaded[locale];
  if (here) return here;
  const { banglaCatalog } = await import('./bangla-catalog.ts');
  loaded.bn = banglaCatalog;
  return banglaCatalog;
}
