/**
 * Development and end-to-end tests only (DEV_LOGIN=1; issue 17): the
 * imaging audit rows of one study, newest first, so a journey can check what
 * the server recorded of the reads it made (who, what, when, outcome).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { errorResponses } from '../schemas/common.js';
import { AccessionNumber } from '../schemas/imaging.schema.js';
import type { RouteDeps } from './deps.js';

const Query = Type.Object({ accessionNumber: AccessionNumber }, { additionalProperties: false });
type Query = Static<typeof Query>;

const AuditRow = Type.Object({
  at: Type.String({ format: 'date-time' }),
  actorKind: Type.String({ maxLength: 32 }),
  action: Type.String({ maxLength: 100 }),
  outcome: Type.String({ maxLength: 16 }),
  status: Type.Integer({ minimum: 100, maximum: 599 }),
  messageKey: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
});

export function devImagingAuditRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get<{ Querystring: Query }>(
    '/api/dev/imaging/audit',
    {
      schema: {
        tags: ['development'],
        summary: 'The imaging audit rows of a study, newest first, at most 200 (DEV_LOGIN=1 only)',
        querystring: Query,
        response: { 200: Type.Array(AuditRow, { maxItems: 200 }), ...errorResponses },
      },
    },
    async (request) => {
      const { rows } = await db.query<{ at: Date } & Record<string, unknown>>(
        `SELECT at, actor_kind AS "actorKind", action, outcome, status, message_key AS "messageKey"
         FROM imaging_audit WHERE accession_number = $1 ORDER BY at DESC, id DESC LIMIT 200`,
        [request.query.accessionNumber],
      );
      return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
    },
  );
}
