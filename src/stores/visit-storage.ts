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

/** What outlives the visit (localStorage: other tabs, the next visit), where storage is allowed. */
export function readKept(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeKept(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Full or denied: the choice lasts for this visit only.
  }
}
