import { examName } from '../questionnaire-queue';
import { useT } from '../../../src/i18n/useT';
import type { QuestionnaireAbout } from '../questionnaire-view';
import { useListFormat } from './useListFormat';

export interface QuestionnaireIntroProps {
  /** What the questions are about; null while they load. */
  about: QuestionnaireAbout | null;
  /** The open form's place (1-based), 0 when none is open; `count` forms in this run. */
  position: number;
  count: number;
  /** Every form of the run is answered (the result, the next step). */
  done: boolean;
}

/**
 * The page behind the questionnaire modal (issue 13, defect 10): which
 * exams the questions are about, at which clinic, and where the patient is
 * among the forms, so the modal opens over the booking and not over an
 * empty page. The h1 of the route.
 */
export function QuestionnaireIntro({ about, position, count, done }: QuestionnaireIntroProps) {
  const t = useT();
  const listOf = useListFormat();
  const names = about?.exams.map(examName) ?? [];
  const exams = names.length > 0 ? listOf(names) : '';
  const before = about?.mode !== 'after';
  const forms = about?.forms ?? [];
  const stateOf = (index: number) =>
    done || index + 1 < position ? 'done' : index + 1 === position ? 'current' : 'todo';
  return (
    <section className="questionnaire-intro" part="questionnaire-intro" aria-labelledby="q-intro">
      <h1 id="q-intro" className="questionnaire-intro__title">
        {t(before ? 'questionnaire.intro.before_title' : 'questionnaire.intro.after_title')}
      </h1>
      {exams && (
        <p className="questionnaire-intro__text">
          {t(before ? 'questionnaire.intro.before_text' : 'questionnaire.intro.after_text', {
            exams,
            count: names.length,
          })}
        </p>
      )}
      {about?.clinicName && (
        <p className="questionnaire-intro__clinic">
          {t('questionnaire.intro.clinic', { clinic: about.clinicName })}
        </p>
      )}
      {forms.length > 1 && (done || position > 0) && (
        <>
          <p className="questionnaire-intro__progress" id="q-intro-forms">
            {done
              ? t('questionnaire.intro.all_answered')
              : t('questionnaire.flow.form_of', { position: Math.max(position, 1), count })}
          </p>
          <ol className="questionnaire-intro__forms" aria-labelledby="q-intro-forms">
            {forms.map((form, index) => {
              const state = stateOf(index);
              return (
                <li
                  key={form.key}
                  data-state={state}
                  aria-current={state === 'current' ? 'step' : undefined}
                >
                  <span className="questionnaire-intro__mark" aria-hidden="true">
                    {state === 'done' ? '✓' : index + 1}
                  </span>
                  <span>
                    {form.title}
                    {form.examNames.length > 0 && names.length > 1 && (
                      <>
                        {' '}
                        <span className="questionnaire-intro__for">
                          {t('questionnaire.flow.for_exams', { exams: listOf(form.examNames) })}
                        </span>
                      </>
                    )}
                    <span className="visually-hidden">
                      {' '}
                      ({t(`questionnaire.intro.form_${state}`)})
                    </span>
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
      {before && about && (
        <p className="questionnaire-intro__next">
          {t(
            about.clinicName
              ? 'questionnaire.intro.next_time'
              : 'questionnaire.intro.next_clinic_time',
          )}
        </p>
      )}
    </section>
  );
}
