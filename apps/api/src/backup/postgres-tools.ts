import { spawn } from 'node:child_process';
import { BackupError } from './backup-error.ts';

/**
 * Runs pg_dump or pg_restore against a connection URL. The password travels in PGPASSWORD,
 * not on the command line, where any user of the machine could read it in the process list.
 */
export async function runPostgresTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  connectionUrl: string,
): Promise<void> {
  const url = new URL(connectionUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const stderr: Buffer[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.toString()}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found. Install PostgreSQL's client tools of the server's major version or newer (Debian: postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('close', resolve);
  });
  if (code !== 0) {
    const message = Buffer.concat(stderr).toString().trim();
    const versionHint = /version mismatch/.test(message)
      ? `\n${tool} must be of the server's major version or newer.`
      : '';
    throw new BackupError(`${tool} failed (exit ${code}):\n${message}${versionHint}`);
  }
}
