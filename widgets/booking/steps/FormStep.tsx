import { useStore } from '@nanostores/react';
import { useEffect, useRef, type FormEvent } from 'react';
import type { BookingField } from '../../../src/domain/booking/form-validation';
import { useT } from '../../../src/i18n/useT';
import {
  $submission,
  acknowledgeSlotConflict,
  prefillFromMovedAppointment,
  submitBooking,
  $requestNote,
} from '../booking-form.store';
import { $booking } from '../booking.store';
import { $flowFacts } from '../flow.store';
import { BookingSummary } from '../parts/BookingSummary';
import { PatientFields } from '../parts/PatientFields';
import { ReferralUpload } from '../parts/ReferralUpload';
import { SlotConflictModal } from '../parts/SlotConflictModal';
import { RescheduleNotice } from '../parts/RescheduleNotice';
import { rescheduleOf } from '../../../src/domain/booking/creation-params';

/** Step 4: the patient's details (R-2.4-25/26), then the booking or the booking request is created. */
export function FormStep() {
  const t = useT();
  const submission = useStore($submission);
  const facts = useStore($flowFacts);
  const note = useStore($requestNote);
  const form = useRef<HTMLFormElement>(null);
  const isRequest = !facts.needsSlots;
  const moving = rescheduleOf(useStore($booking).params) !== null;

  useEffect(() => {
    if (moving) void prefillFromMovedAppointment();
  }, [moving]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await submitBooking();
    if (!result.ok && result.firstInvalid) focusField(result.firstInvalid);
  };

  // Focus goes to the first field with an error, so its message is read out with it.
  const focusField = (field: BookingField) => {
    form.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };

  return (
    <section className="step" aria-labelledby="booking-step-title" part="step">
      <h1 id="booking-step-title" className="step__title" tabIndex={-1}>
        {t('booking.form.title')}
      </h1>
      <RescheduleNotice />
      <BookingSummary upTo="slots" />
      {isRequest && <p className="notice notice--info">{t('booking.form.request_intro')}</p>}
      <form
        ref={form}
        className="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        part="form"
      >
        <p className="form__required-note">{t('booking.form.all_required')}</p>
        <PatientFields />
        <ReferralUpload />
        {isRequest && (
          <div className="field">
            <label className="field__label" htmlFor="booking-note">
              {t('booking.form.note')}
            </label>
            <textarea
              id="booking-note"
              className="field__input"
              rows={3}
              maxLength={1000}
              value={note}
              onChange={(event) => $requestNote.set(event.target.value)}
            />
          </div>
        )}
        {submission.state === 'failed' && (
          <p role="alert" className="notice notice--error">
            {t(submission.messageKey)}
          </p>
        )}
        <div className="step__actions">
          <button
            type="submit"
            className="button"
            disabled={submission.state === 'submitting'}
            aria-busy={submission.state === 'submitting'}
          >
            {submission.state === 'submitting'
              ? t('booking.form.submitting')
              : t(
                  isRequest
                    ? 'booking.form.submit_request'
                    : moving
                      ? 'booking.form.submit_reschedule'
                      : 'booking.form.submit',
                )}
          </button>
        </div>
      </form>
      <SlotConflictModal
        open={submission.state === 'conflict'}
        onAcknowledge={acknowledgeSlotConflict}
      />
    </section>
  );
}
