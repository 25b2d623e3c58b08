// Finds or prepares the PostgreSQL server the API suites run against a second time.
// TEST_DATABASE_URL wins; otherwise the local Debian cluster is started and given a test role.
import { execFileSync } from 'node:child_process';
import pg from 'pg';

const LOCAL_URL = 'postgres://basha_test:basha_test@127.0.0.1:5432/postgres';

export async function ensurePostgres() {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, version: await versionAt(given) };
  if (await isPrepared(LOCAL_URL)) return { url: LOCAL_URL, version: await versionAt(LOCAL_URL) };

  const cluster = localCluster();
  if (!cluster) {
    fail(
      'No PostgreSQL server found. Install one with `apt-get update && apt-get install -y postgresql`,\n' +
        'or point the tests at a server with TEST_DATABASE_URL=postgres://user:pass@host:5432/postgres',
    );
  }
  if (cluster.status !== 'online') {
    console.log(
      `Starting PostgreSQL ${cluster.version}/${cluster.name} (pg_ctlcluster ${cluster.version} ${cluster.name} start)`,
    );
    run('pg_ctlcluster', [cluster.version, cluster.name, 'start']);
  }
  // The test role creates one throw-away database per test file, from a template, and drops
  // it WITH (FORCE). pg_signal_backend lets that drop end an autovacuum worker that happens to
  // be on the database (PostgreSQL refuses otherwise: "must be a member of the role whose
  // process is being terminated"), which failed a test file's teardown once in CI.
  psqlAsPostgres(
    "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'basha_test') THEN " +
      "CREATE ROLE basha_test LOGIN CREATEDB PASSWORD 'basha_test'; END IF; END $$; " +
      'GRANT pg_signal_backend TO basha_test;',
    cluster.port,
  );
  if (!(await canConnect(LOCAL_URL))) {
    fail(
      `PostgreSQL ${cluster.version} is running but ${LOCAL_URL} is refused; check pg_hba.conf or set TEST_DATABASE_URL.`,
    );
  }
  return { url: LOCAL_URL, version: await versionAt(LOCAL_URL) };
}

function localCluster() {
  try {
    const lines = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
      .trim()
      .split('\n');
    const [version, name, port, status] = (
      lines.find((l) => l.includes(' 5432 ')) ??
      lines[0] ??
      ''
    ).split(/\s+/);
    return version ? { version, name, port, status } : null;
  } catch {
    return null;
  }
}

function psqlAsPostgres(sql, port) {
  run('runuser', ['-u', 'postgres', '--', 'psql', '-p', port, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
}

function run(command, args) {
  try {
    execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  } catch {
    fail(`\`${command} ${args.join(' ')}\` failed. Run it by hand (as root) to see why.`);
  }
}

/** The test role connects and may end other sessions on its databases (see below). */
async function isPrepared(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query(
      "SELECT pg_has_role('pg_signal_backend', 'member') AS may_signal",
    );
    return rows[0]?.may_signal === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function canConnect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function versionAt(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('show server_version');
    return `PostgreSQL ${rows[0].server_version.split(' ')[0]}`;
  } finally {
    await client.end();
  }
}

function fail(message) {
  console.error(`\nnpm test cannot run the PostgreSQL suites:\n${message}\n`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
