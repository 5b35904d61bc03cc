/**
 * What the analytics vendors receive of a funnel event (R-7-calls-59):
 * the event's name, its funnel step, the procedure and location names, the
 * choice it reports, and for form submitted and booking completed the
 * SHA-256 of the normalised e-mail. Never a name, an e-mail, a phone
 * number, a date of birth or a booking key.
 */
import type { FunnelEvent } from '../../domain/booking/funnel';

/** booking_page_view … booking_form_submitted, and booking_completed. */
export function eventName(event: FunnelEvent): string {
  return event.name.startsWith('booking_') ? event.name : `booking_${event.name}`;
}

export interface EventParams {
  funnel_step: number;
  procedure_name?: string;
  location_name?: string;
  procedure_type?: string;
  scan_type?: string;
  body_part?: string;
  booking_kind?: string;
  email_sha256?: string;
}

/** Snake-case parameters; `withEmailHash: false` for tools that should not even get the hash. */
export function eventParams(event: FunnelEvent, withEmailHash = true): EventParams {
  const params: EventParams = { funnel_step: event.step };
  const optional: [keyof EventParams, string | undefined][] = [
    ['procedure_name', event.procedureName],
    ['location_name', event.locationName],
    ['procedure_type', event.procedureType],
    ['scan_type', event.scanType],
    ['body_part', event.bodyPart],
    ['booking_kind', event.bookingKind],
    ['email_sha256', withEmailHash ? event.emailHash : undefined],
  ];
  for (const [name, value] of optional) if (value) Object.assign(params, { [name]: value });
  return params;
}
