/** Serving a stored document: its headers say what it is and how it may be shown. */
import type { FastifyReply } from 'fastify';
import { type StoredFile } from '../../services/documents.service.js';

/** Headers of a served document: its stored type, a safe name, no caching, no sniffing. */
export function sendFile(
  reply: FastifyReply,
  stored: StoredFile,
  disposition: 'attachment' | 'inline',
  allowedOrigins: string[],
): FastifyReply {
  const { row } = stored;
  const ascii = row.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(row.fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const ancestors = ["'self'", ...allowedOrigins].join(' ');
  // The view is a sandboxed document of its own (Chromium's PDF viewer still opens in it:
  // checked with Debian Chromium, top level and in an iframe); a download may not be framed.
  const csp =
    disposition === 'inline'
      ? `default-src 'none'; img-src 'self'; object-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors ${ancestors}`
      : "default-src 'none'; sandbox; frame-ancestors 'none'";
  return reply
    .header('content-type', row.contentType)
    .header('content-length', String(row.sizeBytes))
    .header(
      'content-disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .header('cross-origin-resource-policy', 'same-site')
    .send(stored.stream);
}
