/** `clients` closed loops of `once` for `seconds`: req/s and latency quantiles of the successes. */
export async function closedLoop(
  clients: number,
  once: () => Promise<boolean>,
  seconds: number,
): Promise<{ rps: number; p50: number; p95: number; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        if (await once()) times.push(performance.now() - t);
        else errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
  return { rps: times.length / elapsed, p50: q(0.5), p95: q(0.95), errors };
}
