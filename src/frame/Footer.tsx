import { useId } from 'react';
import type { PortalConfig } from '../contract/portal';
import { useT } from '../i18n/useT';
import { SafeHtml } from '../ui/SafeHtml';
import { menuItems } from './menu-items';

interface FooterProps {
  config: PortalConfig;
  home: string;
  kioskMode?: boolean;
}

/**
 * R-2.3-21..27. The caller hides it on mobile and in advanced booking; custom
 * footer HTML replaces it when the custom header/footer is on.
 */
export function Footer({ config, home, kioskMode = false }: FooterProps) {
  const t = useT();
  const tooltipId = useId();
  const { radiology, app, application } = config;
  // A custom footer's links may lead anywhere: a kiosk shows the portal's own.
  if (radiology.showCustomHeaderAndFooter && radiology.customFooter && !kioskMode) {
    return (
      <footer className="footer" part="footer">
        <SafeHtml html={radiology.customFooter} />
      </footer>
    );
  }
  const items = menuItems(radiology, home, kioskMode);
  return (
    <footer className="footer" part="footer">
      <nav aria-label={t('footer.label')}>
        <ul className="footer__links">
          {items.map((item) => (
            <li key={item.id}>
              <a
                href={item.href}
                {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {t(item.labelKey, { name: radiology.name })}
              </a>
            </li>
          ))}
          {radiology.homeUrl && !kioskMode && (
            <li>
              <a href={radiology.homeUrl} target="_blank" rel="noopener noreferrer">
                {t('footer.external_home', { name: radiology.name })}
              </a>
            </li>
          )}
        </ul>
      </nav>
      <p className="footer__meta">
        <span>
          {t('footer.copyright', { year: new Date().getFullYear(), name: radiology.longName })}
        </span>
        {application.versionOnPatientPortalEnabled && (
          <span className="footer__version" tabIndex={0} aria-describedby={tooltipId}>
            {t('footer.version', { version: app.version })}
            <span role="tooltip" id={tooltipId}>
              {t('footer.version_tooltip', { version: app.version, hash: app.versionHash })}
            </span>
          </span>
        )}
        {radiology.poweredByEnabled && <span>{t('footer.powered_by')}</span>}
      </p>
    </footer>
  );
}
