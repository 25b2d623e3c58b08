import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (processes of their own, a seeded marketplace, a thousand
 * requests, a database migrated step by step), about longest first. Vitest orders files by the durations it kept from the last run,
 * and without them (a fresh clone, as CI has) by size: these small files then started last
 * and ran on alone at the end of the suite while the other workers had finished.
 */
const LONGEST_FIRST = [
  'test/web-concurrency.test.ts',
  'src/backup/backup.test.ts',
  'test/malformed-input.test.ts',
  'src/auth/login-throttle-volume.test.ts',
  'test/server-process.pglite.test.ts',
  'src/backup/backup-cli.test.ts',
  'src/jobs/job-processes.test.ts',
  'test/authorization-matrix.test.ts',
  'src/modules/accounts/accounts.test.ts',
  'src/modules/payments/payment-reconciliation.test.ts',
  'src/modules/email/email.test.ts',
  'src/modules/email/email-crash.postgres.test.ts',
  'src/seed/demo-data.test.ts',
  'src/db/embedded-array-types.pglite.test.ts',
  'src/db/pglite-parsers.pglite.test.ts',
  'src/modules/offers/offer-price-backfill.test.ts',
  'src/modules/offers/offer-expiry-backfill.test.ts',
];

/** Vitest's own order (groups, then durations or sizes), with LONGEST_FIRST at its front. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    const groupOf = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    return ordered
      .map((file, position) => ({ file, position }))
      .sort(
        (a, b) =>
          groupOf(a.file) - groupOf(b.file) ||
          rank(a.file) - rank(b.file) ||
          a.position - b.position,
      )
      .map(({ file }) => file);
  }
}
