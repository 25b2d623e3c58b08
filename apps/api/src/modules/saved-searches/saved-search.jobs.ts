import { fillMessage, type Language, pagePaths, savedSearchFilters } from '@basha/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing, savedSearch, savedSearchMatch, user } from '../../db/schema.ts';
import { enqueue } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import { composeEmail, type EmailLine, unsubscribeUrlOf } from '../email/compose-email.ts';
import { emailChosen } from '../email/email-preferences.repository.ts';
import { emailTexts } from '../email/email-texts.ts';
import type { MailDelivery } from '../email/notification-email.job.ts';
import { signUnsubscribeToken } from '../email/unsubscribe-token.ts';
import { publicListingMatches } from '../listings/browse-listings.repository.ts';
import { recordNotification } from '../notifications/notifications.repository.ts';

export const SAVED_SEARCH_MATCHES_JOB = 'saved-search-matches';
export const SAVED_SEARCH_DIGEST_JOB = 'saved-search-digest';
export const SAVED_SEARCH_DIGEST_EMAIL_JOB = 'saved-search-digest-email';

/** The digest's hour in Dhaka (UTC+6 all year: Bangladesh keeps no daylight saving). */
const DIGEST_HOUR_DHAKA = 9;
const DHAKA_OFFSET_HOURS = 6;

/**
 * Asks for the listing to be matched against every saved search, in the transaction that
 * made it visible: the job exists iff the verification commits. No key: matching is safe to
 * repeat, and a later verification (after a revision) must be matched again, announcing
 * only what the first did not.
 */
export function scheduleSavedSearchMatching(tx: Database, listingId: string): Promise<void> {
  return enqueue(tx, SAVED_SEARCH_MATCHES_JOB, { listingId });
}

/**
 * Announces a newly visible listing to each saved search it matches, through browse's own
 * matching (`publicListingMatches`). The match row is unique per search and listing, and its
 * notification is written in the same transaction only when the row is new: a listing is
 * announced at most once per search, however often it is verified or this job runs.
 */
export function savedSearchMatchesJob(db: Database): JobHandler {
  return async (payload) => {
    const { listingId } = payload as { listingId: string };
    const [subject] = await db
      .select({ agentId: listing.agentId, title: listing.title })
      .from(listing)
      .where(eq(listing.id, listingId));
    if (!subject) return;
    const searches = await db
      .select({
        id: savedSearch.id,
        userId: savedSearch.userId,
        name: savedSearch.name,
        search: savedSearch.search,
      })
      .from(savedSearch)
      .where(ne(savedSearch.userId, subject.agentId))
      .orderBy(asc(savedSearch.createdAt));
    for (const candidate of searches) {
      const filters = savedSearchFilters(candidate.search);
      if (!filters || !(await publicListingMatches(db, listingId, filters))) continue;
      await db.transaction(async (tx) => {
        const fresh = await tx
          .insert(savedSearchMatch)
          .values({ savedSearchId: candidate.id, listingId })
          .onConflictDoNothing()
          .returning({ listingId: savedSearchMatch.listingId });
        if (fresh.length === 0) return;
        await recordNotification(tx, {
          recipientId: candidate.userId,
          kind: 'savedSearchMatch',
          listingId,
          params: {
            listingTitle: subject.title,
            searchName: candidate.name,
            savedSearchId: candidate.id,
          },
        });
      });
    }
  };
}

/** The next 09:00 in Dhaka after `now`, and the Dhaka day it falls on (YYYY-MM-DD). */
export function nextDigestTime(now: Date): { at: Date; day: string } {
  const at = new Date(now);
  at.setUTCHours(DIGEST_HOUR_DHAKA - DHAKA_OFFSET_HOURS, 0, 0, 0);
  if (at <= now) at.setUTCDate(at.getUTCDate() + 1);
  return { at, day: at.toISOString().slice(0, 10) };
}

/**
 * Schedules the next digest, keyed by its day: every runner does at start and each digest
 * for the one after, and the key makes that one job a day (housekeeping's pattern, ADR 20).
 * The database's clock decides, as it does when the job is due.
 */
export async function scheduleSavedSearchDigest(db: Database): Promise<void> {
  const result = (await db.execute(sql`select now() as now`)) as { rows: { now: string | Date }[] };
  const { at, day } = nextDigestTime(new Date(result.rows[0]?.now ?? Date.now()));
  await enqueue(
    db,
    SAVED_SEARCH_DIGEST_JOB,
    { day },
    { runAt: at, key: `${SAVED_SEARCH_DIGEST_JOB}:${day}` },
  );
}

/**
 * The daily digest: every match of a daily search not yet in a digest is given this day,
 * and each of their owners gets one email job keyed by day and user, in one transaction.
 * Run again, it finds the matches taken and the jobs there. Then the next day is scheduled.
 */
export function savedSearchDigestJob(db: Database): JobHandler {
  return async (payload) => {
    const { day } = payload as { day: string };
    await db.transaction(async (tx) => {
      const taken = await tx.execute(sql`
        update ${savedSearchMatch} set digest_day = ${day}
        from ${savedSearch}
        where ${savedSearch.id} = ${savedSearchMatch.savedSearchId}
          and ${savedSearch.frequency} = 'daily'
          and ${savedSearchMatch.digestDay} is null
        returning ${savedSearch.userId} as user_id`);
      const owners = new Set(
        (taken as unknown as { rows: { user_id: string }[] }).rows.map((row) => row.user_id),
      );
      for (const userId of owners) {
        await enqueue(
          tx,
          SAVED_SEARCH_DIGEST_EMAIL_JOB,
          { userId, day },
          { key: `${SAVED_SEARCH_DIGEST_EMAIL_JOB}:${day}:${userId}` },
        );
      }
    });
    await scheduleSavedSearchDigest(db);
  };
}

/**
 * One user's digest: the day's matches of their daily searches, grouped by search, in one
 * email, if they still get saved-search matches by email. Message-ID names day and user.
 */
export function savedSearchDigestEmailJob(
  db: Database,
  delivery: MailDelivery | undefined,
): JobHandler {
  return async (payload) => {
    if (!delivery) return;
    const { userId, day } = payload as { userId: string; day: string };
    const [recipient] = await db
      .select({
        email: user.email,
        name: user.name,
        language: user.language,
        chosen: sql<boolean>`${emailChosen(user.id, sql`'savedSearchMatch'`)}`,
      })
      .from(user)
      .where(eq(user.id, userId));
    if (!recipient?.chosen) return;
    const matches = await db
      .select({ searchName: savedSearch.name, listingId: listing.id, title: listing.title })
      .from(savedSearchMatch)
      .innerJoin(savedSearch, eq(savedSearch.id, savedSearchMatch.savedSearchId))
      .innerJoin(listing, eq(listing.id, savedSearchMatch.listingId))
      .where(and(eq(savedSearch.userId, userId), eq(savedSearchMatch.digestDay, day)))
      .orderBy(asc(savedSearch.name), asc(savedSearchMatch.createdAt));
    if (matches.length === 0) return;
    const language = recipient.language as Language;
    const words = emailTexts[language];
    const lines: EmailLine[] = [{ text: words.digestIntro }];
    let heading: string | undefined;
    for (const match of matches) {
      if (match.searchName !== heading) {
        heading = match.searchName;
        lines.push({ text: fillMessage(words.digestSearch, { searchName: heading }) });
      }
      lines.push({
        text: `• ${match.title}`,
        link: `${delivery.publicUrl}${pagePaths.propertyDetails(match.listingId)}`,
      });
    }
    const token = signUnsubscribeToken(delivery.secret, { userId, kind: 'savedSearchMatch' });
    await delivery.mailer.send(
      composeEmail({
        to: recipient.email,
        recipientName: recipient.name,
        language,
        subject: fillMessage(words.digestSubject, { count: matches.length }),
        lines,
        footer: { unsubscribeUrl: unsubscribeUrlOf(delivery.publicUrl, token) },
        messageId: `<${SAVED_SEARCH_DIGEST_EMAIL_JOB}.${day}.${userId}@${delivery.mailer.domain}>`,
      }),
    );
  };
}
