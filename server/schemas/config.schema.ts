import { Type, type Static } from '@sinclair/typebox';
import type { ClinicContact, PortalConfig } from '../../src/contract/portal.js';
import { assertSameShape, scalarValue, type Equal } from './common.js';

const S = Type.String();
const B = Type.Boolean();
const N = Type.Number();

export const AppConfigSchema = Type.Object({
  jsLocale: S,
  locales: Type.Array(S),
  metaTitle: S,
  metaDescription: S,
  metaFbDescription: S,
  metaKeywords: S,
  searchEngineVerificationEnabled: B,
  searchEngineVerificationId: S,
  analyticsEnabled: B,
  tagManagerId: S,
  socialPixelTrackingEnabled: B,
  socialPixelTrackingId: S,
  analyticsMeasurementId: S,
  heatmapEnabled: B,
  heatmapId: S,
  webAnalyticsEnabled: B,
  webAnalyticsDomain: S,
  analyticsConsentRequired: B,
  tagManagerScriptBaseUrl: S,
  socialPixelScriptUrl: S,
  heatmapScriptBaseUrl: S,
  webAnalyticsScriptUrl: S,
  kioskNoActivitySeconds: Type.Integer({ minimum: 1 }),
  questionnaireCss: S,
  environmentProfiles: Type.Array(S),
  keepAliveSeconds: Type.Integer({ minimum: 1 }),
  version: S,
  versionHash: S,
});

export const PortalConfigSchema = Type.Object(
  {
    app: AppConfigSchema,
    integration: Type.Object({
      sentryDSN: S,
      mapsKey: S,
      mapsTileUrl: S,
      chatDeploymentId: S,
      chatEnvironment: S,
      chatScriptUrl: S,
    }),
    bodyFigure: Type.Object({
      gradientColor: S,
      bodyPartHoverColor: S,
      bodyPartHoverTransitionTime: N,
      bodyPartsCss: S,
    }),
    radiology: Type.Object({
      name: S,
      longName: S,
      code: S,
      about: S,
      contact: S,
      aboutUrl: S,
      contactUrl: S,
      termsAndConditionsUrl: S,
      privacyPolicyUrl: S,
      confirmationHeaderUrl: S,
      domainAdmin: S,
      showCustomHeaderAndFooter: B,
      customHeader: S,
      customFooter: S,
      showMenuOnConfirmationPage: B,
      poweredByEnabled: B,
      bannerPositionCss: S,
      bannerMessage: S,
      readOnlyAccess: B,
      homeUrl: S,
      closeBanner: B,
    }),
    application: Type.Object({
      showLinkToAdminPanel: B,
      versionOnPatientPortalEnabled: B,
      referrerReportQualityFeedbackEnabled: B,
      referrerReportQualityFeedbackRedirectUrl: S,
      signInClientId: S,
      signInAuthority: S,
      patientPortalBackgroundImageEnabled: B,
      deviceInfoForMobileEnabled: B,
      otpResendSeconds: Type.Integer({ minimum: 0 }),
      contactNumberAuthEnabled: B,
    }),
    bookingRequest: Type.Object({ bookingRequestsDownloadReferralEnabled: B }),
    bookingForm: Type.Object({
      validReferralContentTypes: Type.Array(S),
      showUnableToLocateWindow: B,
      maximumDistanceKm: Type.Number({ minimum: 0 }),
      defaultLocation: Type.Object({ latitude: Type.Number(), longitude: Type.Number() }),
      weekStartsToday: B,
      slotHoldMinutes: Type.Integer({ minimum: 0 }),
      walkInEnabled: B,
    }),
  },
  { description: 'Everything the front end needs to start (spec 3)' },
);
assertSameShape<Equal<Static<typeof PortalConfigSchema>, PortalConfig>>();

export const ClinicContactSchema = Type.Object({
  id: Type.Integer(),
  slug: S,
  name: S,
  address: S,
  suburb: S,
  state: S,
  postalCode: S,
  phone: S,
  email: S,
  timeZone: Type.String({ description: 'IANA time zone, e.g. Australia/Sydney' }),
  latitude: N,
  longitude: N,
});
assertSameShape<Equal<Static<typeof ClinicContactSchema>, ClinicContact>>();

export const ClinicContactList = Type.Array(ClinicContactSchema);

const SETTING_SCALAR = scalarValue(20_000);

/** A setting, or a member of one: scalars, lists and records, two levels at most. */
const settingLevel = (inner: object) => ({
  ...SETTING_SCALAR,
  type: [...SETTING_SCALAR.type, 'array', 'object'],
  maxItems: 100,
  items: inner,
  maxProperties: 50,
  propertyNames: { maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' },
  additionalProperties: inner,
});

/** PATCH /api/dev/config/{section}: fields merged into one provider settings section. */
export const DevConfigPatchSchema = Type.Record(
  Type.String(),
  Type.Unsafe<unknown>(settingLevel(settingLevel(SETTING_SCALAR))),
  { maxProperties: 50, propertyNames: { maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*$' } },
);
