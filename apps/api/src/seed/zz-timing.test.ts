import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { createAuth } from '../auth/better-auth.ts';
import { loadConfig } from '../config.ts';
import { createLocalDiskStorage } from '../media/storage.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { DEMO_LISTINGS } from './demo-listings.ts';
import { seedDemoMarketplace } from './demo-marketplace.ts';
import { storeListingPhotos } from './demo-photos.ts';

it('times', async () => {
  const { database, drop } = await openTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-timing-'));
  const db = database.db;
  const storage = createLocalDiskStorage(path.join(dataDir, 'media'));
  const auth = createAuth(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), db);
  let t = performance.now();
  let c = process.cpuUsage();
  const lap = (label: string) => {
    const cu = process.cpuUsage(c);
    process.stdout.write(
      `TIMING ${label}: wall ${Math.round(performance.now() - t)} ms, cpu ${Math.round((cu.user + cu.system) / 1000)} ms\n`,
    );
    t = performance.now();
    c = process.cpuUsage();
  };
  await seedDemoAccounts({ db, auth, storage });
  lap('accounts first');
  const b = await storeListingPhotos(
    storage,
    DEMO_LISTINGS.map((l, i) => ({ kind: l.kind, seed: i })),
  );
  lap('photos only');
  await b.removeAll();
  lap('remove photos');
  process.stdout.write(`${await seedDemoMarketplace({ db, storage })}\n`);
  lap('marketplace first (photos+tx)');
  await seedDemoAccounts({ db, auth, storage });
  lap('accounts rerun');
  process.stdout.write(`${await seedDemoMarketplace({ db, storage })}\n`);
  lap('marketplace rerun');
  await drop();
}, 120_000);
