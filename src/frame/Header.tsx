import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { PortalConfig, User } from '../contract/portal';
import { assetUrl } from '../api/assets';
import { adminLoginUrl, isConfirmationPage } from '../domain/frame';
import { isSupportedLocale } from '../i18n/locales';
import { useT } from '../i18n/useT';
import { MOBILE_QUERY, useMediaQuery } from '../ui/useMediaQuery';
import { SafeHtml } from '../ui/SafeHtml';
import { menuItems } from './menu-items';
import { UserMenu } from './UserMenu';
import { importWithRetry } from '../ui/lazy-retry';

// Issue 13 part 8: the switcher loads after the header (the frame's 100 kB first-load budget).
const LanguageMenu = lazy(() =>
  importWithRetry(() => import('./LanguageMenu')).then((module) => ({
    default: module.LanguageMenu,
  })),
);

interface HeaderProps {
  config: PortalConfig;
  user: User | null;
  path: string;
  home: string;
  kioskMode: boolean;
  onLogout: () => void;
}

/** The top navigation of spec 2.3, collapsible below the 1120 px breakpoint. */
export function Header({ config, user, path, home, kioskMode, onLogout }: HeaderProps) {
  const t = useT();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [open, setOpen] = useState(false);
  const navId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // A new page closes the phone menu: it must not cover the page the patient chose.
  useEffect(() => setOpen(false), [path]);
  const { radiology, application } = config;
  const confirmation = isConfirmationPage(path);
  // R-2.3-07, except on a kiosk: an external site would strand the next patient off the kiosk.
  const external = confirmation && !kioskMode && radiology.confirmationHeaderUrl;
  const logoHref = external ? radiology.confirmationHeaderUrl : home;
  const showMenu = !confirmation || radiology.showMenuOnConfirmationPage;
  const showLogin =
    application.showLinkToAdminPanel && !kioskMode && !user && !!radiology.domainAdmin;
  const items = menuItems(radiology, home, kioskMode);
  // The provider's languages (app.locales) that the portal ships; two or more make a switcher.
  const locales = config.app.locales.filter(isSupportedLocale);
  const expanded = !mobile || open;

  return (
    <header className="header" part="header" data-layout={mobile ? 'mobile' : 'desktop'}>
      <div className="header__bar">
        <a className="header__logo" href={logoHref} part="logo">
          <img src={assetUrl('favicon')} alt="" width="32" height="32" />
          <span>{radiology.name}</span>
        </a>
        {radiology.showCustomHeaderAndFooter && radiology.customHeader && !mobile && !kioskMode && (
          <SafeHtml
            html={radiology.customHeader}
            className="header__message"
            part="header-message"
          />
        )}
        {showMenu && mobile && (
          <button
            type="button"
            ref={toggle}
            className="header__toggle"
            aria-expanded={open}
            aria-controls={navId}
            onClick={() => setOpen(!open)}
          >
            <span aria-hidden="true">☰</span>
            {t('menu.open')}
          </button>
        )}
        {showMenu && (
          <nav
            id={navId}
            className="nav"
            aria-label={t('menu.label')}
            hidden={!expanded}
            part="nav"
          >
            <ul className="nav__list">
              {items.map((item) => (
                <li key={item.id}>
                  <a
                    className="nav__link"
                    href={item.href}
                    aria-current={
                      !item.external && item.href.split('?')[0] === path ? 'page' : undefined
                    }
                    {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {t(item.labelKey, { name: radiology.name })}
                  </a>
                </li>
              ))}
              {locales.length > 1 && (
                <li>
                  <Suspense>
                    <LanguageMenu
                      locales={locales}
                      onChosen={
                        mobile
                          ? () => {
                              // The phone menu closes too: the patient sees the page in their language.
                              setOpen(false);
                              toggle.current?.focus();
                            }
                          : undefined
                      }
                    />
                  </Suspense>
                </li>
              )}
              {showLogin && (
                <li>
                  <a className="nav__link" href={adminLoginUrl(radiology.domainAdmin)}>
                    {t('menu.login')}
                  </a>
                </li>
              )}
              {user && (
                <li>
                  <UserMenu user={user} adminUrl={radiology.domainAdmin} onLogout={onLogout} />
                </li>
              )}
            </ul>
          </nav>
        )}
      </div>
    </header>
  );
}
