import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../auth/better-auth.ts';
import type { Database } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoMarketplace } from './demo-marketplace.ts';
import type { DemoPhotoCache } from './demo-photo-cache.ts';

/**
 * The demo data of the embedded default: demo accounts, then a living marketplace. Runs at
 * every start when enabled; adds only what is missing and never changes existing rows.
 */
export async function seedDemoData(deps: {
  db: Database;
  auth: Auth;
  storage: MediaStorage;
  photoCache?: DemoPhotoCache;
  log: FastifyBaseLogger;
}): Promise<void> {
  const started = performance.now();
  const accountsCreated = await seedDemoAccounts(deps);
  const marketplace = await seedDemoMarketplace(deps);
  if (marketplace === 'accounts-missing') {
    deps.log.warn('demo marketplace not seeded: some demo accounts are missing');
  }
  deps.log.info(
    { accountsCreated, marketplace, ms: Math.round(performance.now() - started) },
    'demo data ready',
  );
}
