import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from './client.ts';
import { preparedOnce } from './prepared-once.ts';
import { job } from './schema.ts';

describe('a statement prepared once', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let builds = 0;
  const insertJob = preparedOnce((db: Database) => {
    builds += 1;
    return db
      .insert(job)
      .values({ name: 'prepared-once', key: sql.placeholder('key'), payload: {} })
      .returning({ id: job.id })
      .prepare('basha_test_prepared_once');
  });
  const jobsKeyed = (key: string) =>
    opened.database.db.select({ id: job.id }).from(job).where(eq(job.key, key));

  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(() => opened?.drop());

  it("runs inside the caller's transaction, and is built once for the database and its transactions", async () => {
    const { db } = opened.database;
    await insertJob(db).execute({ key: 'on-the-pool' });
    await db.transaction(async (tx) => {
      await insertJob(tx).execute({ key: 'committed' });
    });
    await expect(
      db.transaction(async (tx) => {
        await insertJob(tx).execute({ key: 'rolled-back' });
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');

    expect(await jobsKeyed('on-the-pool')).toHaveLength(1);
    expect(await jobsKeyed('committed')).toHaveLength(1);
    // Written on the transaction's connection, so undone with it (on the pool it would stay).
    expect(await jobsKeyed('rolled-back')).toEqual([]);
    expect(builds).toBe(1);
  });
});
