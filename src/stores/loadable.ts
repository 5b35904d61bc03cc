/**
 * The one way a store loads data (docs/architecture.md "Loading"):
 * - `Loadable<T>` is what a store holds: idle, loading, loaded with the
 *   value, or failed with the ApiError (its messageKey is what the screen
 *   shows, its status decides a log-in or a not-found).
 * - `latestCall()` owns cancellation: each call it starts aborts the one
 *   before, and only the latest may write its answer.
 * - `loadOnce` loads a store the first time something subscribes to it;
 *   `keyedLoader` keeps a store loaded for the current value of a key store
 *   (so a late answer for last week never overwrites this week's slots).
 */
import type { ReadableAtom, WritableAtom } from 'nanostores';
import { isAbortError, toApiError, type ApiError } from '../api/errors';

export type Loadable<T> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded'; value: T }
  | { state: 'failed'; error: ApiError };

export const IDLE = { state: 'idle' } as const;
export const LOADING = { state: 'loading' } as const;

export function loaded<T>(value: T): Loadable<T> {
  return { state: 'loaded', value };
}

export function failed<T = never>(error: unknown): Loadable<T> {
  return { state: 'failed', error: toApiError(error) };
}

/** One call of a `latestCall()`: its signal, and whether it is still the latest. */
export interface Call {
  readonly signal: AbortSignal;
  /** False once another call started or the owner cancelled. */
  current(): boolean;
}

export interface LatestCall {
  /** Aborts the call in flight (if any) and starts a new one. */
  start(): Call;
  /** Aborts the call in flight; nothing it answers is written. */
  cancel(): void;
  /** Whether a call is in flight. */
  readonly busy: boolean;
}

/**
 * The owner of cancellation for one thing a store loads or does: a new
 * call supersedes the previous one (aborted with an AbortError), so a late
 * answer can never overwrite a newer one.
 */
export function latestCall(): LatestCall {
  let controller: AbortController | null = null;
  return {
    start() {
      controller?.abort(new DOMException('superseded', 'AbortError'));
      const own = new AbortController();
      controller = own;
      return {
        signal: own.signal,
        current: () => controller === own && !own.signal.aborted,
      };
    },
    cancel() {
      controller?.abort(new DOMException('cancelled', 'AbortError'));
      controller = null;
    },
    get busy() {
      return controller !== null && !controller.signal.aborted;
    },
  };
}

/** Not answered yet: idle (nothing asked) or loading. Screens show their loading state. */
export function isPending<T>(loadable: Loadable<T>): boolean {
  return loadable.state === 'idle' || loadable.state === 'loading';
}

/** The same state with the loaded value changed by `change` (translated names, say). */
export function mapLoaded<T>(loadable: Loadable<T>, change: (value: T) => T): Loadable<T> {
  return loadable.state === 'loaded' ? loaded(change(loadable.value)) : loadable;
}

export function valueOf<T>(loadable: Loadable<T>): T | undefined {
  return loadable.state === 'loaded' ? loadable.value : undefined;
}

/** Loads `target` once, the first time something subscribes to it. */
export function loadOnce<T>(target: WritableAtom<Loadable<T>>, load: () => Promise<T>): () => void {
  return () => {
    if (target.get().state === 'loaded' || target.get().state === 'loading') return;
    target.set(LOADING);
    load()
      .then((value) => target.set(loaded(value)))
      .catch((error: unknown) => target.set(isAbortError(error) ? IDLE : failed(error)));
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
        if (controller === own) target.set({ state: 'loaded', value });
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
