import os from 'node:os';
import path from 'node:path';

/**
 * Where every test's API keeps the demo's encoded photos (DEMO_PHOTO_CACHE_DIR), in-process
 * or started as a process: drawn once per machine instead of once per seeded database.
 */
export const DEMO_PHOTO_CACHE_DIR = path.join(os.tmpdir(), 'basha-demo-photos');
