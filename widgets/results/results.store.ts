/**
 * The patient's results page (/appointments/{key}/result; spec 2.4
 * "Appointment pages: reports, pain score, image viewer", 7): the booking's
 * appointments, then per appointment its results access requirements and,
 * once released, its reports, pain scores, import-ready status and image
 * viewer URL. No session for the booking logs in (type APPOINTMENT_RESULTS);
 * every study past its access period is the deny page with resultsExpired.
 */
import { atom } from 'nanostores';
import { getAppointmentSummary } from '../../src/api/appointments';
import { isAbortError, toApiError } from '../../src/api/errors';
import {
  getImportReady,
  getPainScores,
  getPatientImageViewer,
  getReportPdf,
  getReports,
  getResultsAccess,
} from '../../src/api/imaging';
import type { AppointmentView } from '../../src/contract/appointments';
import type {
  ImportReadyStatus,
  PainScore,
  Report,
  ResultsAccess,
} from '../../src/contract/imaging';
import {
  allExpired,
  resultsAuthenticationTarget,
  resultsExpiredTarget,
} from '../../src/domain/imaging/results';
import { failed, latestCall, loaded, LOADING, type Loadable } from '../../src/stores/loadable';
import { navigationRequest } from '../../src/stores/navigation.store';

export interface ResultsContext {
  bookingKey: string;
  prefix: string;
  kioskMode: boolean;
  /** The page asked for (without the shell prefix), kept through the log-in. */
  returnPath?: string;
}

/** What is released of one appointment's study. */
export interface ReleasedResults {
  reports: Report[];
  painScores: PainScore[];
  importReady: ImportReadyStatus | null;
  viewerUrl: string | null;
}

export interface AppointmentResults {
  appointment: AppointmentView;
  access: ResultsAccess;
  released: ReleasedResults | null;
}

export const $results = atom<Loadable<AppointmentResults[]>>(LOADING);
export const $navigation = navigationRequest();

const call = latestCall();

function isSessionError(error: unknown): boolean {
  const status = toApiError(error).status;
  return status === 401 || status === 403;
}

/** A call that only adds to the page: its failure leaves that part out. */
const optional = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

async function releasedResults(slug: string, signal: AbortSignal): Promise<ReleasedResults> {
  const [reports, pain, ready, viewer] = await Promise.all([
    getReports(slug, { signal }),
    optional(getPainScores(slug, { signal })),
    optional(getImportReady(slug, { signal })),
    optional(getPatientImageViewer(slug, { signal })),
  ]);
  return {
    reports: reports.reports,
    painScores: pain?.painScores ?? [],
    importReady: ready,
    viewerUrl: viewer?.url ?? null,
  };
}

async function resultsOf(
  appointment: AppointmentView,
  signal: AbortSignal,
): Promise<AppointmentResults | null> {
  let access: ResultsAccess;
  try {
    access = await getResultsAccess(appointment.slug, { signal });
  } catch (error) {
    // An appointment without a study (a future visit of the same booking) has no results.
    if (toApiError(error).status === 404) return null;
    throw error;
  }
  const released =
    access.state === 'RELEASED' ? await releasedResults(appointment.slug, signal) : null;
  return { appointment, access, released };
}

/** Loads the results of a booking (again when the page's key changes). */
export async function showResults(context: ResultsContext): Promise<void> {
  const current = call.start();
  $results.set(LOADING);
  try {
    const summary = await getAppointmentSummary(context.bookingKey, { signal: current.signal });
    const all = await Promise.all(summary.appointments.map((a) => resultsOf(a, current.signal)));
    if (!current.current()) return;
    const results = all.filter((r): r is AppointmentResults => r !== null);
    if (allExpired(results.map((r) => r.access))) {
      $navigation.set(resultsExpiredTarget(context.prefix));
      return;
    }
    $results.set(loaded(results));
  } catch (error) {
    if (!current.current() || isAbortError(error)) return;
    if (isSessionError(error)) $navigation.set(resultsAuthenticationTarget(context));
    else if (toApiError(error).status === 410)
      $navigation.set(resultsExpiredTarget(context.prefix));
    else $results.set(failed(error));
  }
}

/** The report's PDF as a file, for the download on a clinic's page (src/ui/download-across-origins.ts). */
export function reportPdfFile(slug: string, accessionNumber: string): Promise<Blob> {
  return getReportPdf(slug, accessionNumber);
}
