import type { Queryable } from './db.js';

/** regions, modalities, body_parts, exams and clinic_exams. */
export interface NewNamed {
  slug: string;
  name: string;
}

async function insertReturningId(q: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await q.query<{ id: number }>(sql, params);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('INSERT returned no id');
  return id;
}

export function insertRegion(
  q: Queryable,
  region: NewNamed & { latitude: number; longitude: number },
): Promise<number> {
  return insertReturningId(
    q,
    'INSERT INTO regions (slug, name, latitude, longitude) VALUES ($1, $2, $3, $4) RETURNING id',
    [region.slug, region.name, region.latitude, region.longitude],
  );
}

export function insertModality(q: Queryable, modality: NewNamed): Promise<number> {
  return insertReturningId(q, 'INSERT INTO modalities (slug, name) VALUES ($1, $2) RETURNING id', [
    modality.slug,
    modality.name,
  ]);
}

export function insertBodyPart(
  q: Queryable,
  bodyPart: NewNamed & { view?: 'front' | 'back' | 'both' },
): Promise<number> {
  return insertReturningId(
    q,
    'INSERT INTO body_parts (slug, name, figure_view) VALUES ($1, $2, $3) RETURNING id',
    [bodyPart.slug, bodyPart.name, bodyPart.view ?? 'front'],
  );
}

export interface NewExam extends NewNamed {
  modalityId: number;
  bodyPartId: number | null;
  priority: number;
  examCode: string;
  examNotes: string;
  notes: string;
  durationMinutes: number;
  bookableOnline: boolean;
  showBookingRequestInfoModal: boolean;
}

export function insertExam(q: Queryable, exam: NewExam): Promise<number> {
  return insertReturningId(
    q,
    `INSERT INTO exams (slug, name, modality_id, body_part_id, priority, exam_code, exam_notes, notes,
       duration_minutes, bookable_online, show_booking_request_info_modal)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      exam.slug,
      exam.name,
      exam.modalityId,
      exam.bodyPartId,
      exam.priority,
      exam.examCode,
      exam.examNotes,
      exam.notes,
      exam.durationMinutes,
      exam.bookableOnline,
      exam.showBookingRequestInfoModal,
    ],
  );
}

/** Offers every exam at every clinic that has a device of the exam's modality. */
export async function linkExamsToClinicsByDevices(q: Queryable): Promise<void> {
  await q.query(
    `INSERT INTO clinic_exams (clinic_id, exam_id)
     SELECT DISTINCT d.clinic_id, e.id FROM devices d JOIN exams e ON e.modality_id = d.modality_id
     ON CONFLICT DO NOTHING`,
  );
}
