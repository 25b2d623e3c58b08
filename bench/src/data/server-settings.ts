import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../apps/api/src/db/client.ts';

// The database server's own settings that move the figures most, recorded beside them. On the
// 1 M set the listings' indexes measure about 3.3 GB: with PostgreSQL's default 128 MB of
// shared buffers every search reads its index pages through the kernel, and without huge
// pages each connection pays a page fault the first time it touches each 4 KB of a large
// buffer pool (bench/HARNESS.md, "The PostgreSQL server").

const SETTINGS = ['shared_buffers', 'huge_pages', 'work_mem', 'effective_cache_size'];

export type ServerSettings = Record<string, string>;

/** PostgreSQL's settings above as it prints them ("6GB"), and the machine's huge pages in use. */
export async function postgresServerSettings(db: Database): Promise<ServerSettings> {
  const result = (await db.execute(
    sql`select name, current_setting(name) as value from pg_settings where name = any(${sql.param(SETTINGS)}::text[])`,
  )) as unknown as { rows: { name: string; value: string }[] };
  const settings: ServerSettings = {};
  for (const row of result.rows) settings[row.name] = row.value;
  settings.hugePagesInUse = hugePagesInUse();
  return settings;
}

/** Huge pages taken on the machine (HugePages_Total − HugePages_Free), from /proc/meminfo. */
function hugePagesInUse(): string {
  try {
    const meminfo = fs.readFileSync('/proc/meminfo', 'utf8');
    const value = (name: string) =>
      Number(new RegExp(`${name}:\\s+(\\d+)`).exec(meminfo)?.[1] ?? 0);
    const size = value('Hugepagesize');
    return `${value('HugePages_Total') - value('HugePages_Free')} of ${value('HugePages_Total')} (${size} kB each)`;
  } catch {
    return 'unknown';
  }
}

export function formatServerSettings(settings: ServerSettings): string {
  return `PostgreSQL: ${Object.entries(settings)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ')}`;
}
