/**
 * Questionnaires (R-7-calls-29..31): public calls before booking, keyed by
 * the issued booking key (questionnaires/before-booking.ts); /api/secured
 * calls after booking, for the booking the session holds ({id} is its slug):
 * the appointment's questionnaires, pain scores and feedback
 * (questionnaires/appointment.ts), its consent forms
 * (questionnaires/consent-forms.ts) and the booking request's questionnaires
 * and protocol (questionnaires/booking-request.ts). See
 * src/contract/questionnaire.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './deps.js';
import { registerAppointmentQuestionnaireRoutes } from './questionnaires/appointment.js';
import { registerBeforeBookingRoutes } from './questionnaires/before-booking.js';
import { registerBookingRequestQuestionnaireRoutes } from './questionnaires/booking-request.js';
import { registerConsentFormRoutes } from './questionnaires/consent-forms.js';

export function questionnaireRoutes(app: FastifyInstance, deps: RouteDeps): void {
  registerBeforeBookingRoutes(app, deps);
  registerAppointmentQuestionnaireRoutes(app, deps);
  registerConsentFormRoutes(app, deps);
  registerBookingRequestQuestionnaireRoutes(app, deps);
}
