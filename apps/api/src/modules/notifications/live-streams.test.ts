import type { Notification } from '@basha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
