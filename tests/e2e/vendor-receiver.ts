/**
 * A stand-in for the analytics and error-reporting vendors on 127.0.0.1,
 * started by the journeys in tests/e2e/integrations.spec.ts: it serves a
 * gtag.js that sends each dataLayer `event` command as a GA4 collection hit
 * (/g/collect?v=2&tid&en&dl&_s&ep.*&epn.*, as Google's does), records those
 * hits, and records the envelopes the error-reporting SDK posts to
 * /api/{project}/envelope/ for a DSN that names this server.
 */
import { createServer, type Server } from 'node:http';

/** The vendor's script, as far as the journeys need it: dataLayer commands become hits. */
const GTAG_JS = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  const tid = new URL(document.currentScript.src).searchParams.get('id');
  let sequence = 0;
  let config = {};
  const send = (command) => {
    const [name, target, params = {}] = Array.from(command);
    if (name === 'config') config = params;
    if (name !== 'event') return;
    const hit = new URLSearchParams({ v: '2', tid, en: target, _s: String(++sequence) });
    hit.set('dl', params.page_location ?? config.page_location ?? '');
    for (const [key, value] of Object.entries(params)) {
      if (key !== 'page_location') hit.set((typeof value === 'number' ? 'epn.' : 'ep.') + key, String(value));
    }
    navigator.sendBeacon(origin + '/g/collect?' + hit.toString());
  };
  const layer = (window.dataLayer = window.dataLayer || []);
  layer.forEach((command) => typeof command === 'object' && 'length' in command && send(command));
  const push = layer.push.bind(layer);
  layer.push = (...commands) => {
    commands.forEach((command) => typeof command === 'object' && 'length' in command && send(command));
    return push(...commands);
  };
})();`;

export interface Hit {
  /** The hit's parameters, decoded. */
  params: Record<string, string>;
  /** The request line's query, as sent. */
  raw: string;
}

export interface VendorReceiver {
  origin: string;
  hits: Hit[];
  /** Each envelope's body as received. */
  envelopes: string[];
  close(): Promise<void>;
}

export async function startVendorReceiver(port: number): Promise<VendorReceiver> {
  const hits: Hit[] = [];
  const envelopes: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      response.setHeader('access-control-allow-origin', '*');
      if (url.pathname === '/gtag/js') {
        response.setHeader('content-type', 'text/javascript');
        response.end(GTAG_JS);
      } else if (url.pathname === '/g/collect') {
        hits.push({ params: Object.fromEntries(url.searchParams), raw: url.search });
        response.statusCode = 204;
        response.end();
      } else if (/^\/api\/\d+\/envelope\/$/.test(url.pathname)) {
        envelopes.push(body);
        response.setHeader('content-type', 'application/json');
        response.end('{}');
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    envelopes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
