/**
 * A clinic's single-page site as a web developer writes it, hostile to an
 * embedded widget on purpose (tests/e2e/embedding-journeys-13.spec.ts): its
 * own client-side router takes every click on a same-origin link anywhere in
 * the page (it walks `composedPath()`, so into shadow roots too, and checks
 * neither `defaultPrevented` nor `download`), aggressive global CSS, its own
 * `<html lang>` and a language switcher of its own that sets `locale` on the
 * element. The portal's snippet from docs/embedding.md is pasted in as is.
 */

/** The clinic's global styles: what a theme or a CSS reset on a real site does. */
const HOSTILE_CSS = `
  * { font-size: 20px; font-family: Georgia, serif; line-height: 1.9; letter-spacing: 0.03em; }
  a { color: red; text-decoration: none; }
  button { all: unset; }
  ul { list-style: none; padding: 0; }
  h1, h2, h3 { text-transform: uppercase; }
  body { margin: 0; background: #fbfaf7; color: #222; }
  header { position: sticky; top: 0; z-index: 10; padding: 0.5rem 1rem; background: #2d4a3e; }
  header a { color: #fff; margin-right: 1rem; }
  header select { margin-left: 1rem; }
  main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
`;

/**
 * The router: every same-origin `<a href>` click becomes a pushState and a
 * re-render of the view when the path changed. `window.routerTook` lists what
 * it took (a link the element handles itself must never end up there).
 */
const ROUTER = (views: string) => `<script>
  const views = ${views};
  window.routerTook = [];
  let shown = null;
  function render() {
    if (location.pathname === shown) return; // The element's own #imaging: moves are not pages.
    shown = location.pathname;
    document.getElementById('view').innerHTML = views[location.pathname] ?? '<h1>Page not found</h1>';
    setLocale(document.getElementById('language').value);
  }
  function setLocale(locale) {
    for (const widget of document.querySelectorAll('[api-base]')) widget.setAttribute('locale', locale);
  }
  document.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.composedPath().find((node) => node instanceof HTMLAnchorElement && node.hasAttribute('href'));
    if (!link || link.target === '_blank') return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin) return;
    event.preventDefault();
    window.routerTook.push(url.pathname + url.search + url.hash);
    history.pushState(null, '', url);
    render();
  });
  addEventListener('popstate', render);
  // The clinic's own language switcher: the embedded widget follows it.
  document.getElementById('language').addEventListener('change', (event) => setLocale(event.target.value));
  render();
</script>`;

const shell = (head: string, body: string, tail = '') => `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Bondi Junction Clinic</title>
    <style>${HOSTILE_CSS}</style>
    ${head}
  </head>
  <body>
    <header>
      <nav aria-label="Clinic"><a href="/">Home</a><a href="/book">Book a scan</a><a href="/contact">Contact us</a></nav>
      <label style="color:#fff">Language
        <select id="language"><option value="mk">Македонски</option><option value="en-AU">English</option></select>
      </label>
    </header>
    <main id="view">${body}</main>
    ${tail}
  </body>
</html>`;

/** The SPA with the booking element (one module script, one element, `locale="mk"`), for every path. */
export function hostileElementPage(portal: string): string {
  const views = {
    '/': '<h1>Bondi Junction Clinic</h1><p>Imaging by our partner. <a href="/book">Book a scan</a>.</p>',
    '/contact': '<h1>Contact us</h1><p>Call 02 9999 0000.</p>',
    '/book': `<h1>Book a scan</h1><imaging-booking api-base="${portal}" locale="mk" url-state></imaging-booking>`,
  };
  return shell(
    `<script type="module" src="${portal}/elements/booking.js"></script>`,
    '',
    ROUTER(JSON.stringify(views)),
  );
}

/** The same site with the iframe snippet (embed.js, `data-locale="mk"`) on its /book page. */
export function hostileFramePage(portal: string): string {
  return shell(
    '',
    `<h1>Book a scan</h1>
    <div id="book-a-scan"></div>
    <script src="${portal}/elements/embed.js" data-target="#book-a-scan" data-locale="mk"></script>
    <script>
      window.received = [];
      for (const name of ['imaging-booking-created', 'imaging-frame-navigated'])
        document.addEventListener(name, (event) => window.received.push({ name, detail: event.detail }));
    </script>`,
  );
}
