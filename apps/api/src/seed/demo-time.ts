const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * A moment `days` before `now`. The jitter (a row's index) moves it back by up to ten hours,
 * so rows made "the same day" still have a clear order.
 */
export function daysBefore(now: Date, days: number, jitter = 0): Date {
  return new Date(now.getTime() - days * DAY - ((jitter * 97) % 600) * MINUTE);
}

/** A calendar date `days` after a 'YYYY-MM-DD' date (negative goes back). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
