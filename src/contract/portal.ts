/**
 * Request and response shapes shared by the portal and the reference API
 * (server/). Field names are the spec's (section 3) verbatim: they are the
 * API contract with providers' existing back ends.
 */
import type { Clinic } from './clinic';

/** Spec 3 "App configuration". */
export interface AppConfig {
  jsLocale: string;
  /**
   * The languages a patient may choose in the frame (issue 13 part 8), as
   * locale tags the portal ships (en-AU, mk…); fewer than two: no language switcher.
   */
  locales: string[];
  metaTitle: string;
  metaDescription: string;
  metaFbDescription: string;
  metaKeywords: string;
  searchEngineVerificationEnabled: boolean;
  searchEngineVerificationId: string;
  /** The master switch of every analytics loader (R-7-calls-58; docs/integrations.md). */
  analyticsEnabled: boolean;
  /** Google Tag Manager container id (GTM-…). */
  tagManagerId: string;
  socialPixelTrackingEnabled: boolean;
  /** The social pixel's id (a Meta pixel id). */
  socialPixelTrackingId: string;
  /** Google Analytics 4 measurement id (G-…), loaded with gtag.js. */
  analyticsMeasurementId: string;
  heatmapEnabled: boolean;
  /** The heatmap tool's site id (a Hotjar site id). */
  heatmapId: string;
  webAnalyticsEnabled: boolean;
  /** The site as registered with the privacy-friendly web-analytics tool (Plausible's data-domain). */
  webAnalyticsDomain: string;
  /** Analytics load only after the visitor's consent, given by the host page (docs/integrations.md). */
  analyticsConsentRequired: boolean;
  /**
   * Where each vendor's script comes from: the vendor by default
   * (src/contract/integrations.ts); a provider's proxy or a test's local
   * server otherwise. The server's Content-Security-Policy follows them.
   */
  tagManagerScriptBaseUrl: string;
  socialPixelScriptUrl: string;
  heatmapScriptBaseUrl: string;
  webAnalyticsScriptUrl: string;
  /** Kiosk idle time before the inactivity modal opens (spec 4 "Kiosk inactivity"). */
  kioskNoActivitySeconds: number;
  questionnaireCss: string;
  /** Active environment profiles; the frame shows them top-left outside production (R-2.3-37). */
  environmentProfiles: string[];
  /** Keep-alive interval in seconds, default 600 (R-9-03). */
  keepAliveSeconds: number;
  version: string;
  versionHash: string;
}

/** Spec 3 "Integration config". */
export interface IntegrationConfig {
  sentryDSN: string;
  mapsKey: string;
  /** Tile URL template for the map; `{key}` is replaced by mapsKey. */
  mapsTileUrl: string;
  /** The chat vendor's deployment; empty: no chat, nothing of the vendor loads (R-1-30). */
  chatDeploymentId: string;
  /** The vendor's messenger environment (region), e.g. prod-apse2. */
  chatEnvironment: string;
  /** The vendor's bootstrap script; its origin is allowed in the portal pages' CSP. */
  chatScriptUrl: string;
}

/** Spec 3 "Body-figure config". */
export interface BodyFigureConfig {
  gradientColor: string;
  bodyPartHoverColor: string;
  bodyPartHoverTransitionTime: number;
  bodyPartsCss: string;
}

/** Spec 3 "radiology config". */
export interface RadiologyConfig {
  name: string;
  longName: string;
  code: string;
  about: string;
  contact: string;
  aboutUrl: string;
  contactUrl: string;
  termsAndConditionsUrl: string;
  privacyPolicyUrl: string;
  confirmationHeaderUrl: string;
  domainAdmin: string;
  showCustomHeaderAndFooter: boolean;
  customHeader: string;
  customFooter: string;
  showMenuOnConfirmationPage: boolean;
  poweredByEnabled: boolean;
  bannerPositionCss: string;
  /** HTML of the dismissible banner; empty means no banner (R-2.3-01). */
  bannerMessage: string;
  /** Shows the read-only access banner (R-2.3-03). */
  readOnlyAccess: boolean;
  homeUrl: string;
  closeBanner: boolean;
}

/** Spec 3 "application config". */
export interface ApplicationConfig {
  showLinkToAdminPanel: boolean;
  versionOnPatientPortalEnabled: boolean;
  referrerReportQualityFeedbackEnabled: boolean;
  referrerReportQualityFeedbackRedirectUrl: string;
  signInClientId: string;
  signInAuthority: string;
  patientPortalBackgroundImageEnabled: boolean;
  deviceInfoForMobileEnabled: boolean;
  otpResendSeconds: number;
  contactNumberAuthEnabled: boolean;
}

export interface BookingRequestConfig {
  bookingRequestsDownloadReferralEnabled: boolean;
}

export interface BookingFormConfig {
  validReferralContentTypes: string[];
  /** Spec 4 "Location and slots": ask for a post code when the location lookup fails. */
  showUnableToLocateWindow: boolean;
  /** Farther than this from every clinic, the default location is used (0 = no limit). */
  maximumDistanceKm: number;
  /** Used when nothing else gives a location (spec 4). */
  defaultLocation: { latitude: number; longitude: number };
  /** R-9-25: the week view starts today instead of on the locale's first weekday. */
  weekStartsToday: boolean;
  /** Minutes a chosen slot is held for the patient while they fill the form. */
  slotHoldMinutes: number;
  /** Walk-in pairing of modalities is offered (spec 4 "Walk-in"). */
  walkInEnabled: boolean;
}

/** GET /api/config/portal: everything the front end needs to start. */
export interface PortalConfig {
  app: AppConfig;
  integration: IntegrationConfig;
  bodyFigure: BodyFigureConfig;
  radiology: RadiologyConfig;
  application: ApplicationConfig;
  bookingRequest: BookingRequestConfig;
  bookingForm: BookingFormConfig;
}

/** Spec 3 "User". */
export interface User {
  username: string;
  userId: string;
  organization: string | null;
  currentDoctor: { firstName: string; lastName: string } | null;
}

/** GET /api/authenticated. */
export interface AuthenticationStatus {
  authenticated: boolean;
  user: User | null;
  /** A JSON string of translation overrides (spec 3 "Authentication response"). */
  roleTranslations: string | null;
}

/** A clinic as listed by GET /api/config/contact. */
export type ClinicContact = Clinic;

/** Every 4xx/5xx body of the reference API. */
export interface ApiErrorBody {
  statusCode: number;
  /** An i18n message key, e.g. message.authentication_error. */
  message: string;
  error?: string;
  /**
   * A wrong date of birth or code: how many more tries this browser has
   * before the 15-minute block (spec 4 "Authentication").
   */
  attemptsLeft?: number;
}

/** A flat bundle: message key → text. */
export type TranslationBundle = Record<string, string>;

export const APPLICATION_ASSETS = [
  'confirmation_header',
  'check_in_header',
  'header_tablet',
  'header',
  'image_viewer_banner',
  'favicon',
  'patient_portal_background',
] as const;
export type ApplicationAsset = (typeof APPLICATION_ASSETS)[number];
