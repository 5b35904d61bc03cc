import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../../src/stores/useQuietStore';
import { useEffect, useRef } from 'react';
import { fileTypeNames } from '../../../src/domain/attachments/referral-file';
import { mergeUploadFalse } from '../../../src/features/attachments/merge-upload-param';
import { $bookingFormConfig } from '../../../src/stores/config.store';
import { FileUpload } from '../../../src/ui/upload/FileUpload';
import type { SubmitOptions } from '../../../src/ui/upload/useUpload';
import { useT } from '../../../src/i18n/useT';
import {
  $bookingReferral,
  $referralOwner,
  loadBookingDocuments,
  submitBookingReferral,
} from '../referral.store';

/**
 * The referral on the details step (R-1-15, R-4-upload-01/02): uploaded at
 * once for the booking in progress; a second file replaces the first. The
 * URL gets upload=false after an upload or an update (R-2.2-17).
 */
export function ReferralUpload() {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const bookingForm = useQuietStore($bookingFormConfig);
  const owner = useStore($referralOwner);
  const referral = useStore($bookingReferral);
  const ownerId = owner?.kind === 'booking' ? owner.bookingKey : null;

  useEffect(() => {
    if (ownerId) void loadBookingDocuments();
  }, [ownerId]);

  if (!bookingForm) return null;

  const submit = async (file: File, options: SubmitOptions) => {
    await submitBookingReferral(file, options);
    mergeUploadFalse(root.current, 'imaging-booking-navigated');
  };

  return (
    <div ref={root} className="booking-referral" part="referral">
      <FileUpload
        validTypes={bookingForm.validReferralContentTypes}
        current={referral}
        label={t('upload.booking_label')}
        hint={t('upload.booking_hint', {
          types: fileTypeNames(bookingForm.validReferralContentTypes),
        })}
        onSubmit={submit}
      />
    </div>
  );
}
