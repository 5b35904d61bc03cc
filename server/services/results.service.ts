/**
 * The results of an appointment (spec 7 "reports; pain score; image viewer
 * URL; import-ready status; results access requirements"; issue 17 part 6)
 * and the referrer's quick report. Reports, the PDF and the image viewer
 * URL are shown to the patient only while results are RELEASED: 403
 * message.results_not_released before (with availableFrom), 410
 * message.results_expired after the access period (the deny page with
 * resultsExpired).
 */
import type {
  ImageViewerUrlResponse,
  ImportReadyStatus,
  Modality,
  PainScoresResponse,
  QuickReport,
  Report,
  ResultsAccess,
} from '../../src/contract/imaging.js';
import type { Queryable } from '../db/db.js';
import {
  accessRule,
  reportOfStudy,
  studiesOfAppointment,
  type ReportRow,
  type StudyRow,
} from '../db/imaging.repo.js';
import { ApiError } from '../http/errors.js';
import { textPdf, wrap, type PdfLine } from './report-pdf.js';
import { resultsAccess } from './results-rules.js';

const isoDate = (dicomDate: string) =>
  `${dicomDate.slice(0, 4)}-${dicomDate.slice(4, 6)}-${dicomDate.slice(6, 8)}`;

export function toReport(study: StudyRow, report: ReportRow): Report {
  return {
    accessionNumber: study.accessionNumber,
    studyInstanceUid: study.studyInstanceUid,
    modality: study.modality as Modality,
    examName: study.description,
    studyDate: isoDate(study.studyDate),
    reportStatus: report.status,
    clinicalHistory: report.clinicalHistory,
    technique: report.technique,
    findings: report.findings,
    impression: report.impression,
    radiologistName: report.radiologistName,
    finalisedAt: report.finalisedAt,
    releasedAt: report.releasedAt,
  };
}

/** "CHEN^Margaret" → "Margaret Chen". */
export const displayName = (pn: string) => {
  const [family = '', given = ''] = pn.split('^');
  const proper = family.charAt(0) + family.slice(1).toLowerCase();
  return [given, proper].filter(Boolean).join(' ');
};

export function reportPdf(study: StudyRow, report: Report): Buffer {
  const section = (title: string, text: string): PdfLine[] => [
    { text: title, bold: true },
    ...wrap(text).map((line) => ({ text: line })),
    { text: '' },
  ];
  return textPdf(`${report.examName} ${report.accessionNumber}`, [
    { text: study.clinicName, bold: true },
    { text: `${report.examName}  -  ${report.studyDate}  -  Accession ${report.accessionNumber}` },
    { text: `Patient: ${displayName(study.patientName)}  (ID ${study.patientId})` },
    { text: `Referrer: ${study.referrerName ?? '-'}    Report: ${report.reportStatus}` },
    { text: '' },
    ...section('Clinical history', report.clinicalHistory),
    ...section('Technique', report.technique),
    ...section('Findings', report.findings),
    ...section('Impression', report.impression),
    { text: `Reported by ${report.radiologistName}` },
  ]);
}

export interface ResultsDeps {
  clock: () => Date;
  viewerUrl: (study: StudyRow, audience: string) => Promise<string | null>;
}

export function createResultsService(db: Queryable, { clock, viewerUrl }: ResultsDeps) {
  /** The appointment's study (the first, when several), its report and its access now. */
  async function resultsOf(appointmentId: number) {
    const [study] = await studiesOfAppointment(db, appointmentId);
    const report = study && (await reportOfStudy(db, study.id));
    const rule = await accessRule(db, study?.modality ?? '*');
    const access: ResultsAccess = resultsAccess(
      {
        finalisedAt: report?.status === 'PRELIMINARY' ? null : (report?.finalisedAt ?? null),
        referrerOpenedAt: study?.referrerOpenedAt ?? null,
        releasedAt: report?.releasedAt ?? null,
      },
      rule,
      clock(),
    );
    return { study, report, access };
  }

  /** The study and report when released; 403 before, 410 after the access period. */
  async function released(appointmentId: number) {
    const found = await resultsOf(appointmentId);
    if (found.access.state === 'EXPIRED') throw new ApiError(410, 'message.results_expired');
    if (found.access.state !== 'RELEASED' || !found.study || !found.report)
      throw new ApiError(403, 'message.results_not_released', undefined, undefined, {
        availableFrom: found.access.availableFrom,
      });
    return { ...found, study: found.study, report: found.report };
  }

  return {
    resultsOf,
    released,

    async access(appointmentId: number): Promise<ResultsAccess> {
      return (await resultsOf(appointmentId)).access;
    },

    async reports(appointmentId: number) {
      const { study, report } = await released(appointmentId);
      return { study, reports: { reports: [toReport(study, report)] } };
    },

    async pdf(appointmentId: number, accessionNumber: string) {
      const { study, report } = await released(appointmentId);
      if (study.accessionNumber !== accessionNumber) throw new ApiError(404, 'message.not_found');
      return { study, pdf: reportPdf(study, toReport(study, report)) };
    },

    async painScores(appointmentId: number): Promise<PainScoresResponse> {
      const { rows } = await db.query<PainScoresResponse['painScores'][number]>(
        `SELECT questionnaire_type AS type, pain_score::int AS score,
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "recordedAt"
         FROM questionnaire_answers
         WHERE appointment_id = $1 AND pain_score IS NOT NULL
           AND questionnaire_type IN ('PAIN_SCORE_INITIAL', 'PAIN_SCORE_FINAL')
         ORDER BY created_at, id`,
        [appointmentId],
      );
      return { painScores: rows };
    },

    async imageViewerUrl(appointmentId: number, slug: string) {
      const { study } = await released(appointmentId);
      const answer: ImageViewerUrlResponse = { url: await viewerUrl(study, `patient:${slug}`) };
      return { study, answer };
    },

    async importReady(appointmentId: number) {
      const { study, report, access } = await resultsOf(appointmentId);
      const imagesAvailable = (study?.instanceCount ?? 0) > 0;
      const answer: ImportReadyStatus = {
        importReady: imagesAvailable && report?.status !== undefined,
        imagesAvailable,
        reportAvailable: access.state === 'RELEASED',
      };
      return { study, answer };
    },

    /** The referrer's quick report of a study (the image link is checked by the caller). */
    async quickReport(study: StudyRow): Promise<QuickReport> {
      const report = await reportOfStudy(db, study.id);
      return {
        patientName: displayName(study.patientName),
        dateOfBirth: study.patientBirthDate ? isoDate(study.patientBirthDate) : '',
        examName: study.description,
        modality: study.modality as Modality,
        studyDate: isoDate(study.studyDate),
        accessionNumber: study.accessionNumber,
        clinicName: study.clinicName,
        report: report ? toReport(study, report) : null,
        imagesAvailable: study.instanceCount > 0,
      };
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
