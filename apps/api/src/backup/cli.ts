// `npm run backup -- <dir>` and `npm run restore -- <dir>`: configured like the server
// (loadConfig: DATABASE_URL or DATA_DIR, MEDIA_STORAGE and the S3 settings).
import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { openEmbeddedDatabase } from '../db/client.ts';
import { openMediaStorage } from '../media/open-storage.ts';
import type { MediaStorage } from '../media/storage.ts';
import { createBackup } from './backup.ts';
import { BackupError } from './backup-error.ts';
import { restoreBackup } from './restore.ts';

async function main(): Promise<void> {
  const [command, dir] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !dir) {
    throw new BackupError('Usage: npm run backup -- <folder>   or   npm run restore -- <folder>');
  }
  const config = loadConfig();
  // npm runs this in apps/api (where the server's DATA_DIR is resolved too); the folder is
  // taken from where the operator typed the command.
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  const media = await openMediaStorage(config.media);
  try {
    if (command === 'backup') await backup(config, folder, media.storage);
    else await restore(config, folder, media.storage);
  } finally {
    media.close();
  }
}

async function backup(config: Config, folder: string, storage: MediaStorage): Promise<void> {
  if (config.databaseUrl) {
    const manifest = await createBackup({
      source: { driver: 'postgres', url: config.databaseUrl },
      storage,
      dir: folder,
    });
    report('Backed up', folder, manifest.rows, manifest.media.files);
    return;
  }
  const dataDir = path.join(config.dataDir, 'db');
  // The embedded database admits one process: it cannot be read while a server holds it.
  if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database in ${dataDir} is open in a running Basha server. Stop the server, then back up (PGlite admits one process). If none is running, the last one was killed before closing it: start and stop it once.`,
    );
  }
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${dataDir} to back up (check DATA_DIR).`,
    );
  }
  const database = await openEmbeddedDatabase({ dataDir, fsync: config.pgliteFsync });
  try {
    const manifest = await createBackup({
      source: { driver: 'pglite', database },
      storage,
      dir: folder,
    });
    report('Backed up', folder, manifest.rows, manifest.media.files);
  } finally {
    await database.close();
  }
}

async function restore(config: Config, folder: string, storage: MediaStorage): Promise<void> {
  const target = config.databaseUrl
    ? ({ driver: 'postgres', url: config.databaseUrl } as const)
    : ({
        driver: 'pglite',
        dataDir: path.join(config.dataDir, 'db'),
        fsync: config.pgliteFsync,
      } as const);
  const restored = await restoreBackup({ target, storage, dir: folder });
  report('Restored', folder, restored.rows, restored.mediaFiles);
}

function report(done: string, folder: string, rows: Record<string, number>, mediaFiles: number) {
  const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
  console.log(
    `${done} ${folder}: ${Object.keys(rows).length} tables, ${total} rows, ${mediaFiles} media files.`,
  );
}

main().catch((error: unknown) => {
  console.error(
    error instanceof BackupError || error instanceof ConfigError ? error.message : error,
  );
  process.exit(1);
});
