import { useStore } from '@nanostores/react';
import { useQuietStore } from '../stores/useQuietStore';
import { assetUrl } from '../api/assets';
import {
  compactHeaderImage,
  headerAsset,
  homeLink,
  isAdvancedBooking,
  pageType,
} from '../domain/frame';
import { $config, $configError } from '../stores/config.store';
import { $user, logOut } from '../stores/user.store';
import { textOr } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import { useInjectedCss } from '../element/useInjectedCss';
import { MOBILE_QUERY, TABLET_QUERY, useMediaQuery } from '../ui/useMediaQuery';
import { Banner, ReadOnlyBanner } from './Banner';
import { Footer } from './Footer';
import { Header } from './Header';
import { EnvironmentLabel, LoadingOverlay } from './LoadingOverlay';

export interface FrameProps {
  /** The current path, set by the host page's router. */
  path?: string;
  /** The current query string (with or without '?'). */
  search?: string;
  kioskMode?: boolean;
  /** The host page is loading the next route (R-2.3-36). */
  loading?: boolean;
  /** The widget's shadow root, for the provider's run-time CSS. */
  shadowRoot?: ShadowRoot;
}

/** The shared frame of spec 2.3 around whatever the host page slots in. */
export function Frame({
  path = '/',
  search = '',
  kioskMode = false,
  loading = false,
  shadowRoot,
}: FrameProps) {
  const t = useT();
  const config = useQuietStore($config);
  const configError = useQuietStore($configError);
  const user = useStore($user);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const tablet = useMediaQuery(TABLET_QUERY);
  useInjectedCss(shadowRoot, config?.radiology.bannerPositionCss);

  if (!config) {
    return configError ? (
      <div className="frame-error" role="alert">
        {t('message.error_general')}
      </div>
    ) : (
      <LoadingOverlay />
    );
  }

  const home = homeLink(path, search, kioskMode);
  const type = pageType(path);
  const showFooter = !mobile && !isAdvancedBooking(path);

  return (
    <div
      className="frame"
      data-page-type={type}
      data-kiosk={kioskMode ? 'true' : 'false'}
      data-background={config.application.patientPortalBackgroundImageEnabled ? 'on' : 'off'}
      style={backgroundImage(config.application.patientPortalBackgroundImageEnabled)}
    >
      <a className="skip-link" href="#main" onClick={focusMain}>
        {t('frame.skip_to_content')}
      </a>
      <EnvironmentLabel profiles={config.app.environmentProfiles} />
      {config.radiology.readOnlyAccess && <ReadOnlyBanner />}
      <Banner
        html={textOr('radiology.bannerMessage', config.radiology.bannerMessage)}
        closable={config.radiology.closeBanner}
      />
      <Header
        config={config}
        user={user}
        path={path}
        home={home}
        kioskMode={kioskMode}
        onLogout={() => void logOut()}
      />
      <div
        className="header-image"
        part="header-image"
        data-size={compactHeaderImage(path) ? 'compact' : undefined}
      >
        <img src={assetUrl(headerAsset(type, tablet))} alt="" />
      </div>
      <main id="main" className="frame__main" part="main" tabIndex={-1}>
        <slot />
      </main>
      {showFooter && <Footer config={config} home={home} kioskMode={kioskMode} />}
      {loading && <LoadingOverlay />}
    </div>
  );
}

/**
 * R-9-36: the background image as a CSS variable, which frame-layout.css
 * uses on non-mobile screens only; the URL follows api-base. React sets it
 * with setProperty, so an odd api-base can make the url() invalid, not more.
 */
function backgroundImage(enabled: boolean): React.CSSProperties | undefined {
  return enabled
    ? {
        ['--imaging-frame-background-image' as string]: `url("${assetUrl('patient_portal_background')}")`,
      }
    : undefined;
}

/** In-page anchors do not cross the shadow root, so the skip link moves focus itself. */
function focusMain(event: React.MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const root = event.currentTarget.getRootNode() as ShadowRoot;
  const main = root.getElementById('main');
  main?.focus();
}
