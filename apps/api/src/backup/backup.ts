import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from '../media/storage.ts';
import { BackupError } from './backup-error.ts';
import { type DatabaseSource, DUMP_FILES, dumpInOneSnapshot } from './database-dump.ts';
import { copyMediaOut } from './media-copy.ts';
import { countRows, referencedMediaKeys } from './snapshot-reads.ts';

/** What a backup folder's backup.json records, read back by restore. */
export type BackupManifest = {
  format: 1;
  createdAt: string;
  database: { driver: DatabaseSource['driver']; file: string };
  /** Rows per table inside the dump's snapshot: what a restore must find. */
  rows: Record<string, number>;
  media: { files: number; referenced: number };
};

export const MANIFEST_FILE = 'backup.json';
export const MEDIA_FOLDER = 'media';
const ATTEMPTS = 3;

/**
 * Writes a consistent backup of the database and the media into `dir` (new or empty).
 * Media keys are immutable, so copying the objects around the database's snapshot is enough
 * (ADR 19): everything stored before the snapshot is copied first, the dump is taken, then
 * whatever appeared meanwhile. A photo the dump references but that was deleted before it
 * was copied (its listing changed right after the snapshot) makes the attempt start over.
 */
export async function createBackup(deps: {
  source: DatabaseSource;
  storage: MediaStorage;
  dir: string;
}): Promise<BackupManifest> {
  await assertEmptyFolder(deps.dir);
  let missing: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const result = await attemptBackup(deps);
    if (result.missing.length === 0) return result.manifest;
    missing = result.missing;
    await emptyFolder(deps.dir);
  }
  throw new BackupError(
    `${missing.length} media files the database refers to were deleted while the backup ran, ${ATTEMPTS} times in a row (${missing.slice(0, 5).join(', ')}…). Run the backup again when fewer photos are being replaced.`,
  );
}

async function attemptBackup(deps: {
  source: DatabaseSource;
  storage: MediaStorage;
  dir: string;
}): Promise<{ manifest: BackupManifest; missing: string[] }> {
  const mediaFolder = path.join(deps.dir, MEDIA_FOLDER);
  await fs.mkdir(mediaFolder, { recursive: true });
  const before = await copyMediaOut(deps.storage, mediaFolder, new Set());
  const dumpFile = DUMP_FILES[deps.source.driver];
  const { rows, referenced } = await dumpInOneSnapshot(
    deps.source,
    path.join(deps.dir, dumpFile),
    async (query) => ({
      rows: await countRows(query),
      referenced: await referencedMediaKeys(query),
    }),
  );
  const after = await copyMediaOut(deps.storage, mediaFolder, before);
  const copied = new Set([...before, ...after]);
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: { driver: deps.source.driver, file: dumpFile },
    rows,
    media: { files: copied.size, referenced: referenced.length },
  };
  await fs.writeFile(path.join(deps.dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, missing: referenced.filter((key) => !copied.has(key)) };
}

async function assertEmptyFolder(dir: string): Promise<void> {
  const entries = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) {
    throw new BackupError(`${dir} is not empty. Back up into a new or empty folder.`);
  }
  await fs.mkdir(dir, { recursive: true });
}

async function emptyFolder(dir: string): Promise<void> {
  for (const entry of await fs.readdir(dir)) {
    await fs.rm(path.join(dir, entry), { recursive: true, force: true });
  }
}
