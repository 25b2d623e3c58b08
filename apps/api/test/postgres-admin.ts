import pg from 'pg';

// Overridable so two checkouts can run the PostgreSQL suite on one server at the same time.
export const TEMPLATE_DATABASE = process.env.TEST_TEMPLATE_DATABASE ?? 'basha_test_template';

/** Runs admin statements (CREATE/DROP DATABASE) on the server's maintenance connection. */
export async function withDatabase<T>(
  serverUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the same server. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
