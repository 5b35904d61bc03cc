import type { Queryable } from './db.js';

/** rate_limits: fixed-window counters, on the database clock so all processes share windows. */
export interface WindowHit {
  hits: number;
  resetSeconds: number;
}

/**
 * Counts one hit per entry of `buckets` (a bucket may repeat) in the current
 * window, in one statement, and answers each entry's count in order: entries
 * of one bucket get consecutive counts, as if they had come one by one.
 */
export async function hitWindows(
  q: Queryable,
  windowSeconds: number,
  buckets: readonly string[],
): Promise<WindowHit[]> {
  const counts = new Map<string, number>();
  for (const bucket of buckets) counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  // A counter need not survive a crash: its commit does not wait for the WAL flush
  // (set_config(..., true) lasts to the end of this statement's own transaction). Every
  // counted request updates a row, so a flush per hit would queue them all behind the
  // disk (issue 15: availability at 50 clients).
  const { rows } = await q.query<{ bucket: string; hits: number; reset_seconds: number }>(
    `INSERT INTO rate_limits (bucket, window_start, hits)
     SELECT b.bucket, to_timestamp(floor(extract(epoch FROM now()) / $1::int) * $1::int), b.n
     FROM unnest($2::text[], $3::int[]) AS b(bucket, n),
       (SELECT set_config('synchronous_commit', 'off', true)) AS no_flush
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + EXCLUDED.hits
     RETURNING bucket, hits,
       ceil(extract(epoch FROM window_start + make_interval(secs => $1::int) - now()))::int AS reset_seconds`,
    [windowSeconds, [...counts.keys()], [...counts.values()]],
  );
  const after = new Map(rows.map((row) => [row.bucket, row]));
  const given = new Map<string, number>();
  return buckets.map((bucket) => {
    const row = after.get(bucket);
    if (!row) throw new Error(`rate limit upsert returned no row for ${bucket}`);
    const before = row.hits - (counts.get(bucket) as number);
    const nth = (given.get(bucket) ?? 0) + 1;
    given.set(bucket, nth);
    return { hits: before + nth, resetSeconds: Math.max(1, row.reset_seconds) };
  });
}

/**
 * Drops windows that ended before the previous one. A bucket that names its
 * own window length (`…@900`, http/rate-limit.ts strictRateLimit) keeps it:
 * the global one-minute sweep must not empty a 15-minute counter.
 */
export async function deleteOldWindows(q: Queryable, windowSeconds: number): Promise<void> {
  await q.query(
    `DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs =>
       2 * greatest($1::int, coalesce(substring(bucket FROM '@([0-9]{1,7})$')::int, 0)))`,
    [windowSeconds],
  );
}
