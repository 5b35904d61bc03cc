import type { FastifyInstance } from 'fastify';
import { requireAppointment } from '../http/secured.js';
import { SlugParams } from '../schemas/appointments.schema.js';
import { errorResponses } from '../schemas/common.js';
import { DoctorSearchQuery, DoctorSearchResultsSchema } from '../schemas/doctor-search.schema.js';
import { createDoctorSearch } from '../services/doctor-search.service.js';
import type { RouteDeps } from './deps.js';

/**
 * The check-in form's referrer search (spec 7 doctor_search, issue 16): only
 * the session of the appointment's booking key may search (403 otherwise).
 */
export function doctorSearchRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const doctors = createDoctorSearch(db, config.doctorSearchUrl);
  app.get<{ Params: SlugParams; Querystring: DoctorSearchQuery }>(
    '/api/secured/appointments/:id/doctor_search',
    {
      schema: {
        tags: ['check-in'],
        security: [{ session: [] }],
        summary:
          'Referrers with a name, practice, suburb, post code or provider number word containing ' +
          'each word of the term (at least 3 characters, else 400 ' +
          'message.doctor_search_term_too_short); at most 20, surname starts first, then word ' +
          'starts; DOCTOR_SEARCH_URL: 502 message.doctor_search_unavailable',
        params: SlugParams,
        querystring: DoctorSearchQuery,
        response: { 200: DoctorSearchResultsSchema, ...errorResponses },
      },
    },
    async (request) => {
      await requireAppointment(db, request, { slug: request.params.id });
      return doctors.search(request.query.term);
    },
  );
}
