import type { RadiologyConfig } from '../contract/portal';
import { menuTarget, type MenuTarget } from '../domain/frame';

export interface MenuItem extends MenuTarget {
  id: 'home' | 'about' | 'contact' | 'terms' | 'privacy';
  labelKey: string;
}

/**
 * R-2.3-08..10: Home, About {name}, Contact, Terms, Privacy. On a kiosk
 * (issue 16) every page keeps kioskMode=true and an external site is no
 * choice at all: the next patient would find the kiosk stranded there.
 */
export function menuItems(radiology: RadiologyConfig, home: string, kioskMode = false): MenuItem[] {
  const items = allItems(radiology, home);
  if (!kioskMode) return items;
  return items
    .filter((item) => !item.external)
    .map((item) => ({ ...item, href: withKioskMode(item.href) }));
}

/** An internal href with kioskMode=true in its query. */
export function withKioskMode(href: string): string {
  const url = new URL(href, 'http://portal.invalid');
  url.searchParams.set('kioskMode', 'true');
  return `${url.pathname}${url.search}${url.hash}`;
}

function allItems(radiology: RadiologyConfig, home: string): MenuItem[] {
  return [
    { id: 'home', labelKey: 'menu.home', href: home, external: false },
    { id: 'about', labelKey: 'menu.about', ...menuTarget('/about', radiology.aboutUrl) },
    { id: 'contact', labelKey: 'menu.contact', ...menuTarget('/contact', radiology.contactUrl) },
    {
      id: 'terms',
      labelKey: 'menu.terms',
      ...menuTarget('/terms', radiology.termsAndConditionsUrl),
    },
    { id: 'privacy', labelKey: 'menu.privacy', href: '/privacy', external: false },
  ];
}
