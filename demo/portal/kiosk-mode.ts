/**
 * Kiosk mode in the portal (spec 4 "Kiosk inactivity", issue 16): a page
 * opened with kioskMode=true makes the tab a kiosk, and every later page
 * keeps kioskMode=true in its address, whatever link led there, until a
 * kiosk-mode message says false (kioskMode=false in the address, or the
 * iframe parent's `kioskMode` call). /kiosk is always the kiosk home.
 */
import { $kioskMode, setKioskMode } from '../../src/stores/kiosk.store';
import { kioskHome, turnEndedInThisTab } from '../../src/stores/kiosk-session';
import { $router, navigate } from './router';
import type { RoutedPage } from './routes';

/** Where the page should go instead to stay in kiosk mode, or null. */
export function kioskRedirect(page: RoutedPage): string | null {
  const asked = page.search.kioskMode;
  if (asked === 'true') setKioskMode(true);
  else if (asked === 'false') setKioskMode(false);
  const kioskHome = page.route === 'kiosk' || page.route === 'iframe:kiosk';
  if (asked !== undefined || (!$kioskMode.get() && !kioskHome)) return null;
  const search = new URLSearchParams({ ...page.search, kioskMode: 'true' });
  return `${page.path}?${search.toString()}`;
}

/** The iframe parent's kiosk-mode message: the current page again, with kioskMode set or dropped. */
export function setKioskModeFromParent(on: boolean): void {
  const page = $router.get();
  if (!page) return setKioskMode(on);
  const search = new URLSearchParams({ ...page.search, kioskMode: String(on) });
  if (!on) search.delete('kioskMode');
  setKioskMode(on);
  const query = search.toString();
  navigate(`${page.path}${query ? `?${query}` : ''}`, true);
}

/**
 * While kiosk mode is on, `<imaging-kiosk-idle>` is on the page, whatever
 * the shell: it watches for inactivity, and leaves when kiosk mode ends.
 */
export function watchIdleInKioskMode(): void {
  let idle: HTMLElement | null = null;
  $kioskMode.subscribe((on) => {
    if (!on) {
      idle?.remove();
      idle = null;
      return;
    }
    if (idle) return;
    idle = document.createElement('imaging-kiosk-idle');
    const element = idle;
    void import('../../widgets/kiosk-idle/define').then(() => {
      if (element === idle) document.body.append(element);
    });
  });
}

/**
 * Back cannot re-open a finished patient's page (issue 16). A patient's turn
 * ends with a full load of the kiosk home (src/stores/kiosk-session.ts), and
 * within a turn every page is a route change of one document. So in kiosk
 * mode a document that loads a patient's page, reached by Back or Forward,
 * restored from the back-forward cache, or loaded at all in a tab where a
 * turn has ended, lies across the end of a turn: the kiosk home replaces it.
 * (The tab's marker also covers browsers, or Playwright's fake clock, that
 * give no navigation type.)
 */
export function guardKioskHistory(): void {
  const inKiosk = () =>
    $kioskMode.get() || new URLSearchParams(location.search).get('kioskMode') === 'true';
  const leave = () => location.replace(kioskHome());
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const onHome = location.pathname === kioskHome().split('?')[0];
  const history = entry?.type === 'back_forward' || turnEndedInThisTab();
  if (history && inKiosk() && !onHome) leave();
  addEventListener('pageshow', (event) => {
    if (event.persisted && inKiosk()) leave();
  });
}
