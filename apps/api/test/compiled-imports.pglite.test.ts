// Every start of the API (a deploy, a restart, each of WEB_CONCURRENCY's processes) pays for
// every module the compiled files load up front. The SDKs a default install never uses are
// imported where the operator enables what needs them, and Kysely is not compiled in at all
// (ADR 13, amendment of 2026-12-04). Reads the files the run's global setup compiled; the
// same on either database.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = path.resolve(import.meta.dirname, '../dist');

/**
 * Stripe's SDK (only with the Stripe rail), the AWS SDK (only with media in a bucket),
 * nodemailer (only with SMTP_URL) and prom-client (only with METRICS_TOKEN).
 */
const LOADED_ON_DEMAND = ['stripe', '@aws-sdk/client-s3', 'nodemailer', 'prom-client'];

function codeOf(file: string): string {
  return fs.readFileSync(path.join(dist, file), 'utf8');
}

/** The packages a compiled file imports before its first line runs. */
function importedUpFront(code: string): string[] {
  return [...code.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"([^"]+)";/gm)].map(
    (match) => match[1] ?? '',
  );
}

/** Whether the bundle holds modules of the package (esbuild names each module's file). */
function compiledIn(code: string, name: string): boolean {
  return code.includes(`// ../../node_modules/${name}/`);
}

describe('the compiled API loads optional SDKs only where they are enabled', () => {
  it.each(['server.js', 'worker.js', 'backup.js'])('%s', (file) => {
    const code = codeOf(file);
    const upFront = importedUpFront(code);
    expect(upFront).toContain('@electric-sql/pglite');
    for (const name of LOADED_ON_DEMAND) {
      expect(upFront).not.toContain(name);
      expect(compiledIn(code, name)).toBe(false);
    }
  });

  it.each(['server.js', 'worker.js'])(
    '%s has better-auth without Kysely, which only its own database connection needs',
    (file) => {
      const code = codeOf(file);
      expect(compiledIn(code, 'better-auth')).toBe(true);
      expect(compiledIn(code, 'kysely')).toBe(false);
    },
  );

  it('the server still reaches Stripe, the S3 store, SMTP and metrics when configured', () => {
    const code = codeOf('server.js');
    for (const name of LOADED_ON_DEMAND) expect(code).toContain(`await import("${name}")`);
  });
});
