/**
 * Imaging results (issue 17; spec 2.2, 3 "Image viewer response", 4 "Image
 * viewer", 7, 8): image links (imsec), the viewer token for the read-only
 * DICOMweb service, reports, pain scores and results access. The TypeBox
 * schemas of these shapes are in server/schemas/imaging.schema.ts (this
 * folder imports nothing, so the schemas cannot live here).
 *
 * Public, rate-limited, audited (the imsec is the credential):
 * GET  /api/image_viewer?input={imsec}[&repositorySource]      → ImageViewerResponse
 * GET  /api/image_viewer/report?input={imsec}[&repositorySource] → QuickReport (the referrer's quick report)
 * POST /api/image_viewer/token?input={imsec}[&repositorySource]  → ViewerToken (a fresh token for the viewer)
 * POST /api/image_viewer/direct  ImageViewerDirectRequest → ImageViewerDirectResponse (an external
 *      radiologist after signing in: 403 message.user_not_have_access_to_images; url null:
 *      message.error_generating_images_url)
 * GET  /api/image_viewer_link/questionnaires?imsec= | ?pacsAppointmentId= → FeedbackQuestionnaire
 *      (src/contract/questionnaire.ts), or 204 when feedback was already given or none applies
 * POST /api/image_viewer_link/questionnaires?imsec= | ?pacsAppointmentId=  AnswerRequest → ReferrerFeedbackAnswer
 *      (409 message.feedback_already_provided the second time). pacsAppointmentId (the study's
 *      accession number, as the PACS knows the visit) needs a staff session, imsec an ACTIVE link.
 * Staff session (logged-in staff):
 * POST /api/image_viewer/generate?accessionNumber=&repositorySource=&repositorySourceId= (empty body) → GeneratedImageLink
 * Patient session of the appointment's booking key (like every /api/secured/appointments route):
 * GET  /api/secured/appointments/{id}/results_access   → ResultsAccess
 * GET  /api/secured/appointments/{id}/reports          → ReportsResponse (403 message.results_not_released / 410 message.results_expired)
 * GET  /api/secured/appointments/{id}/reports/{accessionNumber}/pdf → application/pdf
 * GET  /api/secured/appointments/{id}/pain_score       → PainScoresResponse
 * GET  /api/secured/appointments/{id}/image_viewer     → ImageViewerUrlResponse
 * GET  /api/secured/appointments/{id}/import_ready     → ImportReadyStatus
 * Read-only DICOMweb (PS3.18; docs/dicomweb.md), every call with a ViewerToken:
 *      {dicomWebRoot}/studies[/{study}[/series[/{series}[/instances[/{sop}]]]]][/metadata|/frames/{n}/rendered|/thumbnail]
 */

/** Spec 4 "Statuses": image link status (R-4-status-02). */
export type ImageViewerLinkStatus = 'ACTIVE' | 'EXPIRED';

/** Spec 3: preference "PACS or other"; the other is the portal's (or the provider's) viewer. */
export type ImageViewerPreference = 'PACS' | 'VIEWER';

/**
 * Spec 3 "Image viewer response" (R-3-28), field names verbatim.
 * url: the viewer to open (the built-in viewer page with a viewer token, or
 * the provider's viewer URL template filled in); null when the study has no
 * images ('images not available') or the link is EXPIRED.
 * redirectUrl: where an EXPIRED link goes (R-4-viewer-01); null when ACTIVE.
 * pacsUrl: where preference PACS goes (R-4-viewer-02); null otherwise.
 */
export interface ImageViewerResponse {
  url: string | null;
  imageViewerLinkStatus: ImageViewerLinkStatus;
  redirectUrl: string | null;
  preference: ImageViewerPreference;
  pacsUrl: string | null;
}

/**
 * Spec 4 "Image viewer" (R-4-viewer-05..08), R-7-calls-21: an external
 * radiologist, signed in at the provider's identity provider, asks for the
 * images of an image link: `input` is the imsec, `username` and `email` the
 * signed-in user's. Granted to the study's referrer and to the provider's
 * external radiologists (provider setting imaging.externalRadiologists).
 */
export interface ImageViewerDirectRequest {
  input: string;
  username: string;
  email: string;
}

/** The viewer to redirect the browser to; null when the study has no images. */
export interface ImageViewerDirectResponse {
  url: string | null;
}

/** The stored report quality feedback of a referrer (answers cleaned as for every questionnaire). */
export interface ReferrerFeedbackAnswer {
  questionnaireId: number;
  questionnaireResult: Record<string, unknown>;
  /** ISO instant. */
  dateCreated: string;
}

/** The repository a study lives in; the portal's own store is 'PORTAL'. */
export const DEFAULT_REPOSITORY_SOURCE = 'PORTAL';

/** Path of the built-in viewer page (the portal host page route that mounts the viewer element). */
export const VIEWER_PAGE_PATH = '/image-viewer';

/**
 * A short-lived bearer token for the read-only DICOMweb service, scoped to
 * one study. Send it as `Authorization: Bearer {token}`, or as the query
 * parameter `token` for viewers that cannot set headers.
 */
export interface ViewerToken {
  token: string;
  tokenType: 'Bearer';
  /** ISO instant (UTC) after which the token is refused. */
  expiresAt: string;
  /** Seconds from now until expiresAt. */
  expiresIn: number;
  studyInstanceUid: string;
  /** Absolute or root-relative DICOMweb base URL, e.g. /api/dicomweb. */
  dicomWebRoot: string;
}

/** POST /api/image_viewer/generate: the new link (the code is shown once, stored hashed). */
export interface GeneratedImageLink {
  imsec: string;
  accessionNumber: string;
  imageViewerLinkStatus: ImageViewerLinkStatus;
  expiresAt: string;
  /** The referrer page for this link: {PUBLIC_URL}/referrer/quick-report?imsec=… */
  quickReportUrl: string;
}

export type ReportStatus = 'PRELIMINARY' | 'FINAL' | 'AMENDED';

export type Modality = 'CT' | 'MR' | 'DX' | 'CR' | 'US' | 'MG' | 'NM' | 'PT' | 'XA' | 'RF';

/** One radiologist's report of one study (accession). */
export interface Report {
  accessionNumber: string;
  studyInstanceUid: string;
  modality: Modality;
  examName: string;
  /** ISO date YYYY-MM-DD of the study. */
  studyDate: string;
  reportStatus: ReportStatus;
  clinicalHistory: string;
  technique: string;
  findings: string;
  impression: string;
  radiologistName: string;
  /** ISO instant (UTC) when the report became FINAL; null while PRELIMINARY. */
  finalisedAt: string | null;
  /** ISO instant (UTC) when the results were released to the patient; null before. */
  releasedAt: string | null;
}

export interface ReportsResponse {
  reports: Report[];
}

/** GET /api/image_viewer/report: what a referrer sees on the quick-report page. */
export interface QuickReport {
  patientName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  examName: string;
  modality: Modality;
  studyDate: string;
  accessionNumber: string;
  clinicName: string;
  /** null while no report exists yet. */
  report: Report | null;
  imagesAvailable: boolean;
}

export type PainScoreType = 'PAIN_SCORE_INITIAL' | 'PAIN_SCORE_FINAL';

export interface PainScore {
  type: PainScoreType;
  /** 0 (no pain) to 10 (worst imaginable). */
  score: number;
  /** ISO instant (UTC). */
  recordedAt: string;
}

export interface PainScoresResponse {
  painScores: PainScore[];
}

/** GET …/image_viewer for the patient (spec 7 "image viewer URL (returns url)"). */
export interface ImageViewerUrlResponse {
  url: string | null;
}

/** Spec 7 "import-ready status": images have arrived and can be shown. */
export interface ImportReadyStatus {
  importReady: boolean;
  imagesAvailable: boolean;
  reportAvailable: boolean;
}

/**
 * Spec 7 "results access requirements" for the results page. Per-modality
 * rule: released releaseAfterDays after the report is final, or as soon as
 * the referrer has opened the results when releaseWhenReferrerOpened;
 * available for availableMonths after release.
 * state: NOT_READY (no final report yet), WAITING (final, released later:
 * availableFrom), RELEASED (viewable until availableUntil), EXPIRED (after
 * the access period: the deny page with resultsExpired).
 * authenticationType: the /authentication type the page needs (R-2.2-02).
 */
export interface ResultsAccess {
  state: ResultsAccessState;
  authenticationType: 'APPOINTMENT_RESULTS';
  /** Days after the report is final that results are released. */
  releaseAfterDays: number;
  /** Also released once the referrer has opened the results. */
  releaseWhenReferrerOpened: boolean;
  /** Months the results stay available after release. */
  availableMonths: number;
  /** ISO instant (UTC) when results will be (or were) released; null while no final report. */
  availableFrom: string | null;
  /** ISO instant (UTC) after which results are no longer shown; null before release. */
  availableUntil: string | null;
  resultsExpired: boolean;
}

export type ResultsAccessState = 'NOT_READY' | 'WAITING' | 'RELEASED' | 'EXPIRED';

/** Bounds the schemas and the services share. */
export const IMSEC_PATTERN = '^[A-Za-z0-9_-]{22,64}$';
export const ACCESSION_PATTERN = '^[A-Za-z0-9._-]{1,32}$';
export const REPOSITORY_SOURCE_PATTERN = '^[A-Za-z0-9._-]{1,32}$';
export const DICOM_UID_PATTERN = '^[0-9]+(\\.[0-9]+)*$';
export const DICOM_UID_MAX = 64;
