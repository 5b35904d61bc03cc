import type { QuestionElement } from '../../contract/questionnaire-format';

/** What every question part receives from the form (src/ui/questionnaire/Question.tsx). */
export interface QuestionPartProps<E extends QuestionElement = QuestionElement> {
  element: E;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Id of the question's legend: the accessible name of single inputs. */
  labelId: string;
  /** Ids of the description and the error, for aria-describedby ('' when none). */
  describedBy: string | undefined;
  required: boolean;
  disabled: boolean;
  invalid: boolean;
  /** A prefix for ids of the part's own inputs. */
  idPrefix: string;
}

/** A choice as [value, label]. */
export function choiceEntries(
  choices: readonly (string | number | { value: string | number; text?: string })[],
): { value: string | number; label: string }[] {
  return choices.map((choice) =>
    typeof choice === 'object'
      ? { value: choice.value, label: choice.text ?? String(choice.value) }
      : { value: choice, label: String(choice) },
  );
}
