/**
 * Writes the demonstration studies (seed-imaging-data.ts): a past, completed
 * appointment per study, the study with its series and instance rows (the
 * files themselves are made on first request, never here: the cold start
 * stays within issue 15's budget), the report and the release rules. A
 * database made from the build's template moves these rows to its first
 * start's day (redateImagingSeed), as seed.ts does for mobile visits.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from './db.js';
import { SEED_CLINIC, seedAccessRules, seedStudies, type SeedStudy } from './seed-imaging-data.js';
import { redatePainScores } from './seed-imaging-pain.js';

const DAY_MS = 86_400_000;
/** Sydney is UTC+10 or +11; the hour of the scan is near enough at +10. */
const CLINIC_OFFSET_HOURS = 10;

/**
 * A DICOM UID of the seed (PS3.5 B.2, 2.25 and a UUID-sized integer): a
 * name-based hash of the accession and the part, so a template started on a
 * later day holds the same rows as a fresh seed (pglite-template.test.ts).
 */
export function seedUid(accessionNumber: string, part: string): string {
  const hex = createHash('sha256').update(`imaging-seed:${accessionNumber}:${part}`).digest('hex');
  return `2.25.${BigInt(`0x${hex.slice(0, 32)}`).toString()}`;
}

const SOP_CLASSES = {
  CT: '1.2.840.10008.5.1.4.1.1.2',
  MR: '1.2.840.10008.5.1.4.1.1.4',
  DX: '1.2.840.10008.5.1.4.1.1.1.1',
  US: '1.2.840.10008.5.1.4.1.1.6.1',
} as const;

function scanStart(now: Date, study: SeedStudy): Date {
  const day = Math.floor(now.getTime() / DAY_MS) - study.daysAgo;
  return new Date(day * DAY_MS + (study.hour - CLINIC_OFFSET_HOURS) * 3_600_000);
}

async function insertAppointment(
  tx: Queryable,
  study: SeedStudy,
  start: Date,
): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO appointments (booking_key, slug, device_id, exam_id, during, status,
       patient_first_name, patient_last_name, patient_email, patient_date_of_birth)
     SELECT $1, $2, d.id, e.id, tstzrange($4::timestamptz, $4::timestamptz + interval '30 minutes'),
       'COMPLETED', $5, $6, $7, $8::date
     FROM clinics c JOIN devices d ON d.clinic_id = c.id AND NOT d.mobile
     JOIN exams e ON e.modality_id = d.modality_id AND e.slug = $3
     WHERE c.slug = $9 AND NOT EXISTS (
       SELECT 1 FROM appointments x WHERE x.device_id = d.id AND x.status <> 'CANCELED'
         AND x.during && tstzrange($4::timestamptz, $4::timestamptz + interval '30 minutes'))
     ORDER BY d.id LIMIT 1
     RETURNING id`,
    [
      // No booking key hashes to this (a hash has no ':'): e2e tests take one from the dev route.
      `seed-imaging:${study.accessionNumber}:no-key`,
      `result-${study.accessionNumber.toLowerCase()}`,
      study.examSlug,
      start.toISOString(),
      study.patient.firstName,
      study.patient.lastName,
      study.patient.email,
      study.patient.dateOfBirth,
      SEED_CLINIC,
    ],
  );
  // A database with bookings of its own may have no free device then: the study goes without one.
  return rows[0]?.id ?? null;
}

async function insertStudy(tx: Queryable, study: SeedStudy, now: Date): Promise<void> {
  const start = scanStart(now, study);
  const appointmentId = await insertAppointment(tx, study, start);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO imaging_studies (study_instance_uid, accession_number, appointment_id, patient_id,
       patient_name, patient_birth_date, patient_sex, study_at, modality, description, body_part,
       clinic_name, time_zone, referrer_id, referrer_name, referrer_email, synthetic)
     SELECT $1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10, $11, c.name, c.time_zone, $12, $13,
       $14, $15
     FROM clinics c WHERE c.slug = $16 RETURNING id`,
    [
      seedUid(study.accessionNumber, 'study'),
      study.accessionNumber,
      appointmentId,
      study.patient.id,
      `${study.patient.lastName.toUpperCase()}^${study.patient.firstName}`,
      study.patient.dateOfBirth,
      study.patient.sex,
      start.toISOString(),
      study.modality,
      study.description,
      study.bodyPart,
      study.referrer.id,
      study.referrer.name,
      study.referrer.email,
      study.synthetic,
      SEED_CLINIC,
    ],
  );
  const studyId = rows[0]!.id;
  for (const series of study.series) {
    const { rows: made } = await tx.query<{ id: number }>(
      `INSERT INTO imaging_series (study_id, series_instance_uid, series_number, modality,
         description, body_part) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        studyId,
        seedUid(study.accessionNumber, `series:${series.number}`),
        series.number,
        study.modality,
        series.description,
        study.bodyPart,
      ],
    );
    const uids = Array.from({ length: series.images }, (_, i) =>
      seedUid(study.accessionNumber, `instance:${series.number}:${i + 1}`),
    );
    await tx.query(
      `INSERT INTO imaging_instances (series_id, sop_instance_uid, sop_class_uid, instance_number,
         rows, columns)
       SELECT $1, uid, $3, n::int, $4, $5 FROM unnest($2::text[]) WITH ORDINALITY AS u (uid, n)`,
      [made[0]!.id, uids, SOP_CLASSES[study.modality], series.rows, series.columns],
    );
  }
  await insertReport(tx, studyId, study, start, now);
}

/** The report's final and release instants for a scan at `start`, as seen on `now`. */
function reportTimes(study: SeedStudy, start: Date, now: Date) {
  const after = study.report.finalAfterDays;
  const finalisedAt =
    after === null ? null : new Date(start.getTime() + after * DAY_MS + 4 * 3_600_000);
  const rule =
    seedAccessRules.find((r) => r.modality === study.modality) ??
    seedAccessRules.find((r) => r.modality === '*')!;
  const releaseAt = finalisedAt && new Date(finalisedAt.getTime() + rule.releaseAfterDays * DAY_MS);
  // Released before the seed's day: released already (no 'results ready' message for the demo).
  return { finalisedAt, releasedAt: releaseAt && releaseAt <= now ? releaseAt : null };
}

async function insertReport(
  tx: Queryable,
  studyId: number,
  study: SeedStudy,
  start: Date,
  now: Date,
): Promise<void> {
  const { report } = study;
  const { finalisedAt, releasedAt } = reportTimes(study, start, now);
  await tx.query(
    `INSERT INTO imaging_reports (study_id, status, clinical_history, technique, findings,
       impression, radiologist_name, finalised_at, released_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      studyId,
      report.status,
      report.clinicalHistory,
      report.technique,
      report.findings,
      report.impression,
      report.radiologist,
      finalisedAt?.toISOString() ?? null,
      releasedAt?.toISOString() ?? null,
    ],
  );
}

/** The studies, reports and rules, once (also into databases seeded before migration 033). */
export async function seedImaging(tx: Queryable, now: Date): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM imaging_seed');
  if (rows.length > 0) return;
  for (const rule of seedAccessRules)
    await tx.query(
      `INSERT INTO results_access_rules (modality, release_after_days,
         release_when_referrer_opened, available_months) VALUES ($1, $2, $3, $4)
       ON CONFLICT (modality) DO NOTHING`,
      [rule.modality, rule.releaseAfterDays, rule.releaseWhenReferrerOpened, rule.availableMonths],
    );
  await tx.query(
    `INSERT INTO referrer_image_preferences (referrer_id, preference, pacs_url)
     VALUES ('seed-ref-lindqvist', 'PACS', 'https://pacs.northshore-ortho.example/viewer')
     ON CONFLICT (referrer_id) DO NOTHING`,
  );
  for (const study of seedStudies) await insertStudy(tx, study, now);
  await tx.query('INSERT INTO imaging_seed (anchor) VALUES ($1)', [now.toISOString()]);
}

/**
 * Dates the seed's imaging rows for `now` as a fresh seed on that day would
 * (the first start of a database made from the build's template): scans,
 * reports, releases and pain scores. Appointments move latest first when
 * moving later (earliest first when earlier), so no two of one device
 * overlap on the way.
 */
export async function redateImagingSeed(tx: Queryable, now: Date): Promise<void> {
  const { rows } = await tx.query<{ anchor: Date }>('SELECT anchor FROM imaging_seed LIMIT 1');
  const anchor = rows[0]?.anchor;
  if (!anchor) return;
  const later = now.getTime() >= new Date(anchor).getTime();
  const studies = [...seedStudies].sort((a, b) =>
    later ? a.daysAgo - b.daysAgo : b.daysAgo - a.daysAgo,
  );
  for (const study of studies) {
    const start = scanStart(now, study);
    const { finalisedAt, releasedAt } = reportTimes(study, start, now);
    await redatePainScores(tx, study.accessionNumber, start);
    await tx.query(
      `UPDATE appointments SET during = tstzrange($2::timestamptz, $2::timestamptz + interval '30 minutes')
       WHERE id = (SELECT appointment_id FROM imaging_studies WHERE accession_number = $1)`,
      [study.accessionNumber, start.toISOString()],
    );
    await tx.query('UPDATE imaging_studies SET study_at = $2 WHERE accession_number = $1', [
      study.accessionNumber,
      start.toISOString(),
    ]);
    await tx.query(
      `UPDATE imaging_reports SET finalised_at = $2, released_at = $3
       WHERE study_id = (SELECT id FROM imaging_studies WHERE accession_number = $1)`,
      [
        study.accessionNumber,
        finalisedAt?.toISOString() ?? null,
        releasedAt?.toISOString() ?? null,
      ],
    );
  }
  await tx.query('UPDATE imaging_seed SET anchor = $1', [now.toISOString()]);
}
