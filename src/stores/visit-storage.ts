/**
 * What the portal keeps for the visit (sessionStorage: through reloads and
 * navigation, until the tab closes): the closed banner, the chosen
 * language. Where the page may not use storage (sandboxed frames and strict
 * privacy modes throw on access) nothing is kept, and nothing breaks.
 */
export function readVisit(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeVisit(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Full or denied: it holds until the page is loaded again.
  }
}
