import type { RatingElement } from '../../../contract/questionnaire-format';
import { useT } from '../../../i18n/useT';
import type { QuestionPartProps } from '../types';

/** SurveyJS's defaults for a rating without rateMin / rateMax. */
const DEFAULT_MIN = 1;
const DEFAULT_MAX = 5;

/** A 0 to 10 rating is the pain score (spec 4 "Pain score", docs/questionnaire-format.md). */
export function isPainScale(element: RatingElement): boolean {
  return (element.rateMin ?? DEFAULT_MIN) === 0 && (element.rateMax ?? DEFAULT_MAX) === 10;
}

/**
 * `rating`: a scale of native radio buttons (the arrow keys move along it).
 * Its ends carry their descriptions, both visibly under the scale and in the
 * accessible description of the end buttons; the pain score (0 to 10) says
 * "No pain" and "Worst pain imaginable" when the questionnaire gives no words.
 */
export function RatingQuestion(props: QuestionPartProps<RatingElement>) {
  const { element, value, onChange, labelId, describedBy, required, disabled, invalid, idPrefix } =
    props;
  const t = useT();
  const min = Math.round(element.rateMin ?? DEFAULT_MIN);
  const max = Math.max(min, Math.round(element.rateMax ?? DEFAULT_MAX));
  const pain = isPainScale(element);
  const minText = element.minRateDescription ?? (pain ? t('questionnaire.pain.no_pain') : '');
  const maxText = element.maxRateDescription ?? (pain ? t('questionnaire.pain.worst_pain') : '');
  const minId = `${idPrefix}-min`;
  const maxId = `${idPrefix}-max`;
  const steps = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return (
    <div className="rating" data-pain={pain ? 'true' : undefined} part="rating">
      <div
        role="radiogroup"
        className="rating__scale"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
      >
        {steps.map((step) => {
          const checked = value === step;
          const endId =
            step === min && minText ? minId : step === max && maxText ? maxId : undefined;
          return (
            <label key={step} className="rating__step" data-state={checked ? 'checked' : undefined}>
              <input
                id={`${idPrefix}-${step}`}
                type="radio"
                name={idPrefix}
                value={step}
                checked={checked}
                disabled={disabled}
                aria-describedby={endId}
                onChange={() => onChange(step)}
              />
              <span className="rating__number">{step}</span>
            </label>
          );
        })}
      </div>
      {(minText || maxText) && (
        <div className="rating__ends">
          <span id={minId}>{minText}</span>
          <span id={maxId}>{maxText}</span>
        </div>
      )}
    </div>
  );
}
