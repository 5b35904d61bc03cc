/**
 * Cancellation of groups of calls (R-7-http-01): a group's calls can be
 * abandoned together (the clinic-appointment requests when the user
 * navigates to a booking path: src/stores/navigation.store.ts decides).
 */

export interface RequestGroup {
  /** A signal for one call of the group; it also aborts when `parent` does. */
  track(parent?: AbortSignal): AbortSignal;
  /** Forget a finished call's signal (its controller is no longer needed). */
  release(signal: AbortSignal): void;
  /** Runs `task` with a tracked signal and releases it when the task settles. */
  run<T>(task: (signal: AbortSignal) => Promise<T>, parent?: AbortSignal): Promise<T>;
  /** Aborts every call in flight with an AbortError. */
  cancelAll(): void;
  /** Number of calls in flight. */
  readonly size: number;
}

export function createRequestGroup(name: string): RequestGroup {
  /** Each call's controller, and how to stop listening to its parent signal. */
  const calls = new Map<AbortSignal, { controller: AbortController; detach: () => void }>();

  function track(parent?: AbortSignal): AbortSignal {
    const controller = new AbortController();
    if (parent?.aborted) {
      controller.abort(parent.reason);
      return controller.signal;
    }
    const onParentAbort = () => controller.abort(parent?.reason);
    parent?.addEventListener('abort', onParentAbort, { once: true });
    calls.set(controller.signal, {
      controller,
      detach: () => parent?.removeEventListener('abort', onParentAbort),
    });
    return controller.signal;
  }

  function release(signal: AbortSignal): void {
    calls.get(signal)?.detach();
    calls.delete(signal);
  }

  return {
    track,
    release,
    async run(task, parent) {
      const signal = track(parent);
      try {
        return await task(signal);
      } finally {
        release(signal);
      }
    },
    cancelAll() {
      const pending = [...calls.values()];
      calls.clear();
      for (const { controller, detach } of pending) {
        detach();
        controller.abort(new DOMException(`${name} cancelled`, 'AbortError'));
      }
    },
    get size() {
      return calls.size;
    },
  };
}

/** Clinic-appointment (slot) requests of the booking flow. */
export const clinicAppointmentRequests = createRequestGroup('clinic appointment requests');
