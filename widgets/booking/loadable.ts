/**
 * Loading state of the booking stores, and a loader that refetches when a
 * key store changes and cancels the call it replaces (so a late answer for
 * last week never overwrites this week's slots).
 */
import type { ReadableAtom, WritableAtom } from 'nanostores';
import { isAbortError, toApiError, type ApiError } from '../../src/api/errors';

export type Loadable<T> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; value: T }
  | { state: 'failed'; error: ApiError };

export const IDLE = { state: 'idle' } as const;

export function valueOf<T>(loadable: Loadable<T>): T | undefined {
  return loadable.state === 'ready' ? loadable.value : undefined;
}

/** Loads `target` once, the first time something subscribes to it. */
export function loadOnce<T>(target: WritableAtom<Loadable<T>>, load: () => Promise<T>): () => void {
  return () => {
    if (target.get().state === 'ready' || target.get().state === 'loading') return;
    target.set({ state: 'loading' });
    load()
      .then((value) => target.set({ state: 'ready', value }))
      .catch((error: unknown) => {
        target.set(isAbortError(error) ? IDLE : { state: 'failed', error: toApiError(error) });
      });
  };
}

export interface KeyedLoader {
  /** Starts following the key; returns the function that stops it (for onMount). */
  start(): () => void;
  /** Loads the current key again. */
  reload(): void;
}

/**
 * Keeps `target` loaded for the current value of `key` (null means nothing
 * to load). `load` gets the key and a signal that aborts when the key
 * changes or the loader stops.
 */
export function keyedLoader<K, T>(
  target: WritableAtom<Loadable<T>>,
  key: ReadableAtom<K | null>,
  load: (key: K, signal: AbortSignal) => Promise<T>,
  same: (a: K, b: K) => boolean = (a, b) => JSON.stringify(a) === JSON.stringify(b),
): KeyedLoader {
  let controller: AbortController | null = null;
  let current: K | null = null;

  function run(next: K | null): void {
    controller?.abort(new DOMException('superseded', 'AbortError'));
    controller = null;
    current = next;
    if (next === null) {
      target.set(IDLE);
      return;
    }
    const own = new AbortController();
    controller = own;
    if (target.get().state !== 'loading') target.set({ state: 'loading' });
    load(next, own.signal)
      .then((value) => {
        if (controller === own) target.set({ state: 'ready', value });
      })
      .catch((error: unknown) => {
        if (controller !== own) return;
        if (!isAbortError(error)) {
          target.set({ state: 'failed', error: toApiError(error) });
          return;
        }
        // Cancelled from outside (R-7-http-01: the host page navigated) while
        // this key is still wanted, e.g. the host followed our own week change.
        controller = null;
        setTimeout(() => {
          if (controller === null && current === next) run(next);
        }, 0);
      })
      .finally(() => {
        if (controller === own) controller = null;
      });
  }

  return {
    start() {
      const unbind = key.subscribe((next) => {
        if (
          next !== null &&
          current !== null &&
          same(next, current) &&
          target.get().state !== 'idle'
        )
          return;
        run(next);
      });
      return () => {
        unbind();
        controller?.abort(new DOMException('stopped', 'AbortError'));
        controller = null;
        current = null;
      };
    },
    reload() {
      run(current);
    },
  };
}
