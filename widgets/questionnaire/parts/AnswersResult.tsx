import { useEffect, useRef } from 'react';
import type { PatientNote } from '../../../src/contract/questionnaire';
import { useT } from '../../../src/i18n/useT';
import { PhoneText } from '../../../src/ui/PhoneText';

export interface AnswersResultProps {
  notes: PatientNote[];
  onContinue: () => void;
}

/**
 * What the answers mean for the visit (PATIENT_NOTE outcomes, issue 13):
 * shown where the patient is, when the last form closes, before the next
 * step. The heading takes the focus, so the change is announced; phone
 * numbers are tap-to-call.
 */
export function AnswersResult({ notes, onContinue }: AnswersResultProps) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      className="questionnaire-result"
      part="questionnaire-result"
      aria-labelledby="q-result"
    >
      <h2 id="q-result" ref={heading} tabIndex={-1}>
        {t('questionnaire.result.title')}
      </h2>
      <ul className="questionnaire-result__notes">
        {notes.map((note) => (
          <li key={note.message} className="notice notice--info">
            <PhoneText text={t(note.message, note.messageParams)} params={note.messageParams} />
          </li>
        ))}
      </ul>
      <p className="questionnaire-result__kept">{t('questionnaire.result.kept')}</p>
      <div className="questionnaire__actions questionnaire-flow__actions">
        <button type="button" className="button" onClick={onContinue}>
          {t('questionnaire.action.continue')}
        </button>
      </div>
    </section>
  );
}
