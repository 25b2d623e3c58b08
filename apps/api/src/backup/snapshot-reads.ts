import { mediaKeyOf } from '../media/storage.ts';
import { listingPhotoKeys } from '../modules/listings/listing-photo.ts';

/** Runs one SQL statement inside the backup's snapshot and returns its rows. */
export type SnapshotQuery = (sql: string) => Promise<Array<Record<string, unknown>>>;

/** The schemas a backup holds: the app's tables and drizzle's record of migrations. */
const SCHEMAS = ['public', 'drizzle'];

/** Rows per table (`schema.table`), as the snapshot sees them. */
export async function countRows(query: SnapshotQuery): Promise<Record<string, number>> {
  const tables = await query(
    `select table_schema, table_name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in (${SCHEMAS.map((s) => `'${s}'`).join(', ')})
     order by table_schema, table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_schema, table_name } of tables) {
    const name = `${quoteIdentifier(String(table_schema))}.${quoteIdentifier(String(table_name))}`;
    const [row] = await query(`select count(*)::int as n from ${name}`);
    counts[`${table_schema}.${table_name}`] = Number(row?.n);
  }
  return counts;
}

/** Every media key a row of the snapshot points at: profile photos and listing photos (galleries and uploads). */
export async function referencedMediaKeys(query: SnapshotQuery): Promise<string[]> {
  const keys = new Set<string>();
  for (const { image } of await query(`select image from users where image is not null`)) {
    const key = mediaKeyOf(String(image));
    if (key) keys.add(key);
  }
  // A backup taken before migration 0008 holds the same table under its old name.
  const [listings] = await query(
    `select coalesce(to_regclass('public.listings'), to_regclass('public.properties'))::text as name`,
  );
  for (const { photo_key } of await query(`select photo_key from ${String(listings?.name)}`)) {
    for (const key of listingPhotoKeys(String(photo_key))) keys.add(key);
  }
  // Every gallery photo (migration 0012), and photos uploaded for a listing not yet added
  // (0018): a restore brings back the rows, so it must bring back their files.
  for (const table of ['listing_photos', 'listing_photo_uploads']) {
    const [exists] = await query(`select to_regclass('public.${table}') is not null as yes`);
    if (!exists?.yes) continue;
    for (const { photo_key } of await query(`select photo_key from ${table}`)) {
      for (const key of listingPhotoKeys(String(photo_key))) keys.add(key);
    }
  }
  return [...keys].sort();
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
