import type { ResultsAccess } from '../../../src/contract/imaging';
import { formatInstant } from '../../../src/domain/imaging/format';
import { resultsNotice } from '../../../src/domain/imaging/results';
import { useT } from '../../../src/i18n/useT';

/**
 * Spec 7 "results access requirements": before release, when the results
 * will be available (or that the report is still being written); after
 * release, until when they stay online and the provider's rule.
 */
export interface AccessNoticeProps {
  access: ResultsAccess;
  locale: string;
  /** The clinic's zone: the dates read as the clinic's letters and calls say them. */
  timeZone?: string;
}

export function AccessNotice({ access, locale, timeZone }: AccessNoticeProps) {
  const t = useT();
  const notice = resultsNotice(access);
  const rule = t('results.access_rules', {
    days: access.releaseAfterDays,
    months: access.availableMonths,
  });
  if (notice.kind === 'not-ready')
    return (
      <p className="notice notice--info" part="access" data-state="not-ready" role="status">
        {t('results.not_ready')}
      </p>
    );
  if (notice.kind === 'waiting')
    return (
      <div className="notice notice--info" part="access" data-state="waiting" role="status">
        <p>{t(notice.key, { date: formatInstant(notice.date, locale, timeZone) })}</p>
        <p className="results-access__rule">{rule}</p>
      </div>
    );
  if (notice.kind === 'expired')
    return (
      <p className="notice notice--error" part="access" data-state="expired">
        {t('message.results_expired')}
      </p>
    );
  return (
    <p className="results-access__until" part="access" data-state="released">
      {notice.until
        ? t('results.available_until', { date: formatInstant(notice.until, locale, timeZone) })
        : rule}
    </p>
  );
}
