import type { Readable } from 'node:stream';
import type { Notification } from '@basha/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { eventsIn } from '../../../test/event-stream.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { createLiveStreams, type LiveStream } from './live-streams.ts';
import { recordNotification } from './notifications.repository.ts';

let t: TestApp;
let person: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  person = await createAccount(t, 'user');
});
afterAll(() => t.close());

/** A stream as the route makes one, keeping what it was sent. */
function streamFrom(lastSent: number): LiveStream & { received: number[] } {
  const received: number[] = [];
  return {
    userId: person.id,
    sessionToken: 'unused-here',
    role: 'user',
    lastSent,
    backedUp: false,
    received,
    send: (notification: Notification) => received.push(notification.sequence),
    close: () => {},
  };
}

async function notify(): Promise<number> {
  await recordNotification(t.database.db, {
    recipientId: person.id,
    kind: 'roleChanged',
    params: { role: 'user' },
  });
  const [row] = await t.database.jobQuery(
    'select max(sequence)::int as latest from notifications where recipient_id = $1',
    [person.id],
  );
  return row?.latest as number;
}

describe('live streams of one process', () => {
  it('a tab that reconnects while another tab of the account is being served gets every missed event, in order', async () => {
    const live = createLiveStreams(t.database.db, t.app.log);
    const first = await notify();
    const second = await notify();
    const third = await notify();

    // The current tab is one event behind; opening it starts a read of the account.
    const current = streamFrom(second);
    live.open(current);
    // While that read is under way, a tab comes back from far behind. (On PostgreSQL the read
    // takes a round trip, so this lands inside it; checked to fail there without the guard in
    // deliver(). PGlite answers within the same turn, before this tab opens.)
    await new Promise((resolve) => setImmediate(resolve));
    const reconnected = streamFrom(first - 1);
    live.open(reconnected);

    await until(() => reconnected.received.length === 3 && current.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(current.received).toEqual([third]);
    expect(reconnected.received).toEqual([first, second, third]);
    live.closeAll();
  });
});

// Two transactions at once need a server: PGlite is one connection.
if (inject('databaseTarget').driver === 'postgres') {
  describe('notification sequences on PostgreSQL', () => {
    it('grow in commit order: one written first but committed last comes last', async () => {
      const connect = async () => {
        const client = new pg.Client({ connectionString: t.databaseUrl });
        await client.connect();
        return client;
      };
      const [early, late] = await Promise.all([connect(), connect()]);
      const insert = (client: pg.Client, role: string) =>
        client.query(
          `insert into notifications (recipient_id, kind, params)
           values ($1, 'roleChanged', jsonb_build_object('role', $2::text))`,
          [person.id, role],
        );
      try {
        await early.query('begin');
        await insert(early, 'written first');
        await late.query('begin');
        await insert(late, 'written second');
        await late.query('commit');
        await early.query('commit');
      } finally {
        await Promise.all([early.end(), late.end()]);
      }
      const rows = await t.database.jobQuery(
        `select params->>'role' as role from notifications
         where recipient_id = $1 and params->>'role' like 'written %'
         order by sequence`,
        [person.id],
      );
      expect(rows.map((row) => row.role)).toEqual(['written second', 'written first']);
    });
  });
}

/** Notifications of about 250 bytes each: far more than a socket's buffer takes. */
const NOTIFICATIONS = 1_500;
/**
 * What a tab that reads nothing may cost the process: a stream buffer's worth (Node's default
 * high-water mark, 16 KiB on Node 20 and 64 KiB from Node 22) and the event that filled it.
 */
const MOST_HELD_BYTES = 128 * 1024;

/** GET /api/v1/me/events, its body left for the test to read, as a tab reads it. */
async function openStream(): Promise<Readable> {
  const response = await t.app.inject({
    url: '/api/v1/me/events',
    headers: { cookie: person.cookie },
    payloadAsStream: true,
  });
  expect(response.statusCode).toBe(200);
  return response.stream();
}

/** Reads the stream until it has given `count` events; their sequences, in order. */
async function readEvents(stream: Readable, count: number): Promise<number[]> {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (eventsIn(text).length >= count) break;
  }
  stream.destroy();
  return eventsIn(text).map((event) => Number(event.id));
}

describe('GET /api/v1/me/events with a tab that stops reading', () => {
  it('holds little for that tab, then gives it every event it missed, in order', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    onTestFinished(() => {
      process.off('warning', onWarning);
    });
    const asleep = await openStream();
    const awake = await openStream();

    const sequences = async () =>
      (
        await t.database.jobQuery(
          'select sequence::int as sequence from notifications where recipient_id = $1 order by sequence',
          [person.id],
        )
      ).map((row) => row.sequence as number);
    const before = (await sequences()).length;
    await t.database.jobQuery(
      `insert into notifications (recipient_id, kind, params)
       select $1, 'roleChanged', '{"role":"user"}'::jsonb from generate_series(1, ${NOTIFICATIONS})`,
      [person.id],
    );
    // The sequences as committed (a commit renumbers its notifications in commit order).
    const recorded = (await sequences()).slice(before);
    expect(recorded).toHaveLength(NOTIFICATIONS);

    // The tab that reads gets every event as it comes: the process has sent all it had.
    expect(await readEvents(awake, NOTIFICATIONS)).toEqual(recorded);
    // Meanwhile the one asleep was written only what its socket took.
    expect(asleep.readableLength).toBeGreaterThan(0);
    expect(asleep.readableLength).toBeLessThanOrEqual(MOST_HELD_BYTES);

    // Awake again, it catches up from the table: nothing missing, nothing twice.
    expect(await readEvents(asleep, NOTIFICATIONS)).toEqual(recorded);
    expect(warnings).toEqual([]);
  }, 60_000);
});
