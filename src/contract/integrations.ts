/**
 * The vendors of the optional integrations (docs/integrations.md): their
 * script addresses, the default of the settings that can replace them, and
 * the further origins each vendor's script talks to, which the portal's
 * Content-Security-Policy allows when the vendor is configured.
 */

/** Serves gtm.js (Tag Manager) and gtag/js (Google Analytics 4). */
export const TAG_MANAGER_SCRIPT_BASE_URL = 'https://www.googletagmanager.com';
export const SOCIAL_PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';
export const HEATMAP_SCRIPT_BASE_URL = 'https://static.hotjar.com';
/** Plausible's script without automatic page views: the portal sends its own, with redacted addresses. */
export const WEB_ANALYTICS_SCRIPT_URL = 'https://plausible.io/js/script.manual.js';

/** Origins the vendors' scripts load from or send to, besides the script's own origin. */
export const VENDOR_ORIGINS = {
  tagManager: {
    script: ['https://*.googletagmanager.com'],
    connect: [
      'https://*.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
  },
  socialPixel: {
    script: ['https://connect.facebook.net'],
    connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
  },
  heatmap: {
    script: ['https://static.hotjar.com', 'https://script.hotjar.com'],
    connect: ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
  },
  webAnalytics: { script: [], connect: [] },
} as const;
