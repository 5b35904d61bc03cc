/**
 * What the clinic's RIS receives (issue 16 part 6; docs/ris-delivery.md):
 * FHIR R4 JSON, queued in the outbox (channel 'ris') in the transaction of
 * the check-in or the prepared form, and sent by services/ris-sender.ts.
 * The outbox row's topic says what it is ('ris:check_in' or 'ris:prepared')
 * and its reference the appointment id, so the acknowledgement can be recorded.
 */
import type { Queryable } from '../db/db.js';
import type { CheckInFacts } from '../db/check-in.repo.js';
import { formatZonedIso } from '../../src/domain/time/zoned-time.js';

export type RisKind = 'check_in' | 'prepared';

export const RIS_SYSTEM = 'urn:imaging-portal';

function appointmentIdentifier(facts: CheckInFacts) {
  return { system: `${RIS_SYSTEM}:appointment`, value: facts.slug };
}

/** FHIR R4 Appointment with status "arrived": the patient checked in. */
export function arrivedAppointment(facts: CheckInFacts, nowMs: number) {
  return {
    resourceType: 'Appointment',
    id: facts.slug,
    meta: { lastUpdated: new Date(nowMs).toISOString() },
    identifier: [appointmentIdentifier(facts)],
    status: 'arrived',
    serviceType: [{ text: facts.examName }],
    ...(facts.examSlug
      ? { serviceCategory: [{ coding: [{ system: `${RIS_SYSTEM}:exam`, code: facts.examSlug }] }] }
      : {}),
    start: formatZonedIso(facts.startMs, facts.timeZone),
    participant: [
      {
        actor: {
          display: `${facts.patient.firstName} ${facts.patient.lastName}`.trim(),
          ...(facts.patient.dateOfBirth
            ? {
                extension: [
                  { url: `${RIS_SYSTEM}:birthDate`, valueDate: facts.patient.dateOfBirth },
                ],
              }
            : {}),
        },
        status: 'accepted',
      },
      {
        actor: {
          identifier: { system: `${RIS_SYSTEM}:clinic`, value: facts.clinicSlug },
          display: facts.clinicName,
        },
        status: 'accepted',
      },
    ],
  };
}

/** FHIR R4 QuestionnaireResponse of the check-in form (spec 3 "Check-in form"). */
export function preparedForm(
  facts: CheckInFacts,
  form: NonNullable<CheckInFacts['form']>,
  referrerName: string,
  nowMs: number,
) {
  const item = (linkId: string, text: string, answer: Record<string, unknown>) => ({
    linkId,
    text,
    answer: [answer],
  });
  return {
    resourceType: 'QuestionnaireResponse',
    identifier: { system: `${RIS_SYSTEM}:check-in-form`, value: facts.slug },
    questionnaire: `${RIS_SYSTEM}:questionnaire:check-in-form`,
    status: 'completed',
    authored: new Date(nowMs).toISOString(),
    basedOn: [{ identifier: appointmentIdentifier(facts), display: facts.examName }],
    item: [
      item('referrer', 'Referring doctor', {
        valueCoding: { system: `${RIS_SYSTEM}:doctor`, code: form.referrer, display: referrerName },
      }),
      item('dateOfReferral', 'Date of referral', { valueDate: form.dateOfReferral }),
      item('medicareNumber', 'Medicare number', { valueString: form.medicareNumber }),
      item('referenceNumber', 'Individual reference number', {
        valueString: form.referenceNumber,
      }),
      ...(form.gender
        ? [
            item('gender', 'Gender', {
              valueCoding: {
                system: 'http://hl7.org/fhir/administrative-gender',
                code: form.gender.toLowerCase(),
                display: form.gender,
              },
            }),
          ]
        : []),
    ],
  };
}

/** Queues one FHIR resource for the RIS (recipient "ris": the URL is the sender's). */
export async function queueRisMessage(
  q: Queryable,
  appointmentId: number,
  kind: RisKind,
  resource: object,
): Promise<void> {
  await q.query(
    `INSERT INTO outbox (channel, recipient, subject, body, reference, topic)
     VALUES ('ris', 'ris', $1, $2, $3, $4)`,
    [kind, JSON.stringify(resource), String(appointmentId), `ris:${kind}`],
  );
}
