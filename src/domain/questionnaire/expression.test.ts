import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answers, answerValue, expressionTree } from './expression.arbitraries';
import {
  clearExpressionCache,
  evaluateCondition,
  evaluateExpression,
  ExpressionError,
  expressionError,
  expressionVariables,
  parseExpression,
  printExpression,
} from './expression';

const SEED = 5;

describe('questionnaire conditions in SurveyJS syntax (R-1-13, R-1-14)', () => {
  it('an answer compared with a string ignores case and surrounding spaces', () => {
    expect(evaluateCondition("{pacemaker} = 'yes'", { pacemaker: 'Yes' })).toBe(true);
    expect(evaluateCondition("{pacemaker} = 'yes'", { pacemaker: ' yes ' })).toBe(true);
    expect(evaluateCondition("{pacemaker} = 'yes'", { pacemaker: 'no' })).toBe(false);
    expect(evaluateCondition("{pacemaker} = 'yes'", {})).toBe(false);
    expect(evaluateCondition("{pacemaker} != 'yes'", {})).toBe(true);
  });

  it('a number equals its numeric string, and numeric answers compare as numbers', () => {
    expect(evaluateCondition('{weeks} = 12', { weeks: '12' })).toBe(true);
    expect(evaluateCondition("{weeks} = '12'", { weeks: 12 })).toBe(true);
    expect(evaluateCondition('{weight} > 150', { weight: '151' })).toBe(true);
    expect(evaluateCondition('{weight} > 150', { weight: '99' })).toBe(false);
    expect(evaluateCondition('{weight} > 150', {})).toBe(false);
    expect(evaluateCondition('{weight} <= 150', {})).toBe(false);
  });

  it('empty and notempty treat a missing answer, "" and [] as empty, but not 0 or false', () => {
    for (const value of [undefined, null, '', []]) {
      expect(evaluateCondition('{q} empty', { q: value })).toBe(true);
      expect(evaluateCondition('{q} notempty', { q: value })).toBe(false);
    }
    for (const value of [0, false, 'x', ['a']]) {
      expect(evaluateCondition('{q} notempty', { q: value })).toBe(true);
    }
    expect(evaluateCondition("{q} = ''", {})).toBe(true);
  });

  it('anyof, allof and noneof work on checkbox arrays and on single answers', () => {
    const values = { implants: ['pacemaker', 'stent'], side: 'left' };
    expect(evaluateCondition("{implants} anyof ['pacemaker', 'cochlear']", values)).toBe(true);
    expect(evaluateCondition("{implants} allof ['pacemaker', 'cochlear']", values)).toBe(false);
    expect(evaluateCondition("{implants} allof ['pacemaker', 'stent']", values)).toBe(true);
    expect(evaluateCondition("{implants} noneof ['cochlear']", values)).toBe(true);
    expect(evaluateCondition("{side} anyof ['left', 'right']", values)).toBe(true);
    expect(evaluateCondition("{missing} anyof ['left']", values)).toBe(false);
  });

  it('contains looks into strings (case-insensitive) and arrays', () => {
    expect(evaluateCondition("{notes} contains 'metal'", { notes: 'Metal plate' })).toBe(true);
    expect(evaluateCondition("{implants} contains 'stent'", { implants: ['stent'] })).toBe(true);
    expect(evaluateCondition("{implants} notcontains 'stent'", { implants: ['clip'] })).toBe(true);
  });

  it('and binds tighter than or; ! applies to the next value; parentheses group', () => {
    expect(evaluateCondition('true or false and false', {})).toBe(true);
    expect(evaluateCondition('(true or false) and false', {})).toBe(false);
    expect(evaluateCondition('!{a} = false', { a: true })).toBe(true);
    expect(evaluateCondition('!({a} = 1) && {b} == 2 || {c} <> 3', { a: 2, b: 2, c: 3 })).toBe(
      true,
    );
    expect(evaluateCondition('{a} > 1 AND {a} < 5', { a: 3 })).toBe(true);
  });

  it('arithmetic works on numbers, + joins strings, and a missing answer counts as 0', () => {
    expect(evaluateExpression('{a} + {b} * 2', { a: 1, b: '3' })).toBe(7);
    expect(evaluateExpression('({a} + 1) / 4 - 0.5', { a: 5 })).toBe(1);
    expect(evaluateExpression('0.1 + 0.2', {})).toBe(0.3);
    expect(evaluateExpression('7 % 3', {})).toBe(1);
    expect(evaluateExpression('-{a} + 1', { a: 3 })).toBe(-2);
    expect(evaluateExpression('{missing} + 2', {})).toBe(2);
    expect(evaluateExpression("{first} + ' ' + {last}", { first: 'Ann', last: 'Lee' })).toBe(
      'Ann Lee',
    );
    expect(evaluateExpression('1 / 0', {})).toBeNull();
    expect(
      evaluateCondition('{weight} / ({height} * {height}) > 30', { weight: 120, height: 1.8 }),
    ).toBe(true);
  });

  it('variables are case-insensitive and reach into objects; a missing one is null', () => {
    expect(evaluateExpression('{Pain}', { pain: 4 })).toBe(4);
    expect(evaluateExpression('{patient.age}', { patient: { age: 70 } })).toBe(70);
    expect(evaluateExpression('{items.length}', { items: [1, 2, 3] })).toBe(3);
    expect(evaluateExpression('{nothing}', {})).toBeNull();
  });

  it('a condition holds only for a value loosely equal to true, as in SurveyJS', () => {
    expect(evaluateCondition('{a}', { a: true })).toBe(true);
    expect(evaluateCondition('{a}', { a: 1 })).toBe(true);
    expect(evaluateCondition('{a}', { a: 'yes' })).toBe(false);
    expect(evaluateCondition('{a}', { a: 2 })).toBe(false);
    expect(evaluateCondition('{a}', {})).toBe(false);
  });

  it('bad input throws ExpressionError with the position of the problem', () => {
    const cases: [string, number][] = [
      ['{a} =', 5],
      ["{a} = 'yes", 6],
      ['{a} = yes', 6],
      ['({a} = 1', 8],
      ['{a} = 1)', 7],
      ['{a', 0],
      ['', 0],
      ['{a} # 1', 4],
    ];
    for (const [text, position] of cases) {
      const error = expressionError(text);
      expect(error, text).toBeInstanceOf(ExpressionError);
      expect(error?.position, text).toBe(position);
    }
    expect(expressionError("{a} = 'yes'")).toBeNull();
  });

  it('lists the variables an expression reads', () => {
    expect(expressionVariables("{q1} = 'yes' and ({q2.a} > 1 or {q1} empty)")).toEqual([
      'q1',
      'q2.a',
    ]);
  });

  it('caches parsed expressions by text', () => {
    clearExpressionCache();
    const first = parseExpression('{a} = 1');
    expect(parseExpression('{a} = 1')).toBe(first);
    clearExpressionCache();
    expect(parseExpression('{a} = 1')).not.toBe(first);
    expect(parseExpression('{a} = 1')).toEqual(first);
  });
});

describe('expression properties (fast-check)', () => {
  it('printing a tree and parsing it again gives the same tree', () => {
    fc.assert(
      fc.property(expressionTree(true), (tree) => {
        expect(parseExpression(printExpression(tree))).toEqual(tree);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('!!x holds exactly when x is truthy', () => {
    fc.assert(
      fc.property(expressionTree(true), answers, (tree, values) => {
        const text = printExpression(tree);
        expect(evaluateExpression(`!!(${text})`, values)).toBe(
          Boolean(evaluateExpression(text, values)),
        );
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('comparisons are antisymmetric and = is symmetric', () => {
    fc.assert(
      fc.property(answerValue, answerValue, (a, b) => {
        const values = { a, b };
        expect(evaluateCondition('{a} < {b}', values)).toBe(evaluateCondition('{b} > {a}', values));
        expect(evaluateCondition('{a} <= {b}', values)).toBe(
          evaluateCondition('{b} >= {a}', values),
        );
        expect(evaluateCondition('{a} = {b}', values)).toBe(evaluateCondition('{b} = {a}', values));
        expect(evaluateCondition('{a} != {b}', values)).toBe(
          !evaluateCondition('{a} = {b}', values),
        );
        if (typeof a === 'number' && typeof b === 'number' && a < b) {
          expect(evaluateCondition('{b} < {a}', values)).toBe(false);
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('empty is the negation of notempty, and noneof of anyof', () => {
    fc.assert(
      fc.property(answerValue, answerValue, (a, b) => {
        const values = { a, b };
        expect(evaluateCondition('{a} empty', values)).toBe(
          !evaluateCondition('{a} notempty', values),
        );
        expect(evaluateCondition('{a} noneof {b}', values)).toBe(
          !evaluateCondition('{a} anyof {b}', values),
        );
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('any text either parses or throws ExpressionError, never anything else', () => {
    const pieces = fc.constantFrom(
      '{a}',
      '{',
      '}',
      "'",
      '"',
      '(',
      ')',
      '[',
      ']',
      ',',
      '=',
      '!',
      '-',
      'and',
      'or',
      'empty',
      'anyof',
      '1',
      '2.5',
      ' ',
      'x',
      '<',
      '>',
      '+',
      '*',
      'true',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        try {
          parseExpression(text);
        } catch (error) {
          expect(error).toBeInstanceOf(ExpressionError);
          const { position } = error as ExpressionError;
          expect(position).toBeGreaterThanOrEqual(0);
          expect(position).toBeLessThanOrEqual(text.length);
        }
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
});
