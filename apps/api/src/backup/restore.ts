import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from '../media/storage.ts';
import { type BackupManifest, MANIFEST_FILE, MEDIA_FOLDER } from './backup.ts';
import { BackupError } from './backup-error.ts';
import { assertDatabaseEmpty, type DatabaseTarget, restoreDump } from './database-dump.ts';
import { copyMediaIn, isStorageEmpty } from './media-copy.ts';
import { countRows } from './snapshot-reads.ts';

/**
 * Restores a backup folder into an empty database and an empty media storage, refusing
 * anything that holds data, then checks every table has the rows the backup recorded.
 */
export async function restoreBackup(deps: {
  target: DatabaseTarget;
  storage: MediaStorage;
  dir: string;
}): Promise<{ rows: Record<string, number>; mediaFiles: number }> {
  const manifest = await readManifest(deps.dir);
  if (manifest.database.driver !== deps.target.driver) {
    throw new BackupError(
      manifest.database.driver === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.'
        : 'This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to an empty folder to restore it.',
    );
  }
  await assertDatabaseEmpty(deps.target);
  if (!(await isStorageEmpty(deps.storage))) {
    throw new BackupError(
      'The media storage is not empty. Restore needs an empty one: a new DATA_DIR for media on disk, or an empty S3_BUCKET.',
    );
  }
  const rows = await restoreDump(
    deps.target,
    path.join(deps.dir, manifest.database.file),
    countRows,
  );
  const differing = Object.keys({ ...manifest.rows, ...rows }).filter(
    (table) => manifest.rows[table] !== rows[table],
  );
  if (differing.length > 0) {
    throw new BackupError(
      `The restored database differs from the backup in: ${differing.join(', ')}.`,
    );
  }
  const mediaFiles = await copyMediaIn(path.join(deps.dir, MEDIA_FOLDER), deps.storage);
  return { rows, mediaFiles };
}

async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch(() => null);
  if (text === null) {
    throw new BackupError(`${dir} holds no ${MANIFEST_FILE}: it is not a Basha backup folder.`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`Unknown backup format in ${dir}.`);
  return manifest;
}
