/**
 * The exams a booking's documents are grouped by (a read model over
 * appointments, booking_request_exams, exams and modalities).
 */
import type { KeyRef } from './secrets.js';
import type { Queryable } from './db.js';

export interface ExamRow {
  examId: number;
  slug: string;
  name: string;
  modalitySlug: string;
}

const EXAM_COLUMNS = `e.id AS "examId", e.slug, e.name, m.slug AS "modalitySlug"`;

/** The live appointments' exams of a booking key, the named appointment's first. */
export async function appointmentExams(
  q: Queryable,
  bookingKey: KeyRef,
  firstAppointmentId: number,
): Promise<ExamRow[]> {
  const { rows } = await q.query<ExamRow>(
    `SELECT DISTINCT ON (e.id) ${EXAM_COLUMNS}, (a.id = $2) AS named, lower(a.during) AS starts
     FROM appointments a JOIN exams e ON e.id = a.exam_id JOIN modalities m ON m.id = e.modality_id
     WHERE a.booking_key = $1 AND (a.status <> 'CANCELED' OR a.id = $2)
     ORDER BY e.id, (a.id = $2) DESC`,
    [bookingKey, firstAppointmentId],
  );
  const sorted = [...(rows as (ExamRow & { named: boolean; starts: Date })[])].sort(
    (a, b) => Number(b.named) - Number(a.named) || a.starts.getTime() - b.starts.getTime(),
  );
  return sorted.map(({ examId, slug, name, modalitySlug }) => ({
    examId,
    slug,
    name,
    modalitySlug,
  }));
}

export async function bookingRequestExams(
  q: Queryable,
  bookingRequestId: number,
): Promise<ExamRow[]> {
  const { rows } = await q.query<ExamRow>(
    `SELECT ${EXAM_COLUMNS}
     FROM booking_request_exams x JOIN exams e ON e.id = x.exam_id
     JOIN modalities m ON m.id = e.modality_id
     WHERE x.booking_request_id = $1 ORDER BY x.position, e.id`,
    [bookingRequestId],
  );
  return rows;
}

/** Exams by slug, in the order given; unknown slugs are left out. */
export async function examsBySlugs(q: Queryable, slugs: string[]): Promise<ExamRow[]> {
  if (slugs.length === 0) return [];
  const { rows } = await q.query<ExamRow>(
    `SELECT ${EXAM_COLUMNS} FROM exams e JOIN modalities m ON m.id = e.modality_id
     WHERE e.slug = ANY($1::text[])`,
    [slugs],
  );
  return slugs
    .map((slug) => rows.find((row) => row.slug === slug))
    .filter((row): row is ExamRow => row !== undefined);
}

export async function examExists(q: Queryable, slug: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM exams WHERE slug = $1', [slug]);
  return rows.length > 0;
}
