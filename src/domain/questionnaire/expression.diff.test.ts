/**
 * Differential test : our evaluator against survey-core's own
 * ExpressionRunner and ConditionRunner on generated expressions and answers.
 * The generator stays inside the syntax both accept (see
 * expression.arbitraries.ts); the intended divergences are listed at the end.
 */
import fc from 'fast-check';
import { ConditionRunner, ExpressionRunner } from 'survey-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answers, expressionTree } from './expression.arbitraries';
import {
  evaluateCondition,
  evaluateExpression,
  parseExpression,
  printExpression,
} from './expression';

const SEED = 20261122;

/** survey-core logs "Invalid expression" for text it cannot parse; the divergence tests expect that. */
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const THREW = Symbol('survey-core threw');

function surveyValue(text: string, values: Record<string, unknown>): unknown {
  try {
    return new ExpressionRunner(text).runValues(structuredClone(values));
  } catch {
    return THREW;
  }
}

function surveyCondition(text: string, values: Record<string, unknown>): boolean | typeof THREW {
  try {
    return new ConditionRunner(text).runValues(structuredClone(values));
  } catch {
    return THREW;
  }
}

describe('the expression evaluator agrees with survey-core (R-1-13, R-1-14)', () => {
  it('gives the same value as ExpressionRunner for 600 generated expressions and answers', () => {
    fc.assert(
      fc.property(expressionTree(), answers, (tree, values) => {
        const text = printExpression(tree);
        const expected = surveyValue(text, values);
        fc.pre(expected !== THREW); // see "arithmetic on arrays" below
        expect(evaluateExpression(text, values), text).toEqual(expected);
      }),
      { seed: SEED, numRuns: 600 },
    );
  });

  it('gives the same truth as ConditionRunner for 600 generated conditions and answers', () => {
    fc.assert(
      fc.property(expressionTree(), answers, (tree, values) => {
        const text = printExpression(tree);
        const expected = surveyCondition(text, values);
        fc.pre(expected !== THREW);
        expect(evaluateCondition(text, values), text).toBe(expected);
      }),
      { seed: SEED + 1, numRuns: 600 },
    );
  });

  const handWritten: [string, Record<string, unknown>][] = [
    ["{pacemaker} = 'yes'", { pacemaker: 'yes' }],
    ["{pacemaker} = 'yes'", { pacemaker: 'Yes ' }],
    ["{pacemaker} = 'yes'", {}],
    ["{implants} anyof ['pacemaker', 'cochlear']", { implants: ['cochlear', 'stent'] }],
    ["{implants} allof ['pacemaker', 'cochlear']", { implants: ['cochlear'] }],
    ["{implants} noneof ['pacemaker']", { implants: [] }],
    ['{pregnant} = true and {weeks} >= 12', { pregnant: true, weeks: '14' }],
    ['{weight} > 150 or {height} < 100', { weight: 151 }],
    ['{age} notempty and {age} < 18', { age: 0 }],
    ['{age} empty', { age: '' }],
    ["{notes} contains 'metal'", { notes: 'Some METAL fragments' }],
    ["{notes} notcontains 'metal'", {}],
    ['{pain} + 1', { pain: '7' }],
    ['{a} * {b} - 3 / 2', { a: 1.5, b: 3 }],
    ["{first} + ' ' + {last}", { first: 'Ann', last: 'Lee' }],
    ['({a} + 2) * 3 % 4', { a: 5 }],
    ['!({a} = 1) && {b} == 2 || {c} != 3', { a: 2, b: 2, c: 3 }],
    ['{a} <> 1', { a: 2 }],
    ['{A} = 1', { a: 1 }],
    ['{patient.age} >= 65', { patient: { age: 70 } }],
    ['{items.length} = 2', { items: ['x', 'y'] }],
    ['{a} => 2 and {a} =< 3', { a: 2 }],
    ['{a} anyOf ["x"] AND {b} Or false', { a: 'x', b: 1 }],
    ['{a} = null', {}],
    ['{a} = undefined', { a: '' }],
    ['0x10 > 15', {}],
    ['{a} equal 1 and {b} notequal 2 and 1 less 2 and 2 greater 1', { a: 1, b: 3 }],
    ["{a} = 'it\\'s'", { a: "it's" }],
    ['2 ^ 10', {}],
    ['1 / 0', {}],
  ];

  it.each(handWritten)('%s with %j gives what survey-core gives', (text, values) => {
    expect(evaluateExpression(text, values)).toEqual(surveyValue(text, values));
    expect(evaluateCondition(text, values)).toBe(surveyCondition(text, values));
  });
});

/**
 * Intended divergences, each with its reason. survey-core returns null
 * (ExpressionRunner) or false (ConditionRunner) for text it cannot parse;
 * we throw ExpressionError so a broken rule is found when a questionnaire is
 * saved or seeded, not silently skipped when a patient answers.
 */
describe('intended divergences from survey-core', () => {
  it('unary minus before a variable or parentheses (-{a}) is ours; survey-core only knows -3', () => {
    expect(surveyValue('-{a}', { a: 3 })).toBeNull();
    expect(evaluateExpression('-{a}', { a: 3 })).toBe(-3);
    expect(evaluateExpression('2 - - 3', {})).toBe(5);
  });

  it('`not` is our alias of `!` and `negate`; survey-core does not parse it', () => {
    expect(surveyValue('not {a}', { a: 0 })).toBeNull();
    expect(evaluateCondition('not {a}', { a: 0 })).toBe(true);
    expect(evaluateCondition('negate {a}', { a: 0 })).toBe(surveyCondition('negate {a}', { a: 0 }));
  });

  it('bare words are an error; survey-core reads them as strings ({a} = yes)', () => {
    expect(surveyCondition('{a} = yes', { a: 'yes' })).toBe(true);
    expect(() => parseExpression('{a} = yes')).toThrow(/Unknown word "yes" at position 6/);
  });

  it('functions (iif, age, today…) are not supported and are an error', () => {
    expect(() => parseExpression('age({dob}) > 18')).toThrow(/Unknown word "age"/);
  });

  it('`empty` may follow parentheses, and numbers may have leading zeros or hex letters', () => {
    expect(surveyValue('({a}) empty', {})).toBeNull();
    expect(evaluateExpression('({a}) empty', {})).toBe(true);
    expect(evaluateExpression('007', {})).toBe(7);
    expect(evaluateExpression('0x1F', {})).toBe(31);
  });

  it('arithmetic on arrays that survey-core cannot round (0.1 + [0]) gives a value; survey-core throws', () => {
    expect(surveyValue('{a} + [0]', { a: 0.1 })).toBe(THREW);
    expect(evaluateExpression('{a} + [0]', { a: 0.1 })).toBe('0.10');
  });

  it('syntax errors throw ExpressionError with the position', () => {
    expect(surveyCondition('{a} =', { a: 1 })).toBe(false);
    expect(() => parseExpression('{a} =')).toThrow(/position 5/);
  });
});
