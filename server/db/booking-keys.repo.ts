import type { KeyRef } from './secrets.js';
import type { Queryable } from './db.js';

/** Issued booking keys and what they own before a booking is made. */

export interface BookingKeyState {
  bookingKey: KeyRef;
  usedAt: Date | null;
  usedFor: 'appointment' | 'booking_request' | null;
  /** SHA-256 of the secret of the browser the key was issued to (http/key-binding.ts). */
  browserHash: string | null;
}

export async function findBookingKey(
  q: Queryable,
  bookingKey: KeyRef,
): Promise<BookingKeyState | undefined> {
  const { rows } = await q.query<BookingKeyState>(
    `SELECT booking_key AS "bookingKey", used_at AS "usedAt", used_for AS "usedFor",
       browser_hash AS "browserHash"
     FROM booking_keys WHERE booking_key = $1`,
    [bookingKey],
  );
  return rows[0];
}

/** Row-locks the issued keys among `keys` (in key order) until the transaction ends. */
export async function lockBookingKeys(q: Queryable, keys: KeyRef[]): Promise<BookingKeyState[]> {
  const { rows } = await q.query<BookingKeyState>(
    `SELECT booking_key AS "bookingKey", used_at AS "usedAt", used_for AS "usedFor",
       browser_hash AS "browserHash"
     FROM booking_keys WHERE booking_key = ANY($1::text[]) ORDER BY booking_key FOR UPDATE`,
    [keys],
  );
  return rows;
}

export interface MovedRows {
  temporaryDocuments: number;
  questionnaireAnswers: number;
  holds: number;
}

/** Gives the temporary documents, questionnaire answers and slot holds of one key to another. */
export async function moveKeyRows(q: Queryable, from: KeyRef, to: KeyRef): Promise<MovedRows> {
  const move = async (table: string): Promise<number> => {
    const { rows } = await q.query(
      `UPDATE ${table} SET booking_key = $2 WHERE booking_key = $1 RETURNING id`,
      [from, to],
    );
    return rows.length;
  };
  return {
    temporaryDocuments: await moveDocuments(q, from, to),
    questionnaireAnswers: await move('questionnaire_answers'),
    holds: await move('slot_holds'),
  };
}

/**
 * The documents of a booking in progress follow its key (R-4-create-08/09).
 * Once the old key made a booking they are that booking's documents and stay.
 * Each move is written to the document audit log.
 */
async function moveDocuments(q: Queryable, from: KeyRef, to: KeyRef): Promise<number> {
  const { rows } = await q.query(
    `WITH moved AS (
       UPDATE temporary_documents SET booking_key = $2
       WHERE booking_key = $1
         AND NOT EXISTS (SELECT 1 FROM booking_keys WHERE booking_key = $1 AND used_at IS NOT NULL)
       RETURNING id, file_name, storage_name
     )
     INSERT INTO document_audit (actor_kind, booking_key, owner_kind, action, document_id,
       file_name, outcome, status)
     SELECT 'booking_key', $2, 'booking', 'move', id, file_name, 'ok', 200 FROM moved
     RETURNING id`,
    [from, to],
  );
  return rows.length;
}
