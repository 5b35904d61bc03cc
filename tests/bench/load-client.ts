/**
 * The load generator's HTTP client: node:http on keep-alive connections.
 * Node's fetch cost the generator about as much CPU per request as the
 * server spent answering /api/health, on the same two cores: measured side by
 * side, 50 clients of /api/health got 1,800 to 2,400 req/s (p95 41 to 57 ms)
 * with fetch and 6,600 to 12,200 req/s (p95 10 to 21 ms) with this client
 * (docs/decisions.md, session 10). Answers are not decompressed: the load
 * loops look at the status only, and a browser asks for compression too.
 */
import http from 'node:http';

export interface LoadAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface LoadRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A JSON body (sent with content-type application/json). */
  json?: unknown;
}

const agents = new Map<string, http.Agent>();

function agentFor(origin: string): http.Agent {
  let agent = agents.get(origin);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    agents.set(origin, agent);
  }
  return agent;
}

/** One request to `origin` + `path` (a path, or a whole address on that origin). */
export function loadRequest(
  origin: string,
  path: string,
  { method = 'GET', headers = {}, json }: LoadRequest = {},
): Promise<LoadAnswer> {
  const url = new URL(path, origin);
  const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        agent: agentFor(url.origin),
        headers: {
          'accept-encoding': 'br, gzip',
          ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** GET /api/health on `origin`: true when it answered 200. */
export async function healthOnce(origin: string): Promise<boolean> {
  return (await loadRequest(origin, '/api/health')).status === 200;
}
