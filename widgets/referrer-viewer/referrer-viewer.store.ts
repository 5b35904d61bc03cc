/**
 * The referrer's image link page (spec 2.4 "Referrer report / image viewer",
 * 4 "Image viewer"): the image viewer response, the quick report and the
 * report quality feedback questionnaire of one link, asked together. An
 * EXPIRED link leaves for the provider's redirect URL before anything of
 * the study shows.
 */
import { atom } from 'nanostores';
import { getImageViewer, getQuickReport, getReferrerFeedback } from '../../src/api/imaging';
import { isAbortError } from '../../src/api/errors';
import type { QuickReport } from '../../src/contract/imaging';
import type { FeedbackQuestionnaire } from '../../src/contract/questionnaire';
import {
  viewerOutcome,
  type ImageLinkParams,
  type ViewerOutcome,
} from '../../src/domain/imaging/image-link';
import { failed, latestCall, loaded, LOADING, type Loadable } from '../../src/stores/loadable';
import { navigationRequest } from '../../src/stores/navigation.store';

export const $outcome = atom<Loadable<ViewerOutcome>>(LOADING);
export const $quickReport = atom<Loadable<QuickReport>>(LOADING);
/** R-2.4-08: the feedback questionnaire (null: feedback already given); the button waits for it. */
export const $feedback = atom<Loadable<FeedbackQuestionnaire | null>>(LOADING);
/** Where the page sends the referrer: the redirect URL of an expired link. */
export const $navigation = navigationRequest<{ href: string }>();

/** The error the page shows when the link cannot be read (R-2.4-09, spec 8 'error generating url'). */
export const VIEWER_ERROR_KEY = 'image_viewer.error_generating_url';

const call = latestCall();
let shown: string | null = null;

/** Loads one link (again only when the link changes). */
export async function showImageLink(link: ImageLinkParams | null): Promise<void> {
  const id = link ? `${link.imsec}|${link.repositorySource ?? ''}` : '';
  if (id === shown) return;
  shown = id;
  const current = call.start();
  if (!link) {
    $outcome.set(failed(new Error(VIEWER_ERROR_KEY)));
    $quickReport.set(failed(new Error(VIEWER_ERROR_KEY)));
    $feedback.set(failed(new Error(VIEWER_ERROR_KEY)));
    return;
  }
  $outcome.set(LOADING);
  $quickReport.set(LOADING);
  $feedback.set(LOADING);
  const options = { signal: current.signal };
  const report = getQuickReport(link, options).then(
    (value) => current.current() && $quickReport.set(loaded(value)),
    (error: unknown) =>
      current.current() && !isAbortError(error) && $quickReport.set(failed(error)),
  );
  const feedback = getReferrerFeedback(link, options).then(
    (value) => current.current() && $feedback.set(loaded(value)),
    (error: unknown) => current.current() && !isAbortError(error) && $feedback.set(failed(error)),
  );
  try {
    const outcome = viewerOutcome(await getImageViewer(link, options));
    if (!current.current()) return;
    if (outcome.kind === 'redirect') {
      // R-4-viewer-01: nothing of the study shows on an expired link.
      $navigation.set({ href: outcome.href });
      return;
    }
    $outcome.set(loaded(outcome));
  } catch (error) {
    if (current.current() && !isAbortError(error)) $outcome.set(failed(error));
  }
  await Promise.all([report, feedback]);
}

/** Forgets the shown link (tests, and a page that unmounts). */
export function resetImageLink(): void {
  call.cancel();
  shown = null;
  $outcome.set(LOADING);
  $quickReport.set(LOADING);
  $feedback.set(LOADING);
}
