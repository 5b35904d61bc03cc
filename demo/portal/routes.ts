/** A matched route as the router gives it. */
export interface RoutedPage {
  route: string;
  path: string;
  params: Record<string, string>;
  search: Record<string, string>;
}

/** Which shell a route renders in (spec 2.1). */
export type Shell = 'main' | 'iframe' | 'bare';

export interface RouteView {
  /** The custom element that serves the route. */
  tag: string;
  /** Loads the element's definition on demand (R-2.1-11); absent until its issue lands. */
  load?: () => Promise<unknown>;
  attrs?: (page: RoutedPage) => Record<string, string>;
}

const loadPages = () => import('../../widgets/pages/define');

const loadBooking = () => import('../../widgets/booking/define');
/**
 * R-2.1-07, R-2.2-04/05: /questionnaires and /q take every parameter; no guard stops them.
 * They render inside the frame (issue 13, docs/decisions.md "Questionnaires in the frame").
 */
const questionnaire: RouteView = {
  tag: 'imaging-questionnaire',
  load: () => import('../../widgets/questionnaire/define'),
};
const booking: RouteView = { tag: 'imaging-booking', load: loadBooking };
/** The confirmation paths (R-2.1-23..26) show the booking's own page, behind a patient session. */
const appointment: RouteView = {
  tag: 'imaging-appointment',
  load: () => import('../../widgets/appointment/define'),
};
/** Issue 17: a referrer's image link (R-2.1-05, R-2.2-14); under /iframe as referrer-access (R-2.1-02). */
const referrerViewer: RouteView = {
  tag: 'imaging-referrer-viewer',
  load: () => import('../../widgets/referrer-viewer/define'),
};
/** Issue 17: a patient's report, pain scores and images (R-2.1-18/19). */
const results: RouteView = {
  tag: 'imaging-results',
  load: () => import('../../widgets/results/define'),
};
const bookingRequest: RouteView = {
  tag: 'imaging-booking-request',
  load: () => import('../../widgets/booking-request/define'),
};
const infoPage = (name: string): RouteView => ({
  tag: 'imaging-page',
  load: loadPages,
  attrs: () => ({ page: name }),
});

/** Children of the main shell; the iframe shell has the same children under /iframe (R-2.1-02, R-2.1-08). */
export const shellRoutes = {
  home: '/',
  homePage: '/home',
  kiosk: '/kiosk',
  advancedBooking: '/advanced-booking',
  selectRegion: '/select-region',
  selectClinic: '/select-clinic',
  booking: '/booking',
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  authentication: '/authentication',
  imageViewerAccess: '/image-viewer-access',
  appointmentPending: '/appointments/pending/:bookingKey',
  appointmentKiosk: '/appointments/:bookingKey/kiosk',
  appointmentResultPatient: '/appointments/:bookingKey/result/patient',
  appointmentResult: '/appointments/:bookingKey/result',
  appointment: '/appointments/:bookingKey',
  appointmentAlias: '/a/:bookingKey',
  bookingRequest: '/booking-requests/:bookingKey',
  bookingRequestAlias: '/br/:bookingKey',
  checkIn: '/check-in',
  referrerAccess: '/referrer-access',
  deny: '/deny',
  reportFeedback: '/referrer/report-feedback',
  reportFeedbackFaq: '/referrer/report-feedback/faq',
  // Only as /iframe/questionnaires (R-2.1-02): the top-level route below serves /questionnaires.
  questionnairesInShell: '/questionnaires',
} as const;

/** Top-level routes (R-2.1-04..07): outside the main shell unless FRAMED_TOP_ROUTES names them. */
export const topRoutes = {
  quickReport: '/referrer/quick-report',
  previewEmail: '/preview-email',
  questionnaires: '/questionnaires',
  questionnairesAlias: '/q',
  iframeTest: '/iframe-test',
  iframeRoot: '/iframe',
  // Issue 17: the built-in viewer's page, /api/image_viewer's url (#dicomweb=…&study=…&token=…).
  imageViewer: '/image-viewer',
} as const;

export type ShellRoute = keyof typeof shellRoutes;

/**
 * Top-level routes shown inside the frame: the questionnaires are a step of
 * the booking (exam → questions → clinic → time) and open as a modal over a
 * page that says what they are about, with the portal's header around it
 * (issue 13). The route stays top-level: its URL and parameters are the spec's.
 */
const FRAMED_TOP_ROUTES: ReadonlySet<string> = new Set(['questionnaires', 'questionnairesAlias']);

export const views: Record<ShellRoute | keyof typeof topRoutes, RouteView> = {
  home: booking,
  homePage: booking,
  // The kiosk home (issue 16): check in or book a scan; the portal keeps kiosk mode on it.
  kiosk: { tag: 'imaging-kiosk', load: () => import('../../widgets/kiosk/define') },
  advancedBooking: booking,
  selectRegion: booking,
  selectClinic: booking,
  booking,
  about: infoPage('about'),
  contact: infoPage('contact'),
  terms: infoPage('terms'),
  privacy: infoPage('privacy'),
  authentication: { tag: 'imaging-auth', load: () => import('../../widgets/auth/define') },
  imageViewerAccess: { tag: 'imaging-referrer-viewer' },
  appointmentPending: appointment,
  appointmentKiosk: appointment,
  appointmentResultPatient: results,
  appointmentResult: results,
  appointment,
  appointmentAlias: appointment,
  bookingRequest,
  bookingRequestAlias: bookingRequest,
  // The kiosk's Check in (issue 16): <imaging-checkin kiosk-mode>.
  checkIn: {
    tag: 'imaging-checkin',
    load: () => import('../../widgets/checkin/define'),
    attrs: (page): Record<string, string> =>
      page.search.kioskMode === 'true' ? { 'kiosk-mode': '' } : {},
  },
  referrerAccess: referrerViewer,
  deny: { tag: 'imaging-deny', load: () => import('../../widgets/deny/define') },
  reportFeedback: { tag: 'imaging-report-feedback' },
  reportFeedbackFaq: { tag: 'imaging-report-feedback', attrs: () => ({ page: 'faq' }) },
  questionnairesInShell: questionnaire,
  quickReport: referrerViewer,
  previewEmail: { tag: 'imaging-email-preview' },
  questionnaires: questionnaire,
  questionnairesAlias: questionnaire,
  iframeTest: { tag: 'iframe' },
  iframeRoot: booking,
  imageViewer: {
    tag: 'imaging-image-viewer',
    load: () => import('../../widgets/image-viewer/define'),
    attrs: () => ({ 'from-page-url': '' }),
  },
};

/** The route table for @nanostores/router: top-level first, then the shell, then the shell under /iframe. */
export function routeTable(): Record<string, string> {
  const table: Record<string, string> = { ...topRoutes };
  for (const [name, pattern] of Object.entries(shellRoutes)) {
    if (name !== 'questionnairesInShell') table[name] = pattern;
  }
  for (const [name, pattern] of Object.entries(shellRoutes)) {
    table[`iframe:${name}`] = `/iframe${pattern === '/' ? '' : pattern}`;
  }
  return table;
}

export function shellOf(route: string): Shell {
  if (route.startsWith('iframe:') || route === 'iframeRoot') return 'iframe';
  if (route in topRoutes && !FRAMED_TOP_ROUTES.has(route)) return 'bare';
  return 'main';
}

export function viewOf(route: string): RouteView | undefined {
  const name = route.replace(/^iframe:/, '') as keyof typeof views;
  return views[name];
}
