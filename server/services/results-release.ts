/**
 * Releases due results and tells the patient (issue 17 part 6): a report
 * whose release instant (results-rules.ts) has come gets released_at, once,
 * by an UPDATE that only one API process can win, and its 'results ready'
 * e-mail (or SMS without an e-mail address) goes into the outbox in the
 * same transaction. Runs as a job (jobs/results-release.ts) and right after
 * a referrer opens a link (the rule may release at once).
 */
import type { Db, Queryable } from '../db/db.js';
import { accessRule } from '../db/imaging.repo.js';
import { insertOutboxMessage } from '../db/booking.repo.js';
import type { KeyRef } from '../db/secrets.js';
import { releaseAt } from './results-rules.js';

interface Pending {
  studyId: number;
  modality: string;
  description: string;
  finalisedAt: string;
  referrerOpenedAt: string | null;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  bookingKey: KeyRef | null;
  clinicName: string;
}

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function pending(q: Queryable, studyId?: number): Promise<Pending[]> {
  const { rows } = await q.query<Pending>(
    `SELECT s.id AS "studyId", s.modality, s.description, s.clinic_name AS "clinicName",
       ${iso('r.finalised_at')} AS "finalisedAt", ${iso('s.referrer_opened_at')} AS "referrerOpenedAt",
       a.patient_email AS email, a.patient_phone AS phone, a.patient_first_name AS "firstName",
       a.booking_key AS "bookingKey"
     FROM imaging_reports r JOIN imaging_studies s ON s.id = r.study_id
     LEFT JOIN appointments a ON a.id = s.appointment_id
     WHERE r.released_at IS NULL AND r.finalised_at IS NOT NULL AND r.status <> 'PRELIMINARY'
       AND ($1::int IS NULL OR s.id = $1)
     ORDER BY r.finalised_at LIMIT 200`,
    [studyId ?? null],
  );
  return rows;
}

export function resultsReadyMessage(row: Pending, publicUrl: string) {
  const greeting = row.firstName ? `Dear ${row.firstName},` : 'Hello,';
  const text =
    `${greeting}\n\nThe results of your ${row.description} at ${row.clinicName} are ready.\n` +
    `Open the link in your booking confirmation and choose Results, or visit ${publicUrl}, ` +
    'to read the report and see your images. You will be asked to confirm your identity.\n\n' +
    'Please discuss the results with your referring doctor.';
  return { subject: 'Your imaging results are ready', text };
}

export interface ResultsRelease {
  /** Releases what is due at `now` (one study, or all); returns how many were released. */
  releaseDue(now: Date, studyId?: number): Promise<number>;
}

export function createResultsRelease(db: Db, { publicUrl }: { publicUrl: string }): ResultsRelease {
  return {
    async releaseDue(now, studyId) {
      let released = 0;
      for (const row of await pending(db, studyId)) {
        const at = releaseAt({ ...row, releasedAt: null }, await accessRule(db, row.modality));
        if (!at || at > now) continue;
        const won = await db.transaction(async (tx) => {
          const { rows } = await tx.query(
            `UPDATE imaging_reports SET released_at = $2
             WHERE study_id = $1 AND released_at IS NULL RETURNING study_id`,
            [row.studyId, at.toISOString()],
          );
          if (rows.length === 0) return false;
          const recipient = row.email ?? row.phone;
          if (recipient) {
            const message = resultsReadyMessage(row, publicUrl);
            await insertOutboxMessage(tx, {
              channel: row.email ? 'email' : 'sms',
              recipient,
              subject: message.subject,
              body: message.text,
              reference: row.bookingKey,
              topic: 'results_ready',
            });
          }
          return true;
        });
        if (won) released++;
      }
      return released;
    },
  };
}
