// Every start of the API (a deploy, a restart, each of WEB_CONCURRENCY's processes) pays for
// every npm module the compiled files import up front. The SDKs a default install never uses
// are imported where the operator enables what needs them (ADR 13, amendment of 2026-12-04).
// Reads the files the run's global setup compiled; the same on either database.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = path.resolve(import.meta.dirname, '../dist');

/**
 * Stripe's SDK (only with the Stripe rail), the AWS SDK (only with media in a bucket),
 * nodemailer (only with SMTP_URL), prom-client (only with METRICS_TOKEN), and better-auth's
 * main entry, which loads Kysely for a database connection of its own (Basha
 * gives it Drizzle's adapter through `better-auth/minimal`).
 */
const LOADED_ON_DEMAND = [
  'stripe',
  '@aws-sdk/client-s3',
  'nodemailer',
  'prom-client',
  'better-auth',
  'kysely',
];

function codeOf(file: string): string {
  return fs.readFileSync(path.join(dist, file), 'utf8');
}

/** The packages a compiled file imports before its first line runs. */
function importedUpFront(code: string): string[] {
  return [...code.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"([^"]+)";/gm)].map(
    (match) => match[1] ?? '',
  );
}

describe('the compiled API imports optional SDKs only where they are enabled', () => {
  it.each(['server.js', 'worker.js', 'backup.js'])('%s', (file) => {
    const upFront = importedUpFront(codeOf(file));
    expect(upFront).toContain('drizzle-orm');
    for (const name of LOADED_ON_DEMAND) expect(upFront).not.toContain(name);
  });

  it('the server still reaches Stripe, the S3 store, SMTP, metrics and better-auth when configured', () => {
    const code = codeOf('server.js');
    expect(code).toContain('await import("stripe")');
    expect(code).toContain('await import("@aws-sdk/client-s3")');
    expect(code).toContain('await import("nodemailer")');
    expect(code).toContain('await import("prom-client")');
    expect(importedUpFront(code)).toContain('better-auth/minimal');
  });
});
