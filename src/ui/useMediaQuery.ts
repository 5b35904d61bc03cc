import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; re-renders when it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Spec 9: the mobile breakpoint is 1120 px (R-9-31). */
export const MOBILE_QUERY = '(max-width: 1119.98px)';
/** Tablets get the tablet header image (R-2.3-32). */
export const TABLET_QUERY = '(min-width: 600px) and (max-width: 1119.98px)';
