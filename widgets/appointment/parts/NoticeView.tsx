import { useStore } from '@nanostores/react';
import { priorTime } from '../../../src/domain/appointment/change-rules';
import { useT } from '../../../src/i18n/useT';
import { $notice } from '../appointment.store';

/** The outcome of the last action for one appointment (slug) or the booking (null). */
export function NoticeView({ slug, at }: { slug: string | null; at?: string }) {
  const t = useT();
  const notice = useStore($notice);
  if (!notice || notice.slug !== slug || (notice.at ?? null) !== (at ?? null)) return null;
  const params = { ...notice.text.params };
  // A failure's own message key, shown inside the notice ("not cancelled: why").
  if (typeof params.reasonKey === 'string') params.reason = t(params.reasonKey);
  if (typeof params.priorMinutes === 'number') {
    const prior = priorTime(params.priorMinutes);
    params.prior = t(prior.key, prior.params);
  }
  return (
    <p
      className={`notice notice--${notice.tone}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      part="notice"
    >
      {t(notice.text.key, params)}
    </p>
  );
}
