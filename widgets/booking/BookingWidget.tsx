import { useNavigationRequest } from '../../src/element/useNavigationRequest';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { PROGRESS_STEPS } from '../../src/domain/booking/progress';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';
import { emit } from '../../src/element/emit';
import { requestNavigation, restoreUrlState } from '../../src/element/navigation';
import { useT } from '../../src/i18n/useT';
import { startIntegrations } from '../../src/integrations/start';
import { $appConfig } from '../../src/stores/config.store';
import { setKioskMode } from '../../src/stores/kiosk.store';
import { $redirect, cancelRedirect, requireFields } from './booking-options.store';
import {
  $booking,
  $bookingUrl,
  $created,
  $externalNavigation,
  canonicalUrl,
  sameUrl,
  syncFromAttributes,
} from './booking.store';
import { $exams } from './catalogue.store';
import { $flowFacts, $visibleStep, alignStep, applyPreselection } from './flow.store';
import { continueThroughQuestionnaires, requireQuestionnaires } from './questionnaire-step';
import { StepIndicator } from './parts/StepIndicator';
import { $bookingProgress, requestProgress } from './progress.store';
import { StepView } from './steps/StepView';
import { importWithRetry } from '../../src/ui/lazy-retry';

const RedirectModal = lazy(() =>
  importWithRetry(() => import('./parts/RedirectModal')).then((module) => ({
    default: module.RedirectModal,
  })),
);

export interface BookingWidgetProps extends SharedWidgetProps, WidgetProps {
  /** Current path, set by the host page's router. */
  path?: string;
  /** Current query string, set by the host page's router. */
  search?: string;
  kioskMode?: boolean;
  examSlug?: string;
  modality?: string;
  regionSlug?: string;
  clinicId?: number;
  /** Read by the standalone router (src/element/standalone-host.ts), not by the flow. */
  urlState?: boolean;
  /** R-4-quest-05: the booking form asks for the Medicare number (until the questionnaire calls requireFields). */
  medicareNumberRequired?: boolean;
  /** R-4-quest-05: the booking form asks for the validation code. */
  validationCodeRequired?: boolean;
}

/** Bookings already reported by imaging-booking-created on this page. */
const announced = new Set<string>();

/** `<imaging-booking>`: the booking flow of spec 2.4 in five steps. */
export function BookingWidget(props: BookingWidgetProps) {
  const {
    path,
    search,
    kioskMode,
    examSlug,
    modality,
    regionSlug,
    clinicId,
    medicareNumberRequired,
    validationCodeRequired,
  } = props;
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const step = useStore($visibleStep);
  const facts = useStore($flowFacts);
  const exams = useStore($exams);
  const { route } = useStore($booking);
  const created = useStore($created);
  const redirect = useStore($redirect);
  const lastEmitted = useRef<{ path: string; search: string } | null>(null);
  const hostUrl = useRef<{ path?: string; search?: string } | null>(null);
  const shownStep = useRef<string | null>(null);

  // Store → host, declared first so it also sees the changes the effects below make.
  // It listens to the store itself: a render's `url` can be older than the store.
  useEffect(
    () =>
      $bookingUrl.listen((next) => {
        const host = hostUrl.current;
        const known = host
          ? canonicalUrl(host.path ?? next.path, host.search ?? '')
          : lastEmitted.current;
        if (
          (known && sameUrl(next, known)) ||
          (lastEmitted.current && sameUrl(next, lastEmitted.current))
        )
          return;
        lastEmitted.current = next;
        requestNavigation(root.current, 'imaging-booking-navigated', {
          path: next.path,
          search: next.search,
          replace: next.replace,
        });
      }),
    [],
  );

  // Host → store: a link, reload, back or forward.
  useEffect(() => {
    hostUrl.current = path === undefined && search === undefined ? null : { path, search };
    lastEmitted.current = null;
    syncFromAttributes(path, search);
  }, [path, search]);

  // Attributes fill what the URL leaves open; only a change of the preselection itself applies it again.
  // A preselected exam on a page with no router goes on as "Continue" would: the exam's
  // questionnaires come first (the server refuses an MRI booked without its safety answers).
  useEffect(() => {
    const leaveExamStep = applyPreselection({
      examSlug,
      modality,
      regionSlug,
      clinicId,
      kioskMode,
      hostRouted: path !== undefined,
    });
    if (leaveExamStep) void continueThroughQuestionnaires();
  }, [examSlug, modality, regionSlug, clinicId, kioskMode]);

  useEffect(() => {
    if (kioskMode !== undefined) setKioskMode(kioskMode);
  }, [kioskMode]);

  // R-4-quest-05: the attributes set the required fields; absent, they leave the store as it is.
  useEffect(() => {
    requireFields({
      ...(medicareNumberRequired !== undefined ? { medicareNumberRequired } : {}),
      ...(validationCodeRequired !== undefined ? { validationCodeRequired } : {}),
    });
  }, [medicareNumberRequired, validationCodeRequired]);

  // R-4-quest-05: the questionnaire flow passes the fields its outcomes require in the URL.
  useEffect(() => {
    const query = new URLSearchParams(search ?? '');
    requireFields({
      ...(query.get('medicareNumberRequired') === 'true' ? { medicareNumberRequired: true } : {}),
      ...(query.get('validationCodeRequired') === 'true' ? { validationCodeRequired: true } : {}),
    });
  }, [search]);

  // R-4-create-14: the analytics funnel follows the flow only when analytics is enabled.
  useEffect(() => {
    startIntegrations();
    return $appConfig.subscribe((app) => {
      if (app?.analyticsEnabled)
        void import('./funnel.store').then((module) => module.watchFunnel());
    });
  }, []);

  // R-4-create-13, R-9-21: progress steps reach the host after the 2000 ms debounce.
  useEffect(
    () =>
      $bookingProgress.listen((next) =>
        emit(root.current, 'imaging-booking-progressed', { step: next }),
      ),
    [],
  );

  useEffect(() => {
    if (step) requestProgress(PROGRESS_STEPS[step]);
  }, [step]);

  // Alone on a page with `url-state`: a reload shows the step the address holds.
  useEffect(() => restoreUrlState(root.current), []);

  // Once only: a booking element mounted later (back from the questionnaires) must not repeat it.
  useNavigationRequest($externalNavigation, () => root.current, 'imaging-booking-navigated');

  // Once per booking: the element mounted again (Forward to the confirmation) must not repeat it.
  useEffect(() => {
    if (!created || announced.has(created.bookingKey)) return;
    announced.add(created.bookingKey);
    emit(root.current, 'imaging-booking-created', {
      bookingKey: created.bookingKey,
      kind: created.kind,
    });
  }, [created]);

  useEffect(() => {
    alignStep();
  }, [step, route.step]);

  // Arrived past the exam step with exams chosen: their questionnaires still come first.
  useEffect(() => {
    if (step === 'clinic' || step === 'slots' || step === 'form') requireQuestionnaires();
  }, [step, facts]);

  // A new step moves focus to its heading, so screen readers announce it; not on first load.
  // Later steps load on demand: the heading may arrive after this render.
  useEffect(() => {
    if (!step) return;
    const moved = shownStep.current !== null && shownStep.current !== step;
    shownStep.current = step;
    const container = root.current;
    if (!moved || !container) return;
    // While the next step loads, React keeps the previous one mounted but hidden: only a
    // heading that really takes focus counts.
    const focusHeading = () => {
      const root = container.getRootNode() as Document | ShadowRoot;
      for (const heading of container.querySelectorAll<HTMLElement>('h1')) {
        heading.focus();
        if (root.activeElement === heading) return true;
      }
      return false;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [step]);

  /**
   * R-4-slots-19: at the end of the countdown, a path of this portal goes to
   * the host's router; anything else (the full portal seen from a clinic's
   * site, or no router) is a page load.
   */
  const followRedirect = (location: string) => {
    cancelRedirect();
    const url = new URL(location, window.location.href);
    if (url.origin === window.location.origin && path !== undefined) {
      requestNavigation(root.current, 'imaging-booking-navigated', {
        path: url.pathname,
        search: url.search,
        replace: false,
      });
    } else {
      window.location.assign(url.href);
    }
  };

  return (
    <div
      ref={root}
      className="booking"
      part="booking"
      data-step={step ?? 'loading'}
      data-kiosk={kioskMode ? 'true' : undefined}
    >
      {step && step !== 'confirmation' && (
        <StepIndicator step={step} withTime={facts.needsSlots || !facts.hasExams} />
      )}
      {step ? (
        <StepView step={step} />
      ) : exams.state === 'failed' ? (
        <p role="alert" className="notice notice--error">
          {t(exams.error.messageKey)}
        </p>
      ) : (
        <p role="status" className="notice" aria-busy="true">
          {t('message.loading')}
        </p>
      )}
      {redirect && (
        <Suspense fallback={null}>
          <RedirectModal
            redirect={redirect}
            onNavigate={followRedirect}
            onCancel={cancelRedirect}
          />
        </Suspense>
      )}
    </div>
  );
}
