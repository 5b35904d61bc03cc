import type { RadiologyConfig } from '../contract/portal';
import { menuTarget, type MenuTarget } from '../domain/frame';

export interface MenuItem extends MenuTarget {
  id: 'home' | 'about' | 'contact' | 'terms' | 'privacy';
  labelKey: string;
}

/** R-2.3-08..10: Home, About {name}, Contact, Terms, Privacy. */
export function menuItems(radiology: RadiologyConfig, home: string): MenuItem[] {
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
