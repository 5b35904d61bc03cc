import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.js';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api/') &&
    request.url !== '/api' &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Serves the built front end (distDir) at / when it exists, and answers the
 * SPA host page (spaIndex) for HTML navigations that match no file, passed
 * through renderIndex when given (the provider's meta tags and the page's
 * first paint, for the requested path). Anything else
 * unknown is a JSON 404 message.not_found.
 */
export async function installStaticAndFallback(
  app: FastifyInstance,
  options: {
    distDir: string;
    spaIndex: string;
    renderIndex?: (html: string, path: string) => Promise<string>;
  },
): Promise<void> {
  const root = resolve(options.distDir);
  const hasDist = isDirectory(root);
  if (hasDist) {
    await app.register(fastifyStatic, { root, prefix: '/', wildcard: true, index: ['index.html'] });
  }
  const indexPath = join(root, options.spaIndex);
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (hasDist && wantsHtml(request) && existsSync(indexPath)) {
      reply.header('cache-control', 'no-cache');
      if (!options.renderIndex)
        return reply.sendFile(options.spaIndex, root, { cacheControl: false });
      const html = await readFile(indexPath, 'utf8');
      const path = request.url.split('?')[0] ?? '/';
      const page = await options.renderIndex(html, path).catch((error: unknown) => {
        // The page still works without the meta tags; its scripts load the configuration.
        request.log.error({ err: error }, 'host page head not rendered');
        return html;
      });
      return reply.type('text/html; charset=utf-8').send(page);
    }
    return reply.code(404).type('application/json; charset=utf-8').send(errorBody(404));
  });
}
