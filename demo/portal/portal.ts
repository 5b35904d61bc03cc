import '../../widgets/frame/define';

import { $router, interceptLinks, navigate } from './router';
import { shellOf, viewOf, type RouteView, type RoutedPage } from './routes';
import { renderIframeTest } from './iframe-test';
import { keepHeadOnConfig } from './head';
import { $locale, applyLinkLocale } from '../../src/stores/locale.store';
import { t } from '../../src/i18n/i18n';
import type { ImagingEventMap } from '../../src/element/events';
import { startIframeChild, type IframeChild } from '../../src/messaging/iframe-child';
import {
  kioskRedirect,
  guardKioskHistory,
  setKioskModeFromParent,
  watchIdleInKioskMode,
} from './kiosk-mode';

/**
 * Ends the current task: the next start-up phase runs in a task of its own,
 * and the browser paints and answers input in between. Evaluating the
 * portal's modules, mounting its stores and showing the first page were one
 * task of some 100 ms here, four times that on Lighthouse's slow phone
 * (issue 15 part 3: total blocking time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const mount = document.getElementById('portal')!;
const frame = document.createElement('imaging-frame');
let current: HTMLElement | null = null;
let navigation = 0;
let iframeChild: Promise<IframeChild | null> | null = null;

/**
 * The portal's start, in tasks of its own: the task that evaluated the
 * modules ends first (a top-level await would do the same, but makes the
 * bundler split every element's entry into a re-export of a chunk).
 */
async function start(): Promise<void> {
  interceptLinks(document.body);
  keepHeadOnConfig();
  // The portal is the page, so its <html lang> is the patient's language (issue 13 part 8);
  // an element on a clinic's page marks only itself and leaves the clinic's page alone.
  $locale.subscribe((locale) => {
    document.documentElement.lang = locale;
  });
  // Embedded on a clinic's page (spec 1, 2.5): the banner becomes a modal (banner-modal.ts).
  if (window.parent !== window) {
    document.documentElement.dataset.embedded = '';
    void import('./banner-modal').then(({ showBannerModal }) => showBannerModal());
  }

  // A widget that moves to another step asks the host page to change the URL;
  // `replace` marks a choice within a step, which does not add a history entry.
  for (const name of ['imaging-booking-navigated', 'imaging-navigated'] as const) {
    document.addEventListener(name, (event) => {
      // Handled: the element must not follow it itself (src/element/navigation.ts).
      event.preventDefault();
      const { path, search, replace } = (event as CustomEvent<ImagingEventMap[typeof name]>).detail;
      navigate(`${path}${search}`, replace);
    });
  }

  guardKioskHistory();
  await nextTask();
  watchIdleInKioskMode();
  $router.subscribe((page) => void show(page));
}

setTimeout(() => void start(), 0);

async function show(page: RoutedPage | undefined): Promise<void> {
  if (page?.route === 'iframeRoot') return navigate('/iframe/select-region', true); // R-2.1-03
  if (page?.search.lang !== undefined) return followLinkLocale(page);
  // A kiosk stays a kiosk on every page (issue 16): a link without kioskMode gets it back.
  const kiosk = page ? kioskRedirect(page) : null;
  if (kiosk) return navigate(kiosk, true);
  const ticket = ++navigation;
  const view = page ? viewOf(page.route) : undefined;
  // The router announces a page before the address bar changes (replace
  // navigations): read the page it announces, never `location`.
  const path = page?.path ?? location.pathname;
  const search = page ? searchOf(page) : location.search;
  frame.setAttribute('path', path);
  frame.setAttribute('search', search);
  frame.toggleAttribute('kiosk-mode', new URLSearchParams(search).get('kioskMode') === 'true');
  if (view?.load && !customElements.get(view.tag)) {
    frame.setAttribute('loading', ''); // R-2.3-36
    const loaded = await view.load().then(
      () => true,
      (error: unknown) => {
        console.error(`Loading <${view.tag}> failed`, error);
        return false;
      },
    );
    frame.removeAttribute('loading');
    if (ticket !== navigation) return;
    // A chunk that fails to load (offline, a deploy replaced it) must not leave a blank page.
    if (!loaded) return placeInShell(page ? shellOf(page.route) : 'main', loadFailed());
  }
  const element = page && view ? elementFor(view, page, path, search) : notFound();
  const shell = page ? shellOf(page.route) : 'main';
  placeInShell(shell, element);
  if (shell === 'iframe') {
    iframeChild ??= startIframeChild({ onKioskMode: setKioskModeFromParent });
    void iframeChild.then((child) =>
      child?.emit('imaging-frame-navigated', { href: location.href }),
    );
  }
}

/**
 * A link from an e-mail names the booking's language (`?lang=mk`, issue 13):
 * it becomes the patient's choice, and the address loses it, so a reload or
 * a later choice in the switcher is not undone by it.
 */
function followLinkLocale(page: RoutedPage): void {
  void applyLinkLocale(page.search.lang ?? '');
  const search = { ...page.search };
  delete search.lang;
  const query = new URLSearchParams(search).toString();
  navigate(`${page.path}${query ? `?${query}` : ''}`, true);
}

function searchOf(page: RoutedPage): string {
  const query = new URLSearchParams(page.search).toString();
  return query ? `?${query}` : '';
}

function elementFor(view: RouteView, page: RoutedPage, path: string, search: string): HTMLElement {
  if (view.tag === 'iframe') return renderIframeTest(page.search.link);
  if (!view.load) return unavailable(view.tag);
  const element = current?.localName === view.tag ? current : document.createElement(view.tag);
  for (const [name, value] of Object.entries(view.attrs?.(page) ?? {}))
    element.setAttribute(name, value);
  element.setAttribute('path', path);
  element.setAttribute('search', search);
  return element;
}

function placeInShell(shell: 'main' | 'iframe' | 'bare', element: HTMLElement): void {
  const container = shell === 'main' ? frame : mount;
  mount.dataset.shell = shell;
  if (shell === 'main' && frame.parentNode !== mount) showFrameOverShell();
  if (shell !== 'main') mount.replaceChildren();
  if (element !== current || element.parentNode !== container) container.replaceChildren(element);
  current = element;
}

/** How long the server's shell may wait for the frame before the frame shows whatever it has. */
const SHELL_TIMEOUT_MS = 8000;

/**
 * The server wrote a shell of the frame into the page (server/http/page-shell.ts):
 * the frame renders hidden beside it, and replaces it in one frame once it
 * has rendered, so the first paint comes before any script and nothing on
 * screen moves when the frame takes over (issue 15 part 3).
 */
function showFrameOverShell(): void {
  const shell = mount.querySelector('.portal-shell');
  if (!shell) return mount.replaceChildren(frame);
  frame.dataset.pending = '';
  mount.append(frame);
  const started = performance.now();
  const swap = () => {
    if (!settled() && performance.now() - started < SHELL_TIMEOUT_MS)
      return void requestAnimationFrame(swap);
    shell.remove();
    delete frame.dataset.pending;
    // A dialog the page's element opened while the frame was hidden (the login) could not take
    // the focus then: it takes it now.
    const page = current?.shadowRoot;
    if (page && !page.activeElement)
      page.querySelector<HTMLElement>('dialog[open] [data-autofocus]')?.focus();
  };
  requestAnimationFrame(swap);
}

/**
 * The frame has rendered with its configuration, and neither it nor the page's
 * element still shows a loading placeholder (they mark those aria-busy): what
 * the patient sees next is what stays.
 */
function settled(): boolean {
  const frameRoot = frame.shadowRoot;
  if (!frameRoot?.querySelector('.frame, .frame-error')) return false;
  if (frameRoot.querySelector('[aria-busy="true"]')) return false;
  const page = current?.shadowRoot;
  if (!current?.localName.startsWith('imaging-')) return true;
  return !!page?.childElementCount && !page.querySelector('[aria-busy="true"]');
}

/** Routes whose element does not exist yet say so plainly instead of rendering nothing. */
function unavailable(tag: string): HTMLElement {
  const notice = document.createElement('p');
  notice.className = 'route-unavailable';
  notice.setAttribute('role', 'status');
  notice.dataset.element = tag;
  notice.textContent = t('page.unavailable');
  return notice;
}

/** The element's code did not arrive: say so, and offer the reload that fixes it. */
function loadFailed(): HTMLElement {
  const notice = document.createElement('section');
  notice.className = 'route-unavailable';
  notice.setAttribute('role', 'alert');
  const heading = document.createElement('h1');
  heading.textContent = t('page.load_failed_title');
  const body = document.createElement('p');
  body.textContent = t('page.load_failed_body');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button';
  button.textContent = t('page.reload');
  button.addEventListener('click', () => location.reload());
  notice.append(heading, body, button);
  return notice;
}

function notFound(): HTMLElement {
  const notice = document.createElement('section');
  notice.className = 'route-unavailable';
  const heading = document.createElement('h1');
  heading.textContent = t('page.not_found_title');
  const link = document.createElement('a');
  link.href = '/';
  link.textContent = t('page.go_home');
  notice.append(heading, link);
  return notice;
}
