/**
 * The attachment calls of spec 7 (R-7-calls-08..20) for appointments and
 * booking requests under /api/secured (attachments/secured.ts), and the same
 * calls for a booking in progress under /api/booking/documents, where an
 * issued, unused booking key is the capability (attachments/booking.ts). See
 * src/contract/attachments.ts for the contract.
 *
 * Upload bodies are multipart (@fastify/multipart, registered only in this
 * plugin): Content-Length is checked before the body is read (413), the
 * file part is limited while it streams, and the bytes are checked by
 * services/document-content.ts before anything is stored. Before the body
 * is read, an upload is refused when the disk is at its floor (413
 * message.upload_storage_full) and, for a booking in progress, when the
 * client address used its budget (429 message.upload_quota_exceeded, with
 * Retry-After): docs/security.md part 5. Every request is audited
 * (attachments/audit.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_LIMITS } from '../services/documents.service.js';
import { installRefusalAudit } from './attachments/audit.js';
import { registerBookingDocumentRoutes } from './attachments/booking.js';
import { registerSecuredAttachmentRoutes } from './attachments/secured.js';
import type { RouteDeps } from './deps.js';

/** The secured and public attachment routes. */
export function attachmentRoutes(app: FastifyInstance, deps: RouteDeps): void {
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: DOCUMENT_LIMITS.maxFileBytes,
        files: 1,
        fields: 8,
        parts: 9,
        fieldSize: 1024,
        fieldNameSize: 40,
        headerPairs: 20,
      },
      // Keep the name as sent, so a name with path parts is refused, not silently cut.
      preservePath: true,
    });
    installRefusalAudit(scope, deps.documents);
    registerSecuredAttachmentRoutes(scope, deps);
    registerBookingDocumentRoutes(scope, deps);
  });
}
