/**
 * The demonstration provider "Harbour Imaging": everything `seed.ts` writes
 * into an empty database. Edit here to change what a fresh portal shows.
 * Phone numbers use the ranges reserved for fiction (AU 5550 xxxx) and
 * e-mail addresses the reserved .example domain.
 */
import {
  HEATMAP_SCRIPT_BASE_URL,
  SOCIAL_PIXEL_SCRIPT_URL,
  TAG_MANAGER_SCRIPT_BASE_URL,
  WEB_ANALYTICS_SCRIPT_URL,
} from '../../src/contract/integrations.js';
import type { TranslationBundle } from '../../src/contract/portal.js';
import type { StoredPortalConfig } from './settings.repo.js';

const WEB = 'https://www.harbour-imaging.example';

export const providerConfig: StoredPortalConfig = {
  app: {
    jsLocale: 'en-AU',
    locales: ['en-AU', 'mk'],
    metaTitle: 'Harbour Imaging | Book an X-ray, CT, MRI or ultrasound online',
    metaDescription:
      'Book medical imaging at Harbour Imaging clinics in Sydney, Perth and Auckland.',
    metaFbDescription: 'Book your scan online at a Harbour Imaging clinic near you.',
    metaKeywords: 'radiology, medical imaging, MRI, CT, X-ray, ultrasound, mammography, booking',
    searchEngineVerificationEnabled: false,
    searchEngineVerificationId: '',
    analyticsEnabled: false,
    tagManagerId: '',
    socialPixelTrackingEnabled: false,
    socialPixelTrackingId: '',
    analyticsMeasurementId: '',
    heatmapEnabled: false,
    heatmapId: '',
    webAnalyticsEnabled: false,
    webAnalyticsDomain: '',
    analyticsConsentRequired: false,
    tagManagerScriptBaseUrl: TAG_MANAGER_SCRIPT_BASE_URL,
    socialPixelScriptUrl: SOCIAL_PIXEL_SCRIPT_URL,
    heatmapScriptBaseUrl: HEATMAP_SCRIPT_BASE_URL,
    webAnalyticsScriptUrl: WEB_ANALYTICS_SCRIPT_URL,
    kioskNoActivitySeconds: 120,
    questionnaireCss: '',
    keepAliveSeconds: 600,
  },
  integration: {
    sentryDSN: '',
    mapsKey: '',
    mapsTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    chatDeploymentId: '',
    chatEnvironment: 'prod-apse2',
    chatScriptUrl: 'https://apps.mypurecloud.com.au/genesys-bootstrap/genesys.min.js',
  },
  bodyFigure: {
    gradientColor: '#0b6e99',
    bodyPartHoverColor: '#f29f05',
    bodyPartHoverTransitionTime: 300,
    bodyPartsCss: '',
  },
  radiology: {
    name: 'Harbour Imaging',
    longName: 'Harbour Imaging Group Pty Ltd',
    code: 'HIG',
    about:
      '<p>Harbour Imaging is a radiologist-led practice with clinics across Sydney, Perth and Auckland.</p>' +
      '<p>We offer MRI, CT, X-ray, ultrasound, mammography and nuclear medicine, with reports sent to your doctor the same day.</p>',
    contact:
      '<p>Call <a href="tel:+61255500100">(02) 5550 0100</a> (Sydney), <a href="tel:+61855500200">(08) 5550 0200</a> (Perth) ' +
      'or <a href="tel:+6495550300">(09) 555 0300</a> (Auckland), Monday to Friday 8 am to 6 pm.</p>' +
      '<p>E-mail <a href="mailto:bookings@harbour-imaging.example">bookings@harbour-imaging.example</a>.</p>',
    aboutUrl: '',
    contactUrl: '',
    termsAndConditionsUrl: '',
    privacyPolicyUrl: `${WEB}/privacy-policy`,
    confirmationHeaderUrl: WEB,
    domainAdmin: 'https://admin.harbour-imaging.example',
    showCustomHeaderAndFooter: false,
    customHeader: '',
    customFooter: '',
    showMenuOnConfirmationPage: true,
    poweredByEnabled: true,
    bannerPositionCss: '',
    bannerMessage:
      '<p><strong>Holiday hours:</strong> all clinics close at 1 pm on 24 December and reopen on 27 December. ' +
      '<a href="/contact">See contact details</a>.</p>',
    readOnlyAccess: false,
    homeUrl: WEB,
    closeBanner: true,
  },
  application: {
    showLinkToAdminPanel: true,
    versionOnPatientPortalEnabled: true,
    referrerReportQualityFeedbackEnabled: true,
    referrerReportQualityFeedbackRedirectUrl: `${WEB}/referrers`,
    signInClientId: '5f0c7b1e-3c1a-4a4e-9d0b-2b7f6f1d8a41',
    signInAuthority: 'https://login.microsoftonline.com/harbour-imaging.example',
    patientPortalBackgroundImageEnabled: true,
    deviceInfoForMobileEnabled: false,
    otpResendSeconds: 5,
    contactNumberAuthEnabled: true,
  },
  bookingRequest: { bookingRequestsDownloadReferralEnabled: true },
  bookingForm: {
    validReferralContentTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'],
    showUnableToLocateWindow: true,
    // Farther than this from every clinic (e.g. a visitor abroad), Sydney CBD is used.
    maximumDistanceKm: 500,
    defaultLocation: { latitude: -33.8688, longitude: 151.2093 },
    weekStartsToday: false,
    slotHoldMinutes: 10,
    walkInEnabled: true,
  },
};

export const termsHtml = `<h2>Terms of use</h2>
<p>These terms apply to the online booking portal of Harbour Imaging Group Pty Ltd ("we", "us").</p>
<h3>Bookings</h3>
<p>An online booking is a request for the time shown. We may contact you to move it when a radiologist
reviews your referral or when equipment is unavailable. Please bring your referral, Medicare card and
previous images to your appointment.</p>
<h3>Cancellations</h3>
<p>Please cancel or reschedule at least 24 hours before your appointment, online or by phone.</p>
<h3>Your information</h3>
<p>We handle your health information under the Australian Privacy Principles and the New Zealand Health
Information Privacy Code. See our privacy policy for details.</p>
<h3>Emergencies</h3>
<p>This portal is not for emergencies. In Australia call 000, in New Zealand call 111.</p>`;

export const translations: Record<string, TranslationBundle> = {
  'en-AU': {
    'radiology.welcome': 'Welcome to Harbour Imaging. Book your scan online in a few minutes.',
    'radiology.tagline': 'Radiologist-led imaging across Sydney, Perth and Auckland',
    'radiology.referral_hint': 'Have your referral from your GP or specialist ready.',
    'message.access_read_only':
      'Online booking is paused for maintenance. You can still view your appointments.',
  },
  'en-NZ': {
    'radiology.welcome':
      'Kia ora, welcome to Harbour Imaging. Book your scan online in a few minutes.',
    'radiology.tagline': 'Radiologist-led imaging in Auckland, Sydney and Perth',
    'radiology.referral_hint': 'Have the referral from your GP or specialist ready.',
  },
  'en-CA': {
    'radiology.welcome':
      'Welcome to Harbour Imaging. Book your imaging appointment online in a few minutes.',
    'radiology.referral_hint': 'Have the requisition from your physician ready.',
  },
  en: {
    'radiology.welcome': 'Welcome to Harbour Imaging. Book your scan online in a few minutes.',
    'radiology.tagline': 'Radiologist-led medical imaging',
  },
  mk: {
    'radiology.welcome':
      'Добредојдовте во Harbour Imaging. Закажете го вашиот преглед онлајн за неколку минути.',
    'radiology.tagline': 'Медицинско снимање предводено од радиолози',
    'radiology.referral_hint': 'Подгответе го упатот од вашиот лекар.',
  },
};
