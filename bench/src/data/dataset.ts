import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  type DatabaseHandle,
  openEmbeddedDatabase,
  openPostgresDatabase,
} from '../../../apps/api/src/db/client.ts';
import { BENCH_ROOT } from '../paths.ts';
import { createBenchAssets } from './bench-assets.ts';
import { generationSteps } from './generate-sql.ts';
import { loadInOneTransaction, type StepTiming } from './load.ts';
import { benchIdSql, type Scale, scaleFor } from './scale.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** Where a generated marketplace lives: the API's DATA_DIR (media, and PGlite's db/). */
export type Dataset = {
  kind: DatabaseKind;
  listings: number;
  dataDir: string;
  /** PostgreSQL only. */
  databaseUrl: string | undefined;
};

/** What the generator wrote, kept beside the data so a later run can reuse it. */
export type DatasetInfo = {
  kind: DatabaseKind;
  scale: Scale;
  photoKeys: string[];
  generatedAt: string;
  seconds: number;
  steps: StepTiming[];
};

export const DEFAULT_POSTGRES_URL = 'postgres://basha_test:basha_test@127.0.0.1:5432/basha_bench';

export function datasetFor(
  kind: DatabaseKind,
  listings: number,
  overrides: { dataDir?: string; databaseUrl?: string } = {},
): Dataset {
  const databaseUrl =
    kind === 'postgres'
      ? (overrides.databaseUrl ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL)
      : undefined;
  return {
    kind,
    listings,
    dataDir: path.resolve(
      overrides.dataDir ?? path.join(BENCH_ROOT, 'data', dataDirName(kind, listings, databaseUrl)),
    ),
    databaseUrl,
  };
}

/**
 * `<kind>-<listings>`, and for a PostgreSQL database other than the default its name after:
 * each database keeps its own record and photos, so runs that alternate between two do not
 * take each other's set for stale and generate it again.
 */
function dataDirName(kind: DatabaseKind, listings: number, databaseUrl: string | undefined) {
  const database = databaseUrl ? databaseNameOf(databaseUrl) : undefined;
  return database && database !== databaseNameOf(DEFAULT_POSTGRES_URL)
    ? `${kind}-${listings}-${database}`
    : `${kind}-${listings}`;
}

const databaseNameOf = (url: string) => new URL(url).pathname.slice(1);

const infoFile = (dataset: Dataset) => path.join(dataset.dataDir, 'bench-data.json');

export async function readDatasetInfo(dataset: Dataset): Promise<DatasetInfo | null> {
  try {
    const info = JSON.parse(await fs.readFile(infoFile(dataset), 'utf8')) as DatasetInfo;
    return info.kind === dataset.kind && info.scale.listings === dataset.listings ? info : null;
  } catch {
    return null;
  }
}

export function openDataset(dataset: Dataset): Promise<DatabaseHandle> {
  return dataset.kind === 'postgres'
    ? openPostgresDatabase(requireUrl(dataset))
    : openEmbeddedDatabase({ dataDir: path.join(dataset.dataDir, 'db'), fsync: false });
}

type GenerateOptions = { photos?: number; log?: (line: string) => void };

/**
 * Generates the marketplace from scratch: an empty database (PostgreSQL: dropped and
 * created again; PGlite: a new data directory), migrations, photos, then the bulk load.
 * Returns the database still open, so the caller can go on without a second start-up.
 */
async function generateOpen(
  dataset: Dataset,
  options: GenerateOptions,
): Promise<{ handle: DatabaseHandle; info: DatasetInfo }> {
  const log = options.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  await fs.rm(dataset.dataDir, { recursive: true, force: true });
  await fs.mkdir(dataset.dataDir, { recursive: true });
  if (dataset.kind === 'postgres') await recreatePostgresDatabase(requireUrl(dataset));

  const handle = await openDataset(dataset);
  try {
    log(`Generating ${dataset.listings} listings on ${dataset.kind} into ${dataset.dataDir}`);
    await handle.migrate();
    log(`  ${secondsSince(started).padStart(6)} s  open and migrated`);
    const assets = await createBenchAssets(
      path.join(dataset.dataDir, 'media'),
      options.photos ?? 5,
    );
    log(`  ${secondsSince(started).padStart(6)} s  photos, avatars and the password hash`);
    const scale = scaleFor(dataset.listings);
    const steps = await loadInOneTransaction(handle.db, generationSteps(scale, assets), {
      maintenanceWorkMem: dataset.kind === 'postgres' ? '512MB' : '128MB',
      log,
    });
    const info: DatasetInfo = {
      kind: dataset.kind,
      scale,
      photoKeys: assets.photos.map((p) => p.photoKey),
      generatedAt: new Date().toISOString(),
      seconds: (performance.now() - started) / 1000,
      steps,
    };
    await fs.writeFile(infoFile(dataset), `${JSON.stringify(info, null, 2)}\n`);
    log(`Generated in ${info.seconds.toFixed(1)} s`);
    return { handle, info };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export async function generateDataset(
  dataset: Dataset,
  options: GenerateOptions = {},
): Promise<DatasetInfo> {
  const { handle, info } = await generateOpen(dataset, options);
  await handle.close();
  return info;
}

/**
 * Opens a dataset generated earlier for the same database and size, or generates it.
 * The caller closes the handle (PGlite admits one process at a time).
 */
export async function openOrGenerateDataset(
  dataset: Dataset,
  options: GenerateOptions & { fresh?: boolean } = {},
): Promise<{ handle: DatabaseHandle; info: DatasetInfo }> {
  const existing = options.fresh ? null : await readDatasetInfo(dataset);
  if (existing && (await databaseStillHolds(dataset, existing))) {
    return { handle: await openDataset(dataset), info: existing };
  }
  return generateOpen(dataset, options);
}

/** The PostgreSQL database may have been dropped or refilled since the info file was written. */
async function databaseStillHolds(dataset: Dataset, info: DatasetInfo): Promise<boolean> {
  if (dataset.kind === 'pglite') return true;
  const client = new pg.Client({ connectionString: requireUrl(dataset) });
  try {
    await client.connect();
    const result = await client.query<{ photo_key: string; listings: string }>(
      `SELECT (SELECT photo_key FROM listings WHERE id = ${benchIdSql('listing', '1')}),
              (SELECT count(*) FROM listings) AS listings`,
    );
    const row = result.rows[0];
    return (
      row !== undefined &&
      info.photoKeys.includes(row.photo_key) &&
      Number(row.listings) === info.scale.listings
    );
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function recreatePostgresDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = databaseNameOf(databaseUrl);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || !name.startsWith('basha_bench')) {
    // A destructive step: refuse anything that is not clearly a benchmark database.
    throw new Error(`Refusing to drop "${name}": benchmark databases are named basha_bench*.`);
  }
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

const secondsSince = (start: number) => ((performance.now() - start) / 1000).toFixed(1);

function requireUrl(dataset: Dataset): string {
  if (!dataset.databaseUrl) throw new Error('a PostgreSQL dataset needs a database URL');
  return dataset.databaseUrl;
}
