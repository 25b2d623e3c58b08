import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '@basha/domain';
import { it } from 'vitest';
import { logIn, openTestDatabase, sessionCookieOf } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

it('smoke', async () => {
  const { database, drop } = await openTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-smoke-'));
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'silent' }),
    { database },
  );
  const spec = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const gets = Object.entries(spec.paths)
    .filter(([, v]: [string, any]) => v.get)
    .map(([k]) => k);
  process.stdout.write(`PATHS ${gets.join(' ')}\n`);
  for (const role of ['user', 'agent', 'admin'] as const) {
    const a = DEMO_ACCOUNTS[role];
    const cookie = sessionCookieOf(await logIn(app, a.email, a.password));
    for (const url of gets.filter((p) => !p.includes('{'))) {
      const r = await app.inject({ method: 'GET', url, headers: { cookie } });
      const body = r.body.length > 300 ? `${r.body.slice(0, 300)}…` : r.body;
      const items = (() => {
        try {
          const j = r.json();
          return Array.isArray(j.items) ? `items=${j.items.length}` : '';
        } catch {
          return '';
        }
      })();
      process.stdout.write(
        `SMOKE ${role} ${url} ${r.statusCode} ${items} ${r.statusCode >= 400 ? body : ''}\n`,
      );
    }
  }
  const photo = await app.inject({
    method: 'GET',
    url:
      '/media/' +
      (await fs.readdir(path.join(dataDir, 'media/listing-photos')))[0]?.replace(
        /^/,
        'listing-photos/',
      ),
  });
  process.stdout.write(`PHOTO ${photo.statusCode} ${photo.headers['content-type']}\n`);
  await app.close();
  await drop();
}, 120_000);
