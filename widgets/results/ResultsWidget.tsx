import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../src/stores/useQuietStore';
import { useEffect, useRef } from 'react';
import { bookingKeyOfPath, shellPrefix } from '../../src/domain/appointment/navigation';
import type { SharedWidgetProps, WidgetProps } from '../../src/element/define-widget';
import { useNavigationRequest } from '../../src/element/useNavigationRequest';
import { useT } from '../../src/i18n/useT';
import { isPending } from '../../src/stores/loadable';
import { $locale } from '../../src/stores/locale.store';
import { ResultCard } from './parts/ResultCard';
import { $navigation, $results, showResults } from './results.store';

export interface ResultsWidgetProps extends SharedWidgetProps, WidgetProps {
  /** /appointments/{key}/result[/patient], set by the host page's router. */
  path?: string;
  search?: string;
  /** The booking key, for a page without a router. */
  bookingKey?: string;
}

/** `<imaging-results>`: a patient's report, pain scores and images (spec 2.4, R-2.1-18). */
export function ResultsWidget({ path, search, bookingKey }: ResultsWidgetProps) {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const locale = useQuietStore($locale);
  const results = useStore($results);
  const key = bookingKey || bookingKeyOfPath(path) || '';
  const prefix = shellPrefix(path);
  const kioskMode = new URLSearchParams(search ?? '').get('kioskMode') === 'true';
  const own = path && prefix ? path.slice(prefix.length) : path;
  const returnPath = own ? `${own}${search ?? ''}` : undefined;

  useEffect(() => {
    if (key) void showResults({ bookingKey: key, prefix, kioskMode, returnPath });
  }, [key, prefix, kioskMode, returnPath]);
  useNavigationRequest($navigation, () => root.current);

  const list = results.state === 'loaded' ? results.value : null;
  // A page that arrives after logging in puts the keyboard and screen reader at its title.
  useEffect(() => {
    if (list && (!document.activeElement || document.activeElement === document.body))
      title.current?.focus({ preventScroll: true });
  }, [list]);

  // No key in the attribute or the path: nothing will load, so the page says what to do.
  if (!key)
    return (
      <div ref={root} className="results-page" part="results">
        <h1 ref={title} tabIndex={-1}>
          {t('results.title')}
        </h1>
        <p role="alert" className="notice notice--error" part="booking-key-missing">
          {t('message.booking_key_missing')}
        </p>
      </div>
    );
  return (
    <div ref={root} className="results-page" part="results" aria-busy={isPending(results)}>
      <h1 ref={title} tabIndex={-1}>
        {t('results.title')}
      </h1>
      {isPending(results) && (
        <p role="status" className="notice">
          {t('results.loading')}
        </p>
      )}
      {results.state === 'failed' && (
        <p role="alert" className="notice notice--error">
          {t(results.error.messageKey)}
        </p>
      )}
      {list?.length === 0 && <p className="notice notice--info">{t('results.not_ready')}</p>}
      {list?.map((item) => (
        <ResultCard key={item.appointment.slug} results={item} locale={locale} />
      ))}
    </div>
  );
}
