/**
 * The documents' housekeeping as a job of the server process (main.ts):
 * temporary documents of keys that never booked live UPLOAD_UNBOOKED_HOURS,
 * and files no row names are removed. Runs once at start, then every hour;
 * several API processes may run it at once (the sweep deletes by row).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentService } from '../services/documents.service.js';

const HOUR_MS = 60 * 60 * 1000;

export interface Job {
  stop(): void;
}

export function startDocumentSweep(
  documents: Pick<DocumentService, 'sweep'>,
  log: FastifyBaseLogger,
  everyMs = HOUR_MS,
): Job {
  const run = (): void => {
    documents
      .sweep()
      .then((result) => {
        if (result.abandoned || result.orphanFiles) log.info(result, 'documents swept');
      })
      .catch((error: unknown) => log.error({ err: error }, 'document sweep failed'));
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
