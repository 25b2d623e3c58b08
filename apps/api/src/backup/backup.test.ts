import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PHOTO_CACHE_DIR } from '../../test/demo-photo-cache-dir.ts';
import { addListing, validFields } from '../../test/listing-test-kit.ts';
import { digestOf, emptyTarget, keysOf, queryOf } from '../../test/restore-targets.ts';
import { startTestS3 } from '../../test/s3-server.ts';
import {
  createAccount,
  createTestApp,
  samplePhoto,
  type TestAccount,
  type TestApp,
} from '../../test/test-app.ts';
import { createLocalDiskStorage } from '../media/disk-storage.ts';
import { openMediaStorage } from '../media/open-storage.ts';
import type { MediaStorage } from '../media/storage.ts';
import { createBackup } from './backup.ts';
import type { DatabaseSource } from './database-dump.ts';
import { restoreBackup } from './restore.ts';
import { countRows } from './snapshot-reads.ts';

const stores = [
  {
    name: 'disk',
    start: async (scratch: string) => ({
      env: {},
      restoredStorage: createLocalDiskStorage(path.join(scratch, 'restored-media')),
      stop: async () => {},
    }),
  },
  {
    name: 'S3',
    start: async () => {
      const [source, restored] = await Promise.all([startTestS3(), startTestS3()]);
      const restoredStorage = await openMediaStorage(restored.config);
      return {
        env: source.env,
        restoredStorage: restoredStorage.storage,
        stop: async () => {
          restoredStorage.close();
          await Promise.all([source.close(), restored.close()]);
        },
      };
    },
  },
];

describe.each(stores)('backup and restore, media on $name', (store) => {
  let scratch: string;
  let t: TestApp;
  let agent: TestAccount;
  let storage: MediaStorage;
  let restoredStorage: MediaStorage;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-backup-'));
    const started = await store.start(scratch);
    ({ restoredStorage, stop } = started);
    t = await createTestApp({ ...started.env, DEMO_DATA: 'true', DEMO_PHOTO_CACHE_DIR });
    storage = (await openMediaStorage(t.config.media)).storage;
    agent = await createAccount(t, 'agent');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await stop();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('backs up the seeded marketplace while listings are being added, and restores it whole', async () => {
    const source: DatabaseSource = t.databaseUrl
      ? { driver: 'postgres', url: t.databaseUrl }
      : { driver: 'pglite', database: t.database };
    const before = await countRows(queryOf(t.database.db));
    expect(before['public.listings']).toBeGreaterThanOrEqual(30);

    // Writes under way: an agent keeps adding listings, photos and all, through the API.
    const photo = await samplePhoto();
    let writing = true;
    let added = 0;
    const writes = (async () => {
      while (writing) {
        const response = await addListing(t, agent, validFields, { bytes: photo });
        expect(response.statusCode).toBe(201);
        added += 1;
      }
    })();
    while (added === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const addedBefore = added;
    const dir = path.join(scratch, 'backup');
    const manifest = await createBackup({ source, storage, dir });
    const addedDuring = added - addedBefore;
    writing = false;
    await writes;
    const after = await countRows(queryOf(t.database.db));
    expect(addedDuring).toBeGreaterThan(0);

    // The dump is one moment between the first count and the last.
    expect(Object.keys(manifest.rows).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) {
      expect(manifest.rows[table], table).toBeGreaterThanOrEqual(before[table] ?? 0);
      expect(manifest.rows[table], table).toBeLessThanOrEqual(after[table] ?? 0);
    }

    const place = await emptyTarget(scratch);
    try {
      const restored = await restoreBackup({ target: place.target, storage: restoredStorage, dir });
      const { rows, referenced } = await place.counts();
      expect(rows).toEqual(manifest.rows);
      expect(restored.rows).toEqual(manifest.rows);

      // Every photo the restored rows point at is there, byte for byte as uploaded.
      const restoredKeys = await keysOf(restoredStorage);
      expect(referenced.length).toBeGreaterThan(0);
      expect(referenced.filter((key) => !restoredKeys.includes(key))).toEqual([]);
      expect(restoredKeys.length).toBe(manifest.media.files);
      for (const key of restoredKeys) {
        expect(await digestOf(restoredStorage, key), key).toBe(await digestOf(storage, key));
      }

      // Restoring again would merge into data: refused, and nothing changes.
      await expect(
        restoreBackup({ target: place.target, storage: restoredStorage, dir }),
      ).rejects.toThrow(/not empty/);
      expect((await place.counts()).rows).toEqual(manifest.rows);
      expect(await keysOf(restoredStorage)).toEqual(restoredKeys);
    } finally {
      await place.drop();
    }

    // A backup never writes into a folder that holds something.
    await expect(createBackup({ source, storage, dir })).rejects.toThrow(/not empty/);
  }, 180_000);

  it('refuses to restore into an empty database while the media storage holds files', async () => {
    const place = await emptyTarget(scratch);
    try {
      await expect(
        restoreBackup({ target: place.target, storage, dir: path.join(scratch, 'backup') }),
      ).rejects.toThrow(/media storage is not empty/);
    } finally {
      await place.drop();
    }
  });
});
