import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { WidgetProps } from '../../src/element/define-widget';
import { emit } from '../../src/element/emit';
import { useWidgetContext, type WidgetContextProps } from '../../src/element/useWidgetContext';
import { useT } from '../../src/i18n/useT';
import { setKioskMode } from '../../src/stores/kiosk.store';
import {
  $booking,
  $bookingUrl,
  $externalNavigation,
  canonicalUrl,
  sameUrl,
  syncFromAttributes,
} from './booking.store';
import { $created } from './booking-form.store';
import { $exams } from './catalogue.store';
import { $visibleStep, alignStep, applyPreselection } from './flow.store';
import { StepIndicator } from './parts/StepIndicator';
import { StepView } from './steps/StepView';

export interface BookingWidgetProps extends WidgetContextProps, WidgetProps {
  /** Current path, set by the host page's router. */
  path?: string;
  /** Current query string, set by the host page's router. */
  search?: string;
  kioskMode?: boolean;
  examSlug?: string;
  modality?: string;
  regionSlug?: string;
  clinicId?: number;
}

/** `<imaging-booking>`: the booking flow of spec 2.4 in five steps. */
export function BookingWidget(props: BookingWidgetProps) {
  const { apiBase, locale, path, search, kioskMode, examSlug, modality, regionSlug, clinicId } =
    props;
  useWidgetContext({ apiBase, locale });
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const step = useStore($visibleStep);
  const exams = useStore($exams);
  const { route } = useStore($booking);
  const external = useStore($externalNavigation);
  const created = useStore($created);
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
        emit(root.current, 'imaging-booking-navigated', {
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
  useEffect(() => {
    applyPreselection({
      examSlug,
      modality,
      regionSlug,
      clinicId,
      kioskMode,
      hostRouted: path !== undefined,
    });
  }, [examSlug, modality, regionSlug, clinicId, kioskMode]);

  useEffect(() => {
    if (kioskMode !== undefined) setKioskMode(kioskMode);
  }, [kioskMode]);

  useEffect(() => {
    if (external) emit(root.current, 'imaging-booking-navigated', { ...external, replace: false });
  }, [external]);

  useEffect(() => {
    if (created)
      emit(root.current, 'imaging-booking-created', {
        bookingKey: created.bookingKey,
        kind: created.kind,
      });
  }, [created]);

  useEffect(() => {
    alignStep();
  }, [step, route.step]);

  // A new step moves focus to its heading, so screen readers announce it; not on first load.
  useEffect(() => {
    if (!step) return;
    if (shownStep.current !== null && shownStep.current !== step) {
      root.current?.querySelector<HTMLElement>('h1')?.focus();
    }
    shownStep.current = step;
  }, [step]);

  return (
    <div
      ref={root}
      className="booking"
      part="booking"
      data-step={step ?? 'loading'}
      data-kiosk={kioskMode ? 'true' : undefined}
    >
      {step && step !== 'confirmation' && <StepIndicator step={step} />}
      {step ? (
        <StepView step={step} />
      ) : exams.state === 'failed' ? (
        <p role="alert" className="notice notice--error">
          {t(exams.error.messageKey)}
        </p>
      ) : (
        <p role="status" className="notice">
          {t('message.loading')}
        </p>
      )}
    </div>
  );
}
