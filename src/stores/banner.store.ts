/**
 * The dismissible banner (R-2.3-02, R-4-kiosk-13). Once closed it stays
 * closed for the browser session, also across elements and page loads.
 */
import { map, onMount } from 'nanostores';

export interface BannerState {
  closeBanner: boolean;
}

export const $banner = map<BannerState>({ closeBanner: false });

const STORAGE_KEY = 'imaging-portal.closeBanner';

/** sessionStorage, when the page may use it: sandboxed frames and strict privacy modes throw on access. */
function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** R-4-kiosk-13: closing sets closeBanner true. */
export function closeBanner(): void {
  $banner.setKey('closeBanner', true);
  try {
    storage()?.setItem(STORAGE_KEY, 'true');
  } catch {
    // Storage full or denied: the banner stays closed until the next page load.
  }
}

onMount($banner, () => {
  try {
    if (storage()?.getItem(STORAGE_KEY) === 'true') $banner.setKey('closeBanner', true);
  } catch {
    // As above: without storage the banner simply shows again.
  }
});
