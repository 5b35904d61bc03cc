/**
 * A booking's calendar file (R-2.4-29 "Add to calendar"): every appointment of
 * the booking key as an event, in the booking's language (issue 13), as its
 * e-mails are.
 */
import type { KeyRef } from '../db/secrets.js';
import { findAppointmentsByKey } from '../db/booking.repo.js';
import type { Db } from '../db/db.js';
import { ApiError } from '../http/errors.js';
import { clinicAddress } from './booking-common.js';
import { appointmentLink } from './booking-emails.js';
import { buildIcs, type IcsEvent } from './ics.js';
import { mailTexts } from './mail-texts.js';
import { zonedDate } from '../../src/domain/time/zoned-time.js';

export interface CalendarFile {
  fileName: string;
  body: string;
}

const ICS_STATUS: Record<string, IcsEvent['status']> = {
  CANCELED: 'CANCELLED',
  PENDING: 'TENTATIVE',
};

export async function bookingCalendarFile(
  db: Db,
  ref: KeyRef,
  bookingKey: string | undefined,
  options: { publicUrl: string; clock: () => Date },
): Promise<CalendarFile> {
  const appointments = await findAppointmentsByKey(db, ref);
  const first = appointments[0];
  if (!first) throw new ApiError(404, 'message.appointment_not_found', 'no such appointment');
  const texts = await mailTexts(db, first.locale);
  const link = bookingKey
    ? appointmentLink(options.publicUrl, bookingKey, texts.locale)
    : undefined;
  const host = new URL(options.publicUrl).hostname;
  const body = buildIcs(
    appointments.map((a) => {
      const exam = { slug: a.examSlug, name: a.examName, examNotes: a.examNotes, notes: a.notes };
      const examName = texts.examName(exam);
      const preparation = texts.preparation(exam);
      return {
        uid: `${a.slug}@${host}`,
        stampMs: options.clock().getTime(),
        startMs: a.startMs,
        endMs: a.endMs,
        timeZone: a.timeZone,
        summary: texts.t('calendar.summary', { exam: examName, clinic: a.clinicName }),
        location: `${a.clinicName}, ${clinicAddress(a)}`,
        description: [
          examName,
          preparation && `${texts.t('email.appointment.prepare')}\n${preparation}`,
          link,
        ]
          .filter(Boolean)
          .join('\n\n'),
        url: link,
        status: ICS_STATUS[a.status] ?? 'CONFIRMED',
      };
    }),
  );
  return { fileName: `appointment-${zonedDate(first.startMs, first.timeZone)}.ics`, body };
}
