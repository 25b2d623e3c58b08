/**
 * Like Promise.all over `items` with at most `limit` calls in flight, keeping the order. On a
 * failure no new call starts, and it rejects only once the calls in flight have settled, so
 * the caller's clean-up sees every file that was stored.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  call: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await call(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}
