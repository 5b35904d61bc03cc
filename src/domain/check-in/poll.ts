/**
 * Spec 4 "Digital check-in" polling: 1 s, doubling to 8 s, for at most 60 s
 * (src/contract/check-in.ts). Time and sleep are passed in so tests run it
 * without waiting.
 */
export const POLL_FIRST_MS = 1000;
export const POLL_MAX_DELAY_MS = 8000;
export const POLL_LIMIT_MS = 60_000;

/** The delays before each poll: 1, 2, 4, 8, 8, … seconds while their sum stays within the limit. */
export function pollDelays(limit = POLL_LIMIT_MS): number[] {
  const delays: number[] = [];
  let total = 0;
  let next = POLL_FIRST_MS;
  while (total + next <= limit) {
    delays.push(next);
    total += next;
    next = Math.min(next * 2, POLL_MAX_DELAY_MS);
  }
  return delays;
}

export type PollOutcome = 'done' | 'timeout';

/**
 * Asks `poll` after each delay until it answers true ('done') or the time
 * limit passes ('timeout'). An aborted signal rejects with its reason; an
 * error of `poll` rejects (the caller goes to the error step).
 */
export async function pollWithBackoff(
  poll: () => Promise<boolean>,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<PollOutcome> {
  for (const delay of pollDelays()) {
    await sleep(delay, signal);
    signal?.throwIfAborted();
    if (await poll()) return 'done';
  }
  return 'timeout';
}
