/**
 * The release of due results as a job of the server process (main.ts;
 * issue 17 part 6): once shortly after start, then every
 * RESULTS_RELEASE_INTERVAL_SECONDS. Several API processes may run it at
 * once: each release is claimed in the database (services/results-release.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ResultsRelease } from '../services/results-release.js';
import type { Job } from './document-sweep.js';

export function startResultsRelease(
  release: ResultsRelease,
  log: FastifyBaseLogger,
  everyMs: number,
): Job {
  let running = false;
  const run = (): void => {
    if (running) return;
    running = true;
    release
      .releaseDue(new Date())
      .then((released) => {
        if (released) log.info({ released }, 'results released');
      })
      .catch((error: unknown) => log.error({ err: error }, 'results release failed'))
      .finally(() => (running = false));
  };
  // Not on the start's critical path: the first run waits a few seconds.
  const first = setTimeout(run, 5_000);
  first.unref();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
