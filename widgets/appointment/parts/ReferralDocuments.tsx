import type { AppointmentView } from '../../../src/contract/appointments';
import { LazyAttachmentsSection } from '../../../src/features/attachments/LazyAttachmentsSection';

/**
 * R-2.4-30: the referral documents of the booking, once. Any appointment's
 * list holds the documents of every live exam of the booking key, grouped
 * by exam, so one section (asked through the first live appointment) shows
 * them all; two sections would show the same list twice and go stale
 * after an upload in the other.
 */
export function ReferralDocuments({ appointments }: { appointments: AppointmentView[] }) {
  const first = appointments.find((a) => a.status !== 'CANCELED' && !a.expired);
  if (!first) return null;
  return (
    <div className="referral-documents" part="referral-documents">
      <LazyAttachmentsSection owner={{ kind: 'appointment', slug: first.slug }} />
    </div>
  );
}
