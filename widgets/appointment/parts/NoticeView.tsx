import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { priorTime } from '../../../src/domain/appointment/change-rules';
import { telHref } from '../../../src/domain/contact-number';
import { useT } from '../../../src/i18n/useT';
import { $notice } from '../appointment.store';

/**
 * The outcome of the last action for one appointment (slug) or the booking
 * (null), shown where `at` says. It takes the focus when it appears, so the
 * patient sees it (scrolled into view) and a screen reader reads it, instead
 * of the focus falling back to the page when a dialog or a button goes.
 */
export function NoticeView({ slug, at }: { slug: string | null; at?: string }) {
  const t = useT();
  const notice = useStore($notice);
  const ref = useRef<HTMLDivElement>(null);
  const shown = !!notice && notice.slug === slug && (notice.at ?? null) === (at ?? null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, notice]);
  if (!shown) return null;
  const params = { ...notice.text.params };
  // A failure's own message key, shown inside the notice ("not cancelled: why").
  if (typeof params.reasonKey === 'string') params.reason = t(params.reasonKey);
  if (typeof params.priorMinutes === 'number') {
    const prior = priorTime(params.priorMinutes);
    params.prior = t(prior.key, prior.params);
  }
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`notice notice--${notice.tone}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      part="notice"
    >
      <p>{t(notice.text.key, params)}</p>
      {notice.phone && (
        <p>
          <a href={telHref(notice.phone)}>
            {t('appointment.call_clinic', { phone: notice.phone })}
          </a>
        </p>
      )}
    </div>
  );
}
