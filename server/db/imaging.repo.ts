/**
 * SQL of the imaging tables (migration 033): studies, series, instances and
 * reports. Image links are in image-links.repo.ts, the audit log in
 * imaging-audit.repo.ts. DICOM dates and times come out local to the
 * clinic (time_zone), as DICOM wants them.
 */
import type { Queryable } from './db.js';
import type { SyntheticRecipe } from './seed-imaging-data.js';

export interface StudyRow {
  id: number;
  studyInstanceUid: string;
  accessionNumber: string;
  repositorySource: string;
  appointmentId: number | null;
  patientId: string;
  patientName: string;
  /** YYYYMMDD or '' */
  patientBirthDate: string;
  patientSex: string | null;
  /** YYYYMMDD and HHMMSS, clinic time. */
  studyDate: string;
  studyTime: string;
  studyAt: string;
  modality: string;
  description: string;
  bodyPart: string | null;
  clinicName: string;
  referrerId: string | null;
  referrerName: string | null;
  referrerEmail: string | null;
  referrerOpenedAt: string | null;
  synthetic: SyntheticRecipe | null;
  seriesCount: number;
  instanceCount: number;
}

const STUDY_COLUMNS = `s.id, s.study_instance_uid AS "studyInstanceUid",
  s.accession_number AS "accessionNumber", s.repository_source AS "repositorySource",
  s.appointment_id AS "appointmentId", s.patient_id AS "patientId",
  s.patient_name AS "patientName",
  coalesce(to_char(s.patient_birth_date, 'YYYYMMDD'), '') AS "patientBirthDate",
  s.patient_sex AS "patientSex",
  to_char(s.study_at AT TIME ZONE s.time_zone, 'YYYYMMDD') AS "studyDate",
  to_char(s.study_at AT TIME ZONE s.time_zone, 'HH24MISS') AS "studyTime",
  to_char(s.study_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "studyAt",
  s.modality, s.description, s.body_part AS "bodyPart", s.clinic_name AS "clinicName",
  s.referrer_id AS "referrerId", s.referrer_name AS "referrerName",
  s.referrer_email AS "referrerEmail",
  to_char(s.referrer_opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "referrerOpenedAt",
  s.synthetic,
  (SELECT count(*)::int FROM imaging_series se WHERE se.study_id = s.id) AS "seriesCount",
  (SELECT count(*)::int FROM imaging_instances i JOIN imaging_series se ON se.id = i.series_id
   WHERE se.study_id = s.id) AS "instanceCount"`;

export async function studyByUid(q: Queryable, uid: string): Promise<StudyRow | undefined> {
  const { rows } = await q.query<StudyRow>(
    `SELECT ${STUDY_COLUMNS} FROM imaging_studies s WHERE s.study_instance_uid = $1`,
    [uid],
  );
  return rows[0];
}

export async function studyById(q: Queryable, id: number): Promise<StudyRow | undefined> {
  const { rows } = await q.query<StudyRow>(
    `SELECT ${STUDY_COLUMNS} FROM imaging_studies s WHERE s.id = $1`,
    [id],
  );
  return rows[0];
}

export async function studyByAccession(
  q: Queryable,
  accessionNumber: string,
  repositorySource: string,
): Promise<StudyRow | undefined> {
  const { rows } = await q.query<StudyRow>(
    `SELECT ${STUDY_COLUMNS} FROM imaging_studies s
     WHERE s.accession_number = $1 AND s.repository_source = $2`,
    [accessionNumber, repositorySource],
  );
  return rows[0];
}

export async function studiesOfAppointment(
  q: Queryable,
  appointmentId: number,
): Promise<StudyRow[]> {
  const { rows } = await q.query<StudyRow>(
    `SELECT ${STUDY_COLUMNS} FROM imaging_studies s WHERE s.appointment_id = $1 ORDER BY s.study_at`,
    [appointmentId],
  );
  return rows;
}

/** The first study of the appointment a slug names: what a refused read asked for (the audit). */
export async function studyOfAppointmentSlug(
  q: Queryable,
  slug: string,
): Promise<StudyRow | undefined> {
  const { rows } = await q.query<StudyRow>(
    `SELECT ${STUDY_COLUMNS} FROM imaging_studies s JOIN appointments a ON a.id = s.appointment_id
     WHERE a.slug = $1 ORDER BY s.study_at LIMIT 1`,
    [slug],
  );
  return rows[0];
}

/** The first opening by the referrer; true when this call recorded it. */
export async function markReferrerOpened(
  q: Queryable,
  studyId: number,
  at: Date,
): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE imaging_studies SET referrer_opened_at = $2
     WHERE id = $1 AND referrer_opened_at IS NULL RETURNING id`,
    [studyId, at.toISOString()],
  );
  return rows.length > 0;
}

export interface SeriesRow {
  id: number;
  seriesInstanceUid: string;
  seriesNumber: number;
  modality: string;
  description: string;
  bodyPart: string | null;
  instanceCount: number;
}

export async function seriesOfStudy(
  q: Queryable,
  studyId: number,
  seriesUid?: string,
): Promise<SeriesRow[]> {
  const { rows } = await q.query<SeriesRow>(
    `SELECT se.id, se.series_instance_uid AS "seriesInstanceUid",
       se.series_number AS "seriesNumber", se.modality, se.description, se.body_part AS "bodyPart",
       (SELECT count(*)::int FROM imaging_instances i WHERE i.series_id = se.id) AS "instanceCount"
     FROM imaging_series se
     WHERE se.study_id = $1 AND ($2::text IS NULL OR se.series_instance_uid = $2)
     ORDER BY se.series_number, se.id`,
    [studyId, seriesUid ?? null],
  );
  return rows;
}

export interface InstanceRow {
  id: number;
  seriesId: number;
  sopInstanceUid: string;
  sopClassUid: string;
  instanceNumber: number;
  rows: number;
  columns: number;
  numberOfFrames: number;
  filePath: string | null;
}

/** Instances of a study, optionally of one series and one SOP instance, in series then number order. */
export async function instancesOfStudy(
  q: Queryable,
  studyId: number,
  filter: { seriesUid?: string; sopUid?: string } = {},
): Promise<(InstanceRow & { seriesInstanceUid: string })[]> {
  const { rows } = await q.query<InstanceRow & { seriesInstanceUid: string }>(
    `SELECT i.id, i.series_id AS "seriesId", i.sop_instance_uid AS "sopInstanceUid",
       i.sop_class_uid AS "sopClassUid", i.instance_number AS "instanceNumber", i.rows,
       i.columns, i.number_of_frames AS "numberOfFrames", i.file_path AS "filePath",
       se.series_instance_uid AS "seriesInstanceUid"
     FROM imaging_instances i JOIN imaging_series se ON se.id = i.series_id
     WHERE se.study_id = $1 AND ($2::text IS NULL OR se.series_instance_uid = $2)
       AND ($3::text IS NULL OR i.sop_instance_uid = $3)
     ORDER BY se.series_number, se.id, i.instance_number`,
    [studyId, filter.seriesUid ?? null, filter.sopUid ?? null],
  );
  return rows;
}

export async function setInstanceFile(q: Queryable, id: number, path: string): Promise<void> {
  await q.query('UPDATE imaging_instances SET file_path = $2 WHERE id = $1 AND file_path IS NULL', [
    id,
    path,
  ]);
}

export interface ReportRow {
  studyId: number;
  status: 'PRELIMINARY' | 'FINAL' | 'AMENDED';
  clinicalHistory: string;
  technique: string;
  findings: string;
  impression: string;
  radiologistName: string;
  finalisedAt: string | null;
  releasedAt: string | null;
}

const utc = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function reportOfStudy(q: Queryable, studyId: number): Promise<ReportRow | undefined> {
  const { rows } = await q.query<ReportRow>(
    `SELECT study_id AS "studyId", status, clinical_history AS "clinicalHistory", technique,
       findings, impression, radiologist_name AS "radiologistName",
       ${utc('finalised_at')} AS "finalisedAt", ${utc('released_at')} AS "releasedAt"
     FROM imaging_reports WHERE study_id = $1`,
    [studyId],
  );
  return rows[0];
}

export interface AccessRule {
  releaseAfterDays: number;
  releaseWhenReferrerOpened: boolean;
  availableMonths: number;
}

/** The modality's rule, else the default ('*'), else 7 days / opened / 12 months. */
export async function accessRule(q: Queryable, modality: string): Promise<AccessRule> {
  const { rows } = await q.query<AccessRule>(
    `SELECT release_after_days AS "releaseAfterDays",
       release_when_referrer_opened AS "releaseWhenReferrerOpened",
       available_months AS "availableMonths"
     FROM results_access_rules WHERE modality IN ($1, '*') ORDER BY modality = '*' LIMIT 1`,
    [modality],
  );
  return rows[0] ?? { releaseAfterDays: 7, releaseWhenReferrerOpened: true, availableMonths: 12 };
}
