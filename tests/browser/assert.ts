/** Minimal assertions for the browser tests (mocha gives describe/it). */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export function equal<T>(actual: T, expected: T, message = ''): void {
  if (actual !== expected) {
    throw new Error(
      `${message} expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
    );
  }
}

/** Polls until the check returns a truthy value (elements render asynchronously). */
export async function waitFor<T>(
  check: () => T,
  what: string,
  timeout = 5000,
): Promise<NonNullable<T>> {
  const start = performance.now();
  for (;;) {
    const value = check();
    if (value) return value as NonNullable<T>;
    if (performance.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

declare global {
  function describe(name: string, body: () => void): void;
  function it(name: string, body: () => unknown): void;
  function afterEach(body: () => unknown): void;
}
