import type { ServerConfig } from '../config.js';
import type { Db } from '../db/db.js';
import type { AvailabilityService } from '../services/availability.service.js';
import type { BookingCatalogueService } from '../services/booking-catalogue.service.js';
import type { BookingKeyService } from '../services/booking-key.service.js';
import type { BookingLookupService } from '../services/booking-lookups.service.js';
import type { BookingRequestService } from '../services/booking-request.service.js';
import type { BookingService } from '../services/booking.service.js';
import type { DocumentService } from '../services/documents.service.js';
import type { PortalConfigService } from '../services/portal-config.service.js';
import type { QuestionnaireService } from '../services/questionnaire.service.js';
import type { ReferenceAppointmentService } from '../services/reference-appointments.service.js';
import type { SessionService } from '../services/session.service.js';
import type { SlotHoldService } from '../services/slot-holds.service.js';
import type { AppointmentPagesService } from '../services/appointment-pages.service.js';
import type { BookingRequestPagesService } from '../services/booking-request-pages.service.js';

/** What route modules receive from buildApp. */
export interface RouteDeps {
  db: Db;
  config: ServerConfig;
  portalConfig: PortalConfigService;
  sessions: SessionService;
  /** Current time (BuildAppOptions.clock). */
  clock: () => Date;
  catalogue: BookingCatalogueService;
  availability: AvailabilityService;
  bookings: BookingService;
  bookingRequests: BookingRequestService;
  lookups: BookingLookupService;
  holds: SlotHoldService;
  referenceAppointments: ReferenceAppointmentService;
  bookingKeys: BookingKeyService;
  /** Questionnaires, outcomes, feedback and consent forms (spec 4 "Questionnaires"). */
  questionnaires: QuestionnaireService;
  /** Appointment pages (spec 2.4 "Appointment"). */
  appointmentPages: AppointmentPagesService;
  /** Booking-request pages (spec 2.4 "Booking request"). */
  bookingRequestPages: BookingRequestPagesService;
  /** Referral documents and their audit log (spec 4 "Upload"). */
  documents: DocumentService;
}
