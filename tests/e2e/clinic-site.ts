/**
 * A clinic's own website for the embedding journeys: a plain HTTP server on
 * 127.0.0.1 answering fixed pages, reached as http://localhost:<port> so that
 * it is another site than the portal (http://127.0.0.1:<portal port>).
 */
import { createServer, type Server } from 'node:http';

export interface ClinicSite {
  origin: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:port; `close` also ends the connections a browser keeps alive. */
async function listen(server: Server, port: number, origin: string): Promise<ClinicSite> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Serves `pages` (path → HTML, or a function of the path: a single-page app) at http://localhost:port. */
export async function startClinicSite(
  port: number,
  pages: Record<string, string> | ((path: string) => string | undefined),
): Promise<ClinicSite> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const page = typeof pages === 'function' ? pages(path) : pages[path];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not found');
  });
  return listen(server, port, `http://localhost:${port}`);
}

/** A clinic page around the given body, as a web developer would write it. */
export function clinicPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      body { margin: 0; font-family: Georgia, serif; background: #fbfaf7; color: #222; }
      header { padding: 1rem 2rem; background: #2d4a3e; color: #fff; }
      main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
    </style>
  </head>
  <body>
    <header><p><strong>Bondi Junction Clinic</strong></p></header>
    <main>
      <h1>${title}</h1>
      ${body}
    </main>
  </body>
</html>`;
}

/**
 * A third party on 127.0.0.1:port that sets an ordinary (unpartitioned)
 * SameSite=None cookie at /set and tells at /echo whether it came back: from
 * a page on localhost, it comes back only while the browser allows
 * third-party cookies.
 */
export async function startCookieProbe(port: number, allowOrigin: string): Promise<ClinicSite> {
  const server: Server = createServer((request, response) => {
    const headers = {
      'access-control-allow-origin': allowOrigin,
      'access-control-allow-credentials': 'true',
      'content-type': 'text/plain',
    };
    if (request.url === '/set') {
      response.writeHead(200, {
        ...headers,
        'set-cookie': 'probe=1; SameSite=None; Secure; Path=/',
      });
      response.end('set');
      return;
    }
    response.writeHead(200, headers);
    response.end(/probe=1/.test(request.headers.cookie ?? '') ? 'sent' : 'blocked');
  });
  return listen(server, port, `http://127.0.0.1:${port}`);
}
