import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-test-server.ts';
import { createAccount, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { notification } from '../../db/schema.ts';
import { recordNotification } from '../notifications/notifications.repository.ts';

const apiDir = path.join(import.meta.dirname, '../../..');
/** How long a process may take to start (TypeScript compiled on the fly, on a busy machine). */
const STARTUP_MS = 20_000;
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function startWorker(url: string, smtpUrl: string): { child: ChildProcess; said: () => string } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(apiDir, 'test/mail-worker-process.ts'), url, smtpUrl],
    { cwd: apiDir, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  started.push(child);
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  return { child, said: () => text };
}

// Worker processes share one database only on a PostgreSQL server.
if (inject('databaseTarget').driver === 'postgres') {
  describe('a worker killed with kill -9 in the middle of a batch of emails', () => {
    let smtp: TestSmtpServer;
    let t: TestApp;

    beforeAll(async () => {
      smtp = await startTestSmtpServer();
      // The API runs no jobs: the worker processes send every email.
      t = await createTestApp({ JOBS: 'separate' });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('is restarted, and every email arrives exactly once: none lost, none twice', async () => {
      const BATCH = 12;
      const account = await createAccount(t, 'user');
      const notificationIds = await t.database.db.transaction(async (tx) => {
        for (let i = 0; i < BATCH; i += 1) {
          await recordNotification(tx, {
            recipientId: account.id,
            kind: 'roleChanged',
            params: { role: `role ${i}` },
          });
        }
        const rows = await tx
          .select({ id: notification.id })
          .from(notification)
          .where(eq(notification.recipientId, account.id));
        return rows.map((row) => row.id);
      });
      expect(notificationIds).toHaveLength(BATCH);

      // The fifth email arrives whole, and before the server answers 250 its sender dies.
      const first = startWorker(t.databaseUrl as string, smtp.url);
      let seen = 0;
      smtp.beforeAccepting(() => {
        seen += 1;
        if (seen === 5) {
          first.child.kill('SIGKILL');
          throw new Error('the sender is gone');
        }
      });
      await new Promise((resolve) => first.child.on('exit', resolve));
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(smtp.to(account.email)).toHaveLength(4);
      smtp.beforeAccepting(undefined);

      const second = startWorker(t.databaseUrl as string, smtp.url);
      await until(() => second.said().includes('ready'), STARTUP_MS);
      await until(() => smtp.to(account.email).length >= BATCH, 20_000);
      // Long enough for a duplicate to show up, were one coming (lock timeout 1 s, polls 50 ms).
      await sleep(2500);

      const messageIds = smtp.to(account.email).map((email) => email.mail.messageId);
      expect(messageIds).toHaveLength(BATCH);
      expect(new Set(messageIds).size).toBe(BATCH);
      expect([...messageIds].sort()).toEqual(
        notificationIds.map((id) => `<notification-email.${id}@basha.test>`).sort(),
      );
      const jobs = await t.database.jobQuery(
        `select attempts, completed_at is not null as completed from jobs
         where name = 'notification-email' and payload->>'notificationId' = any($1::text[])`,
        [notificationIds],
      );
      expect(jobs.every((job) => job.completed)).toBe(true);
      // The one the first worker died on ran twice; every other once.
      expect(jobs.map((job) => job.attempts).sort()).toEqual([...Array(BATCH - 1).fill(1), 2]);
    }, 90_000);
  });
}
