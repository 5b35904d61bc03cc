/**
 * The dismissible banner (R-2.3-02, R-4-kiosk-13). Once closed it stays
 * closed for the browser session, also across elements and page loads.
 */
import { map, onMount } from 'nanostores';
import { readVisit, writeVisit } from './visit-storage';

export interface BannerState {
  closeBanner: boolean;
}

export const $banner = map<BannerState>({ closeBanner: false });

const STORAGE_KEY = 'imaging-portal.closeBanner';

/** R-4-kiosk-13: closing sets closeBanner true. */
export function closeBanner(): void {
  $banner.setKey('closeBanner', true);
  writeVisit(STORAGE_KEY, 'true');
}

onMount($banner, () => {
  if (readVisit(STORAGE_KEY) === 'true') $banner.setKey('closeBanner', true);
});
