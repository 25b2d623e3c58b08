import pg from 'pg';

const RECONNECT_DELAY_MS = 1000;

export type ChannelListener = {
  /** `sender`: the process id of the server backend whose transaction sent it. */
  notified(payload: string, sender: number): void;
  /** The connection dropped: notifications may have been missed until `resumed`. */
  lost(): void;
  /** Listening (again): notifications from now on arrive. */
  resumed(): void;
};

export type ListeningConnection = { close(): Promise<void> };

/**
 * A PostgreSQL connection of its own that LISTENs on one channel: a server delivers
 * notifications there in commit order, moments after each commit. If the connection drops,
 * the listener hears `lost`, and it reconnects every second until it listens again.
 */
export async function listenOnChannel(
  connectionString: string,
  channel: string,
  applicationName: string,
  listener: ChannelListener,
): Promise<ListeningConnection> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const reconnectLater = () => {
    if (!closed) retry = setTimeout(connect, RECONNECT_DELAY_MS);
  };
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, application_name: applicationName });
    next.on('notification', ({ payload = '', processId }) => listener.notified(payload, processId));
    // 'end' follows every error; it is where the loss is handled.
    next.on('error', () => {});
    next.on('end', () => {
      if (client !== next) return;
      client = undefined;
      listener.lost();
      reconnectLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch {
      await next.end().catch(() => {});
      reconnectLater();
      return;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    listener.resumed();
  }

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}
