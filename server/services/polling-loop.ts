/**
 * Runs `runOnce` now and again `intervalMs` after each run ends (never two at
 * once), until stopped; `stop` waits for a run in flight. The outbox and the
 * RIS senders share it.
 */
export function pollingLoop(
  runOnce: () => Promise<unknown>,
  options: {
    intervalMs: number;
    onError?: ((error: unknown) => void) | undefined;
    start?: boolean;
  },
): { stop(): Promise<void> } {
  let stopped = options.start === false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    running = runOnce()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  if (!stopped) tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
