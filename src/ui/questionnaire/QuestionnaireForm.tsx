import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Answers, QuestionnaireJson } from '../../contract/questionnaire-format';
import type { ExpressionValues } from '../../domain/questionnaire/expression';
import { useT } from '../../i18n/useT';
import { HtmlBlock } from './parts/HtmlBlock';
import { Question } from './Question';
import { answersToKeep, formLayout, pageErrors, type ErrorText } from './rules';

export interface QuestionnaireFormProps {
  json: QuestionnaireJson;
  initialAnswers?: Answers;
  /** Called with the answers of the visible questions once every page is valid. */
  onSubmit: (answers: Answers) => void;
  /** A save is under way: the buttons wait. */
  busy?: boolean;
  /** A translated message from the last save (shown as an alert above the buttons). */
  error?: string;
  /** Unique per form on the page: prefixes the ids of the inputs. */
  idPrefix?: string;
  submitLabel?: string;
  /** Variables conditions see besides the answers: the booking's facts (`{booking.…}`). */
  context?: ExpressionValues;
}

/**
 * The questionnaire renderer: the visible questions of the current page,
 * numbered (R-5-24), with visibleIf / enableIf / requiredIf applied live as
 * answers change (the conditions are src/domain's evaluator), Next /
 * Previous between pages, and on Submit the errors shown at each question
 * with the focus on the first one.
 */
export function QuestionnaireForm({
  json,
  initialAnswers,
  onSubmit,
  busy = false,
  error,
  idPrefix = 'q',
  submitLabel,
  context,
}: QuestionnaireFormProps) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const [answers, setAnswers] = useState<Answers>(() => ({ ...initialAnswers }));
  const [pageIndex, setPageIndex] = useState(0);
  const [attempted, setAttempted] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const layout = useMemo(() => formLayout(json, answers, context), [json, answers, context]);
  const pages = layout.pages;
  const current = pages[Math.min(pageIndex, Math.max(0, pages.length - 1))];
  const errors: Record<string, ErrorText> = useMemo(
    () => (attempted && current ? pageErrors(json, current.index, answers, context) : {}),
    [attempted, current, json, answers, context],
  );
  const isLast = pageIndex >= pages.length - 1;
  const hasRequired = layout.anyRequired;

  // R-issue5-3: focus goes to the first question with an error after a submit attempt.
  useEffect(() => {
    if (focusTick === 0) return;
    const root = form.current;
    const first = root?.querySelector<HTMLElement>('.question[data-invalid]');
    if (!first) return;
    const target =
      first.querySelector<HTMLInputElement>('input[type=radio]:checked') ??
      first.querySelector<HTMLElement>('input:not([type=hidden]):not(:disabled), select, textarea');
    target?.focus();
  }, [focusTick]);

  const change = (name: string, value: unknown) => {
    setAnswers((previous) => {
      const next = { ...previous };
      if (value === undefined) delete next[name];
      else next[name] = value;
      return next;
    });
  };

  const goTo = (index: number) => {
    setAttempted(false);
    setPageIndex(index);
    // The new page's heading (or first question) takes the focus, so the move is announced.
    requestAnimationFrame(() =>
      form.current?.querySelector<HTMLElement>('[data-page-start]')?.focus(),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !current) return;
    const found = pageErrors(json, current.index, answers, context);
    if (Object.keys(found).length > 0) {
      setAttempted(true);
      setFocusTick((tick) => tick + 1);
      return;
    }
    if (!isLast) return goTo(pageIndex + 1);
    onSubmit(answersToKeep(json, answers, context));
  };

  return (
    <form
      ref={form}
      className="questionnaire"
      noValidate
      onSubmit={submit}
      part="questionnaire-form"
    >
      {json.description && pageIndex === 0 && (
        <p className="questionnaire__description">{json.description}</p>
      )}
      {hasRequired && <p className="questionnaire__note">{t('questionnaire.required_note')}</p>}
      {pages.length > 1 && (
        <p className="questionnaire__page" tabIndex={-1} data-page-start>
          {t('questionnaire.page', { page: pageIndex + 1, count: pages.length })}
        </p>
      )}
      {current?.title && (
        <h3
          className="questionnaire__page-title"
          tabIndex={-1}
          data-page-start={pages.length <= 1 ? true : undefined}
        >
          {current.title}
        </h3>
      )}
      {current?.elements.map((item) =>
        item.element.type === 'html' ? (
          <HtmlBlock key={item.element.name} element={item.element} />
        ) : (
          <Question
            key={item.element.name}
            element={item.element}
            value={answers[item.element.name]}
            onChange={change}
            number={item.number}
            required={item.required}
            disabled={!item.enabled}
            error={
              errors[item.element.name]
                ? t(errors[item.element.name]!.key, errors[item.element.name]!.params)
                : undefined
            }
            idPrefix={`${idPrefix}-${item.element.name}`}
          />
        ),
      )}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="questionnaire__actions">
        {pageIndex > 0 && (
          <button
            type="button"
            className="button"
            data-variant="ghost"
            onClick={() => goTo(pageIndex - 1)}
            disabled={busy}
          >
            {t('questionnaire.action.previous')}
          </button>
        )}
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {isLast
            ? busy
              ? t('questionnaire.action.submitting')
              : (submitLabel ?? t('questionnaire.action.submit'))
            : t('questionnaire.action.next')}
        </button>
      </div>
    </form>
  );
}
