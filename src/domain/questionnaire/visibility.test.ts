import { describe, expect, it } from 'vitest';
import { mriSafety } from './questionnaire.fixture';
import { cleanAnswers, elementStates, visiblePages } from './visibility';

describe('visible, enabled and required questions (R-1-13, R-5-23, R-5-24)', () => {
  it('a follow-up question appears only when an answer calls for it', () => {
    expect(elementStates(mriSafety, {}).pacemakerModel?.visible).toBe(false);
    expect(elementStates(mriSafety, { pacemaker: 'yes' }).pacemakerModel?.visible).toBe(true);
    expect(elementStates(mriSafety, { pacemaker: 'no' }).pacemakerModel?.visible).toBe(false);
  });

  it('a page with a visibleIf hides all its questions while it does not hold', () => {
    expect(elementStates(mriSafety, {}).pregnant?.visible).toBe(false);
    expect(elementStates(mriSafety, { pacemaker: 'no' }).pregnant?.visible).toBe(true);
    expect(visiblePages(mriSafety, {}).map((page) => page.name)).toEqual(['implants']);
    expect(visiblePages(mriSafety, { pacemaker: 'no' }).map((page) => page.name)).toEqual([
      'implants',
      'body',
    ]);
  });

  it('questions are numbered among the visible ones only; html elements get no number', () => {
    const hidden = elementStates(mriSafety, {});
    expect(hidden.intro?.number).toBeUndefined();
    expect(hidden.pacemaker?.number).toBe(1);
    expect(hidden.implants?.number).toBe(2);
    const shown = elementStates(mriSafety, { pacemaker: 'yes' });
    expect(shown.pacemakerModel?.number).toBe(2);
    expect(shown.implants?.number).toBe(3);
    const secondPage = elementStates(mriSafety, { pacemaker: 'no' });
    expect(secondPage.pregnant?.number).toBe(3);
    expect(secondPage.weight?.number).toBe(4);
  });

  it('required comes from isRequired or a holding requiredIf, and only for visible questions', () => {
    expect(elementStates(mriSafety, {}).pacemaker?.required).toBe(true);
    expect(elementStates(mriSafety, {}).pacemakerModel?.required).toBe(false);
    expect(elementStates(mriSafety, { pacemaker: 'yes' }).pacemakerModel?.required).toBe(true);
    expect(elementStates(mriSafety, { implants: ['cochlear'] }).implantNotes?.required).toBe(false);
    expect(
      elementStates(mriSafety, { implants: ['cochlear', 'clip'] }).implantNotes?.required,
    ).toBe(true);
  });

  it('enableIf makes a question read-only while it does not hold', () => {
    expect(elementStates(mriSafety, { pacemaker: 'no' }).contrast?.enabled).toBe(false);
    expect(elementStates(mriSafety, { pacemaker: 'no', weight: 80 }).contrast?.enabled).toBe(true);
  });

  it('a condition that does not parse counts as false, as in SurveyJS', () => {
    const broken = {
      pages: [
        { name: 'p', elements: [{ type: 'boolean' as const, name: 'x', visibleIf: '{a} =' }] },
      ],
    };
    expect(elementStates(broken, { a: 1 }).x?.visible).toBe(false);
  });
});

describe('answers to hidden questions are dropped (cleanAnswers)', () => {
  it('drops the answer of a question hidden by another answer', () => {
    expect(cleanAnswers(mriSafety, { pacemaker: 'no', pacemakerModel: 'X1' })).toEqual({
      pacemaker: 'no',
    });
  });

  it('drops answers to unknown names and html elements', () => {
    expect(cleanAnswers(mriSafety, { pacemaker: 'yes', intro: 'x', other: 1 })).toEqual({
      pacemaker: 'yes',
    });
  });

  it('repeats until answers that depended on dropped answers are gone too', () => {
    const chain = {
      pages: [
        {
          name: 'p',
          elements: [
            { type: 'boolean' as const, name: 'a' },
            { type: 'boolean' as const, name: 'b', visibleIf: '{a} = true' },
            { type: 'boolean' as const, name: 'c', visibleIf: '{b} = true' },
          ],
        },
      ],
    };
    expect(cleanAnswers(chain, { a: false, b: true, c: true })).toEqual({ a: false });
    expect(cleanAnswers(chain, { a: true, b: true, c: true })).toEqual({
      a: true,
      b: true,
      c: true,
    });
  });
});
