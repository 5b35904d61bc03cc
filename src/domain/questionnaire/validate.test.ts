import { describe, expect, it } from 'vitest';
import { mriSafety } from './questionnaire.fixture';
import { validateAnswers } from './validate';

const base = { pacemaker: 'no', pregnant: false };

function errorsFor(answers: Record<string, unknown>) {
  return validateAnswers(mriSafety, { ...base, ...answers }).errors;
}

describe('answers are validated against the questionnaire (R-1-13, R-5-23)', () => {
  it('a complete set of answers is valid and comes back cleaned', () => {
    const result = validateAnswers(mriSafety, { ...base, weight: 80, extra: 'dropped' });
    expect(result).toEqual({
      valid: true,
      errors: {},
      details: {},
      answers: { ...base, weight: 80 },
    });
  });

  it('required visible questions must be answered; choice questions ask to choose', () => {
    expect(validateAnswers(mriSafety, {}).errors).toEqual({
      pacemaker: 'questionnaire.error.required_choice',
    });
    expect(validateAnswers(mriSafety, { pacemaker: 'yes' }).errors).toEqual({
      pacemakerModel: 'questionnaire.error.required',
    });
    expect(validateAnswers(mriSafety, { pacemaker: 'yes', pacemakerModel: '  ' }).errors).toEqual({
      pacemakerModel: 'questionnaire.error.required',
    });
    expect(validateAnswers(mriSafety, { pacemaker: 'no' }).errors).toEqual({
      pregnant: 'questionnaire.error.required_choice',
    });
  });

  it('answers to hidden questions are neither required nor checked, and are dropped', () => {
    const result = validateAnswers(mriSafety, { pacemaker: 'yes', pacemakerModel: 'X', weeks: 99 });
    expect(result.valid).toBe(true);
    expect(result.answers).toEqual({ pacemaker: 'yes', pacemakerModel: 'X' });
  });

  it('radiogroup, dropdown and checkbox answers must be among the choices', () => {
    expect(validateAnswers(mriSafety, { pacemaker: 'maybe' }).errors.pacemaker).toBe(
      'questionnaire.error.choice',
    );
    expect(errorsFor({ weight: 80, contrast: 'extreme' }).contrast).toBe(
      'questionnaire.error.choice',
    );
    expect(errorsFor({ implants: ['stent', 'bolt'] }).implants).toBe('questionnaire.error.choice');
    expect(errorsFor({ implants: ['stent', 'stent'] }).implants).toBe('questionnaire.error.choice');
    expect(errorsFor({ implants: 'stent' }).implants).toBe('questionnaire.error.invalid');
    expect(errorsFor({ implants: ['stent', 'clip'] }).implants).toBeUndefined();
  });

  it('a boolean is true or false; a rating is an integer on its scale', () => {
    expect(errorsFor({ pregnant: 'yes' }).pregnant).toBe('questionnaire.error.choice');
    expect(errorsFor({ pain: 0 }).pain).toBeUndefined();
    expect(errorsFor({ pain: 10 }).pain).toBeUndefined();
    expect(errorsFor({ pain: 11 }).pain).toBe('questionnaire.error.choice');
    expect(errorsFor({ pain: 2.5 }).pain).toBe('questionnaire.error.choice');
    expect(errorsFor({ pain: '5' }).pain).toBe('questionnaire.error.choice');
    expect(validateAnswers(mriSafety, { ...base, pain: 11 }).details.pain).toEqual({
      key: 'questionnaire.error.choice',
      min: 0,
      max: 10,
    });
  });

  it('number inputs need a number within min and max', () => {
    expect(errorsFor({ pregnant: true, weeks: 'ten' }).weeks).toBe('questionnaire.error.number');
    expect(errorsFor({ pregnant: true, weeks: 50 }).weeks).toBe('questionnaire.error.range');
    expect(errorsFor({ pregnant: true, weeks: '12' }).weeks).toBeUndefined();
    expect(validateAnswers(mriSafety, { ...base, pregnant: true, weeks: 0 }).details.weeks).toEqual(
      {
        key: 'questionnaire.error.range',
        min: 1,
        max: 42,
      },
    );
  });

  it('numeric validators check the range and carry their own text', () => {
    expect(validateAnswers(mriSafety, { ...base, weight: 10 }).details.weight).toEqual({
      key: 'questionnaire.error.range',
      min: 20,
      max: 300,
      text: 'Weight in kg',
    });
    expect(errorsFor({ weight: 300 }).weight).toBeUndefined();
  });

  it('regex validators check the pattern; text validators the length', () => {
    expect(errorsFor({ medicare: '12345' }).medicare).toBe('questionnaire.error.pattern');
    expect(errorsFor({ medicare: '2123456701' }).medicare).toBeUndefined();
    expect(errorsFor({ email: 'a@b.c' }).email).toBe('questionnaire.error.min_length');
    expect(errorsFor({ email: 'ann@example' }).email).toBe('questionnaire.error.email');
    expect(errorsFor({ email: 'ann@example.com' }).email).toBeUndefined();
  });

  it('date inputs need an ISO date within min and max', () => {
    expect(errorsFor({ scanDate: '2026-02-30' }).scanDate).toBe('questionnaire.error.date');
    expect(errorsFor({ scanDate: '1/2/2026' }).scanDate).toBe('questionnaire.error.date');
    expect(errorsFor({ scanDate: '2027-01-01' }).scanDate).toBe('questionnaire.error.date_range');
    expect(errorsFor({ scanDate: '2026-06-01' }).scanDate).toBeUndefined();
  });

  it('a signature is a typed name or an image data URL', () => {
    expect(errorsFor({ signature: 'Ann Lee' }).signature).toBeUndefined();
    expect(
      errorsFor({ signature: 'data:image/png;base64,iVBORw0KGgo=' }).signature,
    ).toBeUndefined();
    expect(errorsFor({ signature: 'data:text/html;base64,PGI+' }).signature).toBe(
      'questionnaire.error.signature',
    );
    expect(errorsFor({ signature: 'x'.repeat(201) }).signature).toBe(
      'questionnaire.error.signature',
    );
    expect(errorsFor({ signature: 42 }).signature).toBe('questionnaire.error.invalid');
  });

  it('a required comment follows requiredIf', () => {
    expect(
      validateAnswers(mriSafety, {
        pacemaker: 'yes',
        pacemakerModel: 'X',
        implants: ['cochlear', 'clip'],
      }).errors,
    ).toEqual({
      implantNotes: 'questionnaire.error.required',
    });
  });
});
