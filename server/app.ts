import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import type { Db, Queryable } from './db/db.js';
import { createFrameworkErrorHandler, installErrorHandling } from './http/errors.js';
import { installCors } from './http/cors.js';
import { pageSources } from './http/integration-csp.js';
import { installOriginCheck } from './http/origin-check.js';
import { installRateLimit } from './http/rate-limit.js';
import { sharedReads } from './db/shared-reads.js';
import { createCatalogueCache } from './db/catalogue-cache.js';
import { lazySchemaController } from './http/lazy-schemas.js';
import { installSecurityHeaders, securityHeaders } from './http/security-headers.js';
import { installSecuredArea } from './http/secured.js';
import { withPageHead } from './http/page-head.js';
import {
  INLINE_IMAGE_MAX_BYTES,
  pageShell,
  shellAssets,
  withPageShell,
  type ShellImage,
} from './http/page-shell.js';
import { imageSize } from './http/image-size.js';
import { readAsset } from './db/assets.repo.js';
import { installStaticAndFallback } from './http/static.js';
import { pageHead } from '../src/domain/page-head.js';
import { attachmentRoutes } from './routes/attachments.js';
import { assetRoutes } from './routes/assets.js';
import { authRoutes } from './routes/auth.js';
import { devMailboxEnabled, devMailboxRoutes } from './routes/dev-mailbox.js';
import { patientAuthRoutes } from './routes/patient-auth.js';
import { memoisingZlib } from './http/compression-memo.js';
import { logSerializers } from './http/log-redaction.js';
import { bookingCatalogueRoutes } from './routes/booking-catalogue.js';
import { bookingHoldRoutes } from './routes/booking-holds.js';
import { bookingLookupRoutes } from './routes/booking-lookups.js';
import { bookingPendingRoutes } from './routes/booking-pending.js';
import { appointmentRoutes } from './routes/appointments.js';
import { checkInKioskRoutes } from './routes/check-in-kiosk.js';
import { checkInRoutes } from './routes/check-in.js';
import { createCheckInService } from './services/check-in.service.js';
import { bookingRequestPageRoutes } from './routes/booking-requests.js';
import { bookingSlotRoutes } from './routes/booking-slots.js';
import { bookingRoutes } from './routes/booking.js';
import { configRoutes } from './routes/config.js';
import type { RouteDeps } from './routes/deps.js';
import { devRoutes } from './routes/dev.js';
import { devAppointmentRoutes } from './routes/dev-appointments.js';
import { doctorSearchRoutes } from './routes/doctor-search.js';
import { healthRoutes } from './routes/health.js';
import { imagingRoutes } from './routes/imaging.js';
import { openapiRoutes } from './routes/openapi.js';
import { questionnaireRoutes } from './routes/questionnaires.js';
import { ErrorBody } from './schemas/common.js';
import { createAvailabilityService } from './services/availability.service.js';
import { createBookingCatalogueService } from './services/booking-catalogue.service.js';
import { createBookingKeyService } from './services/booking-key.service.js';
import { createBookingLookupService } from './services/booking-lookups.service.js';
import { createBookingRequestService } from './services/booking-request.service.js';
import { createBookingService } from './services/booking.service.js';
import { createReminderService, type ReminderService } from './services/reminders.service.js';
import { DEFAULT_REMINDERS } from './config-check-in.js';
import { createDocumentService, type DocumentService } from './services/documents.service.js';
import { createPortalConfigService } from './services/portal-config.service.js';
import { createQuestionnaireService } from './services/questionnaire.service.js';
import { createReferenceAppointmentService } from './services/reference-appointments.service.js';
import { createSessionService } from './services/session.service.js';
import { createSlotHoldService } from './services/slot-holds.service.js';
import { createAppointmentPagesService } from './services/appointment-pages.service.js';
import { createBookingRequestPagesService } from './services/booking-request-pages.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The document service, for the housekeeping job main.ts starts (jobs/document-sweep.ts). */
    documents: DocumentService;
    /** The reminders, for the job main.ts starts (jobs/reminders.ts). */
    reminders: ReminderService;
  }
}

export interface BuildAppOptions {
  db: Db;
  config: ServerConfig;
  /** Fastify logger; off unless given (main.ts passes its level). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Current time for slots and bookings; tests pass a fixed one. Default: the real time. */
  clock?: () => Date;
  /** Free bytes under the documents directory; default statfs (tests simulate a full disk). */
  freeSpace?: (directory: string) => Promise<number>;
}

/** The reference API as a Fastify instance, ready for inject() or listen(). */
export async function buildApp({
  db: database,
  config,
  logger = false,
  clock = () => new Date(),
  freeSpace,
}: BuildAppOptions): Promise<FastifyInstance> {
  const db = sharedReads(database);
  // What every booking reads of the catalogue, kept while its version is current (issue 15).
  const catalogueCache = createCatalogueCache();
  const app = Fastify({
    // Booking keys and codes are masked in every logged URL (http/log-redaction.ts).
    logger: logger && { ...(logger === true ? {} : logger), serializers: logSerializers },
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Answers and settings take one of several JSON types: a list of types, not anyOf,
    // so that coercion never turns a number into a string (server/schemas/common.ts).
    ajv: { customOptions: { allowUnionTypes: true } },
    // Each route's validator and serializer compile on its first request (start-up
    // time), the readiness probe's at once.
    schemaController: lazySchemaController((route) => route.url === '/api/health'),
    frameworkErrors: createFrameworkErrorHandler(
      securityHeaders(config.allowedOrigins, config.publicUrl),
    ),
  });

  app.addSchema(ErrorBody);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Imaging booking portal API',
        version: config.runtime.version,
        description:
          'Reference API of the medical-imaging booking portal. Errors carry i18n message keys.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: '__Host-imaging_session' },
          // DICOMweb (routes/dicomweb.ts): a study-scoped viewer token, also accepted as ?token=.
          viewerToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
  });
  await app.register(fastifyCookie);
  // Slot lists for a month across clinics are megabytes of JSON; patients are often on phones.
  // The same answer for many patients is compressed once (http/compression-memo.ts).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    zlib: memoisingZlib(),
  });

  installErrorHandling(app);
  const portalConfig = createPortalConfigService(db, config.runtime);
  installSecurityHeaders(app, config.allowedOrigins, config.publicUrl, async () =>
    pageSources(await portalConfig.portalConfig()),
  );
  installCors(app, config.allowedOrigins);
  installOriginCheck(app, config);
  installRateLimit(app, db, config.rateLimit);

  const availability = createAvailabilityService(db, {
    clock,
    leadMinutes: config.booking.leadMinutes,
  });
  const sessions = createSessionService(db, {
    ttlSeconds: config.sessionTtlSeconds,
    absoluteSeconds: config.sessionAbsoluteSeconds,
  });
  installSecuredArea(app, sessions);
  const reminderConfig = config.reminders ?? DEFAULT_REMINDERS;
  const reminders = createReminderService(db, {
    publicUrl: config.publicUrl,
    leadHours: reminderConfig.leadHours,
    secret: reminderConfig.secret,
    clock,
  });
  const deps: RouteDeps = {
    db,
    config,
    portalConfig,
    sessions,
    clock,
    catalogue: createBookingCatalogueService(db),
    availability,
    bookings: createBookingService(db, {
      clock,
      publicUrl: config.publicUrl,
      availability,
      requireSafetyAnswers: config.booking.requireSafetyAnswers ?? true,
      reminders,
      catalogue: catalogueCache,
    }),
    bookingRequests: createBookingRequestService(db, {
      clock,
      publicUrl: config.publicUrl,
      requireSafetyAnswers: config.booking.requireSafetyAnswers ?? true,
    }),
    lookups: createBookingLookupService(db, { portalConfig, clock }),
    holds: createSlotHoldService(db, {
      clock,
      availability,
      portalConfig,
      limits: config.booking.holds,
    }),
    referenceAppointments: createReferenceAppointmentService(db, availability),
    bookingKeys: createBookingKeyService(db),
    documents: createDocumentService(db, {
      dataDir: config.dataDir,
      portalConfig,
      clock,
      uploadLimits: config.uploads,
      ...(freeSpace ? { freeSpace } : {}),
      log: app.log,
    }),
    questionnaires: createQuestionnaireService(db, { clock, publicUrl: config.publicUrl }),
    appointmentPages: createAppointmentPagesService(db, { clock, publicUrl: config.publicUrl }),
    bookingRequestPages: createBookingRequestPagesService(db),
  };
  app.decorate('documents', deps.documents);
  app.decorate('reminders', reminders);
  healthRoutes(app, deps);
  configRoutes(app, deps);
  assetRoutes(app, deps);
  authRoutes(app, deps);
  patientAuthRoutes(app, deps);
  if (devMailboxEnabled(config)) devMailboxRoutes(app, deps);
  bookingCatalogueRoutes(app, deps);
  bookingSlotRoutes(app, deps);
  bookingRoutes(app, deps);
  bookingLookupRoutes(app, deps);
  bookingHoldRoutes(app, deps);
  bookingPendingRoutes(app, deps);
  questionnaireRoutes(app, deps);
  appointmentRoutes(app, deps);
  doctorSearchRoutes(app, deps);
  checkInRoutes(app, deps, createCheckInService(db, clock));
  checkInKioskRoutes(app, deps);
  bookingRequestPageRoutes(app, deps);
  attachmentRoutes(app, deps);
  imagingRoutes(app, deps);
  if (config.devLogin) {
    devRoutes(app, deps);
    devAppointmentRoutes(app, deps);
  }
  openapiRoutes(app);

  await installStaticAndFallback(app, {
    distDir: config.distDir,
    spaIndex: config.spaIndex,
    renderIndex: async (html, path) => {
      const config = await portalConfig.portalConfig();
      const images = await shellImages(db, shellAssets(path));
      return withPageShell(withPageHead(html, pageHead(config)), pageShell(config, path, images));
    },
  });
  await app.ready();
  return app;
}

/**
 * The stored header images for the page shell: their sizes (width and
 * height attributes), and small ones as data: URLs (no request before the
 * first paint). Only the content types the asset route serves as images.
 */
async function shellImages(db: Queryable, names: string[]): Promise<Record<string, ShellImage>> {
  const images: Record<string, ShellImage> = {};
  for (const name of new Set(names)) {
    const asset = await readAsset(db, name);
    if (!asset || !/^image\/(svg\+xml|png|jpeg|webp|gif)$/.test(asset.contentType)) continue;
    images[name] = {
      size: imageSize(asset.contentType, asset.bytes),
      inline:
        asset.bytes.length <= INLINE_IMAGE_MAX_BYTES
          ? `data:${asset.contentType};base64,${asset.bytes.toString('base64')}`
          : undefined,
    };
  }
  return images;
}
