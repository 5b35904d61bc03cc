import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../../src/stores/useQuietStore';
import { formatWhen } from '../../../src/domain/booking/format';
import { dateLocale } from '../../../src/i18n/dates';
import { useT } from '../../../src/i18n/useT';
import { valueOf } from '../../../src/stores/loadable';
import { $locale } from '../../../src/stores/locale.store';
import { PhoneText } from '../../../src/ui/PhoneText';
import { $answerNotes } from '../answer-notes.store';
import { $booking } from '../booking.store';
import { $selectedExams } from '../catalogue.store';
import { $selectedClinic } from '../clinics.store';
import { changeStep } from '../flow.store';
import { $chosenMobileLocation } from '../mobile-locations.store';

interface BookingSummaryProps {
  /** The last step whose choice is shown. */
  upTo: 'exam' | 'clinic' | 'slots';
}

/** The choices so far, each with a "Change" button back to its step. */
export function BookingSummary({ upTo }: BookingSummaryProps) {
  const t = useT();
  const locale = dateLocale(useQuietStore($locale));
  const { params } = useStore($booking);
  const exams = useStore($selectedExams);
  const clinic = useStore($selectedClinic);
  const mobile = useStore($chosenMobileLocation);
  const showClinic = upTo !== 'exam' && clinic;
  const showSlots = upTo === 'slots' && clinic;
  if (exams.length === 0 && !showClinic) return null;
  return (
    <dl className="summary" part="summary">
      {exams.length > 0 && (
        <div className="summary__row">
          <dt>{t('booking.summary.exam', { count: exams.length })}</dt>
          <dd>
            <ul className="summary__values">
              {exams.map((exam) => (
                <li key={exam.slug}>{exam.name}</li>
              ))}
            </ul>
            <button
              type="button"
              className="link-button"
              aria-label={t('booking.action.change_named', {
                item: t('booking.summary.exam', { count: exams.length }),
              })}
              onClick={() => changeStep('exam')}
            >
              {t('booking.action.change')}
            </button>
          </dd>
        </div>
      )}
      {upTo === 'slots' && <AnswerNotes />}
      {showClinic && (
        <div className="summary__row">
          <dt>{t('booking.summary.clinic')}</dt>
          <dd>
            <span>
              {clinic.name}, {clinic.address}, {clinic.suburb}
            </span>
            {upTo === 'slots' && mobile && (
              <span className="summary__note">
                {t('booking.mobile.summary', { place: `${mobile.name}, ${mobile.address}` })}
              </span>
            )}
            <button
              type="button"
              className="link-button"
              aria-label={t('booking.action.change_named', { item: t('booking.summary.clinic') })}
              onClick={() => changeStep('clinic')}
            >
              {t('booking.action.change')}
            </button>
          </dd>
        </div>
      )}
      {showSlots && exams.some((_, index) => params.slots[index]) && (
        <div className="summary__row">
          <dt>{t('booking.summary.time')}</dt>
          <dd>
            {/* The chosen times, each with its exam when there are several. */}
            <ul className="summary__values">
              {exams.map((exam, index) => {
                const slot = params.slots[index];
                if (!slot || !clinic) return null;
                const when = formatWhen(slot.startTime, clinic.timeZone, locale);
                return (
                  <li key={exam.slug} className="summary__time">
                    {exams.length > 1 ? `${exam.name}: ${when}` : when}
                  </li>
                );
              })}
            </ul>
            <button type="button" className="link-button" onClick={() => changeStep('slots')}>
              {t('booking.action.change_time')}
            </button>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * What the questionnaire answers mean for the visit (issue 13), in the
 * review before booking only: the earlier steps keep their task in view.
 */
function AnswerNotes() {
  const t = useT();
  const notes = valueOf(useStore($answerNotes)) ?? [];
  if (notes.length === 0) return null;
  return (
    <div className="summary__row" part="answer-notes">
      <dt>{t('booking.summary.answers')}</dt>
      <dd>
        <ul className="summary__values">
          {notes.map((note) => (
            <li key={note.message}>
              <PhoneText text={t(note.message, note.messageParams)} params={note.messageParams} />
            </li>
          ))}
        </ul>
      </dd>
    </div>
  );
}
