/**
 * Rules of the shared frame (spec 2.3): page types, home link, header image
 * and menu targets. Pure: no DOM, no React, no network.
 */

export type PageType = 'confirmation' | 'home' | 'check-in' | 'other';

/** The first URL segment, ignoring the /iframe shell prefix (R-2.3-28). */
export function firstSegment(path: string): string {
  const segments = path.split('?')[0]!.split('/').filter(Boolean);
  const first = segments[0] === 'iframe' ? segments[1] : segments[0];
  return first ?? '';
}

const CONFIRMATION_SEGMENTS = [
  'appointments',
  'booking-requests',
  'unsubscribe',
  'authentication',
  'a',
];
const HOME_SEGMENTS = ['home', 'booking-requests', 'unsubscribe'];

/** R-2.3-29 */
export function isConfirmationPage(path: string): boolean {
  return CONFIRMATION_SEGMENTS.includes(firstSegment(path));
}

/** R-2.3-30: the root path is the home page too. */
export function isHomeTypePage(path: string): boolean {
  const first = firstSegment(path);
  return first === '' || HOME_SEGMENTS.includes(first);
}

/** R-2.3-28..31. Confirmation wins over home for booking-requests (it is both). */
export function pageType(path: string): PageType {
  if (firstSegment(path) === 'check-in') return 'check-in';
  if (isConfirmationPage(path)) return 'confirmation';
  if (isHomeTypePage(path)) return 'home';
  return 'other';
}

export function isAdvancedBooking(path: string): boolean {
  return path.includes('advanced-booking');
}

export type HeaderAsset = 'confirmation_header' | 'check_in_header' | 'header_tablet' | 'header';

/** R-2.3-32: the header image by page type and tablet. */
export function headerAsset(type: PageType, isTablet: boolean): HeaderAsset {
  if (type === 'confirmation') return 'confirmation_header';
  if (type === 'check-in') return 'check_in_header';
  return isTablet ? 'header_tablet' : 'header';
}

/** R-2.3-33..35: /kiosk in kiosk mode, /advanced-booking there, else /; kioskMode and regionSlug carried. */
export function homeLink(path: string, search: string, kioskMode: boolean): string {
  const current = new URLSearchParams(search);
  const carried = new URLSearchParams();
  const kiosk = kioskMode || current.get('kioskMode') === 'true';
  if (kiosk) carried.set('kioskMode', 'true');
  const region = current.get('regionSlug');
  if (region) carried.set('regionSlug', region);
  const base = kiosk ? '/kiosk' : isAdvancedBooking(path) ? '/advanced-booking' : '/';
  const query = carried.toString();
  return query ? `${base}?${query}` : base;
}

export interface MenuTarget {
  href: string;
  external: boolean;
}

/** R-2.3-09/10: the internal page unless an external URL is configured. */
export function menuTarget(
  internalPath: string,
  externalUrl: string | undefined | null,
): MenuTarget {
  const url = externalUrl?.trim();
  return url ? { href: url, external: true } : { href: internalPath, external: false };
}

/** R-2.3-11: the admin host's /login path. */
export function adminLoginUrl(domainAdmin: string): string {
  return `${domainAdmin.replace(/\/+$/, '')}/login`;
}

/** R-2.3-14: the doctor's name only when the user has no organization. */
export function displayName(user: {
  username: string;
  organization: string | null;
  currentDoctor: { firstName: string; lastName: string } | null;
}): string {
  if (!user.organization && user.currentDoctor) {
    return `${user.currentDoctor.firstName} ${user.currentDoctor.lastName}`;
  }
  return user.username;
}

/** The booking flow's steps after the first: the task, not the hero, fills the first screen. */
const FLOW_STEPS = new Set(['select-region', 'select-clinic', 'booking', 'questionnaires']);

/** A compact header image on the booking flow's later steps (the time step above the fold). */
export function compactHeaderImage(path: string): boolean {
  return FLOW_STEPS.has(firstSegment(path));
}
