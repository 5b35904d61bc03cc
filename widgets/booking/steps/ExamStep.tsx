import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import type { Exam } from '../../../src/contract/booking';
import { useT } from '../../../src/i18n/useT';
import { $booking } from '../booking.store';
import { $pickerExams, $selectedExams } from '../catalogue.store';
import {
  backFromRequestInfo,
  chooseBodyPart,
  chooseModality,
  setProcedureTab,
  toggleExam,
} from '../flow.store';
import { BookingRequestInfoModal } from '../parts/BookingRequestInfoModal';
import { ExamInfoModal } from '../parts/ExamInfoModal';
import { ExamList } from '../parts/ExamList';
import { ModalityPicker } from '../parts/ModalityPicker';
import { ProcedureTabs } from '../parts/ProcedureTabs';
import { SelectedExams } from '../parts/SelectedExams';
import { continueThroughQuestionnaires } from '../questionnaire-step';
import { rescheduleOf } from '../../../src/domain/booking/creation-params';
import { $walkIns, walkInFor } from '../walk-in.store';
import { importWithRetry } from '../../../src/ui/lazy-retry';

const ExamClinicNote = lazy(() =>
  importWithRetry(() => import('../parts/ExamClinicNote')).then((module) => ({
    default: module.ExamClinicNote,
  })),
);

/** The body figure (about 2 kB) loads when a patient browses by body part (issue 15 part 4). */
const BodyPartPicker = lazy(() =>
  importWithRetry(() => import('../parts/BodyPartPicker')).then((module) => ({
    default: module.BodyPartPicker,
  })),
);

type Browse = 'modality' | 'body';

/** Only a change of exam or clinic starts here with a notice: its code loads then, not on every first load. */
const RescheduleNotice = lazy(() =>
  importWithRetry(() => import('../parts/RescheduleNotice')).then((module) => ({
    default: module.RescheduleNotice,
  })),
);
/** Step 1: one exam or several, by scan type or body part (spec 2.4, R-2.4-23). */
export function ExamStep() {
  const t = useT();
  const { params } = useStore($booking);
  const exams = useStore($pickerExams);
  const selected = useStore($selectedExams);
  useStore($walkIns); // the chosen clinic's walk-ins, for R-4-slots-14
  const [browse, setBrowseState] = useState<Browse>(params.bodyPart ? 'body' : 'modality');
  // The list follows one filter at a time: switching clears the other one.
  const setBrowse = (next: Browse) => {
    if (next === browse) return;
    setBrowseState(next);
    if (next === 'body') chooseModality(null);
    else chooseBodyPart(null);
  };
  const [info, setInfo] = useState<Exam | null>(null);
  const [requestInfo, setRequestInfo] = useState(false);

  // R-4-slots-14: the booking-request info modal, when the first exam asks for it and has notes or a walk-in.
  const first = selected[0] ?? null;
  const walkIn = first ? walkInFor(first) : null;
  const onContinue = () => {
    if (first?.showBookingRequestInfoModal && (first.examNotes || walkIn)) setRequestInfo(true);
    else void continueThroughQuestionnaires();
  };

  return (
    <section className="step" aria-labelledby="booking-step-title" part="step">
      <h1 id="booking-step-title" className="step__title" tabIndex={-1}>
        {t('booking.exam.title')}
      </h1>
      {rescheduleOf(params) && (
        <Suspense fallback={null}>
          <RescheduleNotice />
        </Suspense>
      )}
      {params.navigateFromClinic && params.selectedClinic !== null && (
        <Suspense fallback={null}>
          <ExamClinicNote />
        </Suspense>
      )}
      <ProcedureTabs value={params.procedureTab} onChange={setProcedureTab} />
      <div className="segmented" role="group" aria-label={t('booking.exam.browse_label')}>
        <button
          type="button"
          className="segmented__option"
          aria-pressed={browse === 'modality'}
          onClick={() => setBrowse('modality')}
        >
          {t('booking.exam.by_modality')}
        </button>
        <button
          type="button"
          className="segmented__option"
          aria-pressed={browse === 'body'}
          onClick={() => setBrowse('body')}
        >
          {t('booking.exam.by_body_part')}
        </button>
      </div>
      {browse === 'modality' ? (
        <ModalityPicker />
      ) : (
        <Suspense fallback={<p role="status">{t('message.loading')}</p>}>
          <BodyPartPicker />
        </Suspense>
      )}
      <ExamList
        exams={exams}
        selected={selected}
        multiple={params.procedureTab === 'multiple'}
        onToggle={(exam) => toggleExam(exam.slug)}
        onInfo={setInfo}
      />
      {params.procedureTab === 'multiple' && (
        <SelectedExams exams={selected} onRemove={(exam) => toggleExam(exam.slug)} />
      )}
      <div className="step__actions">
        <button
          type="button"
          className="button"
          disabled={selected.length === 0}
          onClick={onContinue}
        >
          {t('booking.action.continue')}
        </button>
      </div>
      <ExamInfoModal exam={info} onClose={() => setInfo(null)} />
      <BookingRequestInfoModal
        open={requestInfo}
        exam={first}
        walkIn={walkIn}
        onContinue={() => {
          setRequestInfo(false);
          void continueThroughQuestionnaires();
        }}
        onBack={() => {
          setRequestInfo(false);
          backFromRequestInfo();
        }}
      />
    </section>
  );
}
