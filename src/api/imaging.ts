/**
 * Imaging results calls (issue 17; spec 7 "GET /api/image_viewer", the
 * appointment calls "reports; pain score; image viewer URL; import-ready
 * status; results access requirements"), as src/contract/imaging.ts
 * describes them. The referrer's calls are public (the imsec is the
 * credential); the patient's are secured by the booking's session.
 */
import type {
  ImageViewerResponse,
  ImageViewerUrlResponse,
  ImportReadyStatus,
  PainScoresResponse,
  QuickReport,
  ReportsResponse,
  ResultsAccess,
} from '../contract/imaging';
import type { FeedbackQuestionnaire } from '../contract/questionnaire';
import { api, getApiBase, type CallOptions } from './client';

/** What names an image link: the imsec and, when the link had one, its repositorySource (R-2.2-14). */
export interface ImageLink {
  imsec: string;
  repositorySource?: string | undefined;
}

const linkQuery = (link: ImageLink) => ({
  input: link.imsec,
  repositorySource: link.repositorySource || undefined,
});

/** GET /api/image_viewer?input={imsec}[&repositorySource] (R-7-calls-22). */
export function getImageViewer(
  link: ImageLink,
  options: CallOptions = {},
): Promise<ImageViewerResponse> {
  return api<ImageViewerResponse>('/api/image_viewer', {
    query: linkQuery(link),
    signal: options.signal,
  });
}

/** GET /api/image_viewer/report: the referrer's quick report (R-1-04). */
export function getQuickReport(link: ImageLink, options: CallOptions = {}): Promise<QuickReport> {
  return api<QuickReport>('/api/image_viewer/report', {
    query: linkQuery(link),
    signal: options.signal,
  });
}

/**
 * GET /api/image_viewer_link/questionnaires?imsec= (R-7-calls-23): the
 * referrer's report quality feedback questionnaire, or null when the
 * feedback was already given (the call returns nothing).
 */
export async function getReferrerFeedback(
  link: ImageLink,
  options: CallOptions = {},
): Promise<FeedbackQuestionnaire | null> {
  const answer = await api<FeedbackQuestionnaire | undefined>(
    '/api/image_viewer_link/questionnaires',
    { query: { imsec: link.imsec }, signal: options.signal },
  );
  return answer ?? null;
}

const BASE = '/api/secured/appointments';
const at = (slug: string, action: string) => `${BASE}/${encodeURIComponent(slug)}/${action}`;

/** Spec 7 "results access requirements". */
export function getResultsAccess(slug: string, options: CallOptions = {}): Promise<ResultsAccess> {
  return api<ResultsAccess>(at(slug, 'results_access'), { signal: options.signal });
}

/** Spec 7 "reports" (403 message.results_not_released, 410 message.results_expired). */
export function getReports(slug: string, options: CallOptions = {}): Promise<ReportsResponse> {
  return api<ReportsResponse>(at(slug, 'reports'), { signal: options.signal });
}

/** Spec 7 "pain score". */
export function getPainScores(
  slug: string,
  options: CallOptions = {},
): Promise<PainScoresResponse> {
  return api<PainScoresResponse>(at(slug, 'pain_score'), { signal: options.signal });
}

/** Spec 7 "image viewer URL (returns url)". */
export function getPatientImageViewer(
  slug: string,
  options: CallOptions = {},
): Promise<ImageViewerUrlResponse> {
  return api<ImageViewerUrlResponse>(at(slug, 'image_viewer'), { signal: options.signal });
}

/** Spec 7 "import-ready status". */
export function getImportReady(
  slug: string,
  options: CallOptions = {},
): Promise<ImportReadyStatus> {
  return api<ImportReadyStatus>(at(slug, 'import_ready'), { signal: options.signal });
}

const pdfPath = (slug: string, accessionNumber: string) =>
  at(slug, `reports/${encodeURIComponent(accessionNumber)}/pdf`);

/** The report's PDF, for a download link (the session cookie goes with the browser's request). */
export function reportPdfUrl(slug: string, accessionNumber: string): string {
  return `${getApiBase()}${pdfPath(slug, accessionNumber)}`;
}

/** The report's PDF as a file, fetched with the session (a link on a clinic's page cannot carry it). */
export function getReportPdf(
  slug: string,
  accessionNumber: string,
  options: CallOptions = {},
): Promise<Blob> {
  return api(pdfPath(slug, accessionNumber), { responseType: 'blob', signal: options.signal });
}
