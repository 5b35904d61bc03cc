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
  alignStep,
  canonicalUrl,
  sameUrl,
  syncFromAttributes,
} from './booking.store';
import { $created } from './booking-form.store';
import { $exams } from './catalogue.store';
import { $visibleStep, applyPreselection } from './flow.store';
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
  const { apiBase, locale, path, search, kioskMode, examSlug, modality, regionSlug, clinicId } = props;
  useWidgetContext({ apiBase, locale });
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const url = useStore($bookingUrl);
  const step = useStore($visibleStep);
  const exams = useStore($exams);
  const { route } = useStore($booking);
  const external = useStore($externalNavigation);
  const created = useStore($created);
  const lastEmitted = useRef<{ path: string; search: string } | null>(null);
  const shownStep = useRef<string | null>(null);

  useEffect(() => {
    syncFromAttributes(path, search);
  }, [path, search]);

  // After the URL (declared after the effect above, so it runs after it): attributes fill what the URL leaves open.
  useEffect(() => {
    applyPreselection({ examSlug, modality, regionSlug, clinicId, kioskMode, hostRouted: path !== undefined });
    // Only a change of the preselection itself applies it again, not every navigation.
  }, [examSlug, modality, regionSlug, clinicId, kioskMode]);

  useEffect(() => {
    if (kioskMode !== undefined) setKioskMode(kioskMode);
  }, [kioskMode]);

  // Store → host: every move is reported; echoes of the host's own URL are not.
  useEffect(() => {
    const host = canonicalUrl(path ?? '/', search ?? '');
    if (sameUrl(url, host) || (lastEmitted.current && sameUrl(url, lastEmitted.current))) return;
    lastEmitted.current = url;
    emit(root.current, 'imaging-booking-navigated', { path: url.path, search: url.search, replace: url.replace });
    // `path` and `search` are read, not followed: only our own moves are reported.
  }, [url]);

  useEffect(() => {
    if (external) emit(root.current, 'imaging-booking-navigated', { ...external, replace: false });
  }, [external]);

  useEffect(() => {
    if (created) emit(root.current, 'imaging-booking-created', { bookingKey: created.bookingKey, kind: created.kind });
  }, [created]);

  useEffect(() => {
    if (step) alignStep(step);
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
    <div ref={root} className="booking" part="booking" data-step={step ?? 'loading'} data-kiosk={kioskMode ? 'true' : undefined}>
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
