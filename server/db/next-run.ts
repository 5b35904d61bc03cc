/**
 * Group commit for hot statements (issue 15): calls with the same key that
 * arrive while a run of that key is in flight wait for it and then go
 * together in the next run. A call is always served by a run that started
 * after it arrived, so what it reads or counts is as fresh as a statement of
 * its own; under load, one statement serves every call that queued behind
 * the one before (on PGlite, one thread runs every statement, so this is what
 * its throughput depends on). A run waits for the end of the event loop's
 * current poll phase (setImmediate), so the requests whose data arrived in
 * the same phase join it: PGlite answers a statement synchronously, and
 * without that pause nothing could ever arrive while a run is in flight.
 */
/** One statement for a batch: one output per input, in order. */
export type BatchRun<I, O> = (key: string, inputs: readonly I[]) => Promise<readonly O[]>;

interface Waiter<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

export interface NextRun<I, O> {
  /** Queues `input` for the next run of `key`. */
  submit(key: string, input: I): Promise<O>;
}

export function nextRunSharing<I, O>(run: BatchRun<I, O>): NextRun<I, O> {
  /** Keys with a run in flight, and who waits for the next one. */
  const queues = new Map<string, Waiter<I, O>[]>();

  async function drain(key: string): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      const batch = queues.get(key) ?? [];
      if (batch.length === 0) {
        queues.delete(key);
        return;
      }
      queues.set(key, []);
      try {
        const outputs = await run(
          key,
          batch.map((w) => w.input),
        );
        batch.forEach((w, i) => w.resolve(outputs[i] as O));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
  }

  return {
    submit(key, input) {
      return new Promise<O>((resolve, reject) => {
        const waiting = queues.get(key);
        if (waiting) {
          waiting.push({ input, resolve, reject });
          return;
        }
        queues.set(key, [{ input, resolve, reject }]);
        void drain(key);
      });
    },
  };
}
