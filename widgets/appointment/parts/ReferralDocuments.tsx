import type { AppointmentView } from '../../../src/contract/appointments';
import { AttachmentsSection } from '../../../src/features/attachments/AttachmentsSection';

/** R-2.4-30: the referral documents of each live appointment (the section has its own heading). */
export function ReferralDocuments({ appointments }: { appointments: AppointmentView[] }) {
  const live = appointments.filter((a) => a.status !== 'CANCELED' && !a.expired);
  if (live.length === 0) return null;
  return (
    <div className="referral-documents" part="referral-documents">
      {live.map((appointment) => (
        <AttachmentsSection
          key={appointment.slug}
          owner={{ kind: 'appointment', slug: appointment.slug }}
        />
      ))}
    </div>
  );
}
