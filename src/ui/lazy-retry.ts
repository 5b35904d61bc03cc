/**
 * Loading a part of the page on demand that survives a dropped connection
 * (issue 15 part 7): a failed chunk import waits until the browser is online
 * again and tries again, a few times, before it gives up to the LoadBoundary.
 * Without this a patient who lost their signal between two steps saw an empty
 * page: React drops the whole tree when a lazy part fails.
 */
const ATTEMPTS = 4;
const PAUSE_MS = 800;

function whenOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine) return Promise.resolve();
  return new Promise((resolve) =>
    window.addEventListener('online', () => resolve(), { once: true }),
  );
}

/** `load`, tried again after each failure once the browser is online. */
export async function importWithRetry<T>(load: () => Promise<T>, attempts = ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await whenOnline();
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * attempt));
    }
  }
}
