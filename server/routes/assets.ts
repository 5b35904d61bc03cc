import type { FastifyInstance } from 'fastify';
import { APPLICATION_ASSETS, type ApplicationAsset } from '../../src/contract/portal.js';
import { readAsset } from '../db/assets.repo.js';
import { readBundle, listLocales } from '../db/translations.repo.js';
import { ApiError } from '../http/errors.js';
import {
  AssetParams,
  BinaryImage,
  TranslationBundleSchema,
  TranslationsQuery,
} from '../schemas/assets.schema.js';
import { errorResponses } from '../schemas/common.js';
import type { RouteDeps } from './deps.js';

export const DEFAULT_LOCALE = 'en-AU';

/** Matches a requested locale to a stored one, ignoring case and '_' vs '-'; else en-AU. */
export function resolveLocale(requested: string | undefined, available: string[]): string {
  const wanted = (requested ?? '').replace(/_/g, '-').toLowerCase();
  return available.find((locale) => locale.toLowerCase() === wanted) ?? DEFAULT_LOCALE;
}

function isApplicationAsset(name: string): name is ApplicationAsset {
  return (APPLICATION_ASSETS as readonly string[]).includes(name);
}

export function assetRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  // An image opened directly must not run script (SVG can carry it).
  const imagePolicy = `default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors ${[
    "'self'",
    ...config.allowedOrigins,
  ].join(' ')}`;

  app.get<{ Querystring: TranslationsQuery }>(
    '/api/assets/translations',
    {
      schema: {
        tags: ['assets'],
        summary: "The provider's translation overrides for one locale (unsupported locale: en-AU)",
        querystring: TranslationsQuery,
        response: { 200: TranslationBundleSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const locale = resolveLocale(request.query.lang, await listLocales(db));
      void reply.header('content-language', locale);
      return readBundle(db, locale);
    },
  );

  app.get<{ Params: AssetParams }>(
    '/api/assets/application/:name',
    {
      schema: {
        tags: ['assets'],
        summary: `Provider image: ${APPLICATION_ASSETS.join(', ')}`,
        params: AssetParams,
        response: {
          200: {
            description: 'The image',
            content: {
              'image/svg+xml': { schema: BinaryImage },
              'image/png': { schema: BinaryImage },
              'image/jpeg': { schema: BinaryImage },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const asset = isApplicationAsset(name) ? await readAsset(db, name) : undefined;
      if (!asset) throw new ApiError(404, 'message.not_found', `no application asset ${name}`);
      return reply
        .type(asset.contentType)
        .header('cache-control', 'public, max-age=3600')
        .header('last-modified', asset.updatedAt.toUTCString())
        .header('content-security-policy', imagePolicy)
        .send(asset.bytes);
    },
  );
}
