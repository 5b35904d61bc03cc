/**
 * fast-check arbitraries for the expression tests (test-only module): trees
 * in the part of the syntax survey-core shares with ours, and answer sets
 * drawn from values a questionnaire really holds.
 */
import fc from 'fast-check';
import type { BinaryOperator, ExpressionNode } from './expression-parser';

export const VARIABLE_NAMES = ['a', 'b', 'c', 'A', 'missing', 'a.b', 'c.length'] as const;

const STRINGS = ['', 'yes', 'no', 'Yes', 'YES ', 'x', 'abc', 'b', '1', '10', '2.5', '007', 'true'];

/** Answer values: numbers, numeric and plain strings, booleans, arrays of choices. */
export const answerValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(0, 1, 2, -1, 3.5, 10, 0.1, 0.2),
  fc.integer({ min: -20, max: 20 }),
  fc.constantFrom(...STRINGS, 'false', ' 12 ', 'no '),
  fc.boolean(),
  fc.constantFrom<unknown[]>([], ['yes'], ['yes', 'no'], ['a', 'b', 'c'], [1, 2], ['1', 3], ['x']),
  fc.constant(null),
  fc.constantFrom<Record<string, unknown>>({ b: 1 }, { B: 'yes' }, {}, { b: '' }),
);

/** Answers for a, b and c; each may be missing. */
export const answers: fc.Arbitrary<Record<string, unknown>> = fc.record(
  { a: answerValue, b: answerValue, c: answerValue },
  { requiredKeys: [] },
);

const literal: fc.Arbitrary<ExpressionNode> = fc.oneof(
  fc
    .constantFrom(0, 1, 2, 3, 10, 0.5, 2.5, 100)
    .map((value) => ({ kind: 'literal' as const, value })),
  fc.integer({ min: -5, max: 50 }).map((value) => ({ kind: 'literal' as const, value })),
  fc.constantFrom(...STRINGS).map((value) => ({ kind: 'literal' as const, value })),
  fc.boolean().map((value) => ({ kind: 'literal' as const, value })),
);

const variable: fc.Arbitrary<ExpressionNode> = fc
  .constantFrom(...VARIABLE_NAMES)
  .map((name) => ({ kind: 'variable' as const, name }));

const atom = fc.oneof({ weight: 2, arbitrary: variable }, { weight: 2, arbitrary: literal });

const array: fc.Arbitrary<ExpressionNode> = fc
  .array(literal, { maxLength: 3 })
  .map((items) => ({ kind: 'array' as const, items }));

const COMPARISONS: BinaryOperator[] = [
  'equal',
  'notequal',
  'less',
  'lessorequal',
  'greater',
  'greaterorequal',
];
const ARITHMETIC: BinaryOperator[] = ['plus', 'minus', 'mul', 'div', 'mod', 'power'];
const FUNCTIONS: BinaryOperator[] = ['contains', 'notcontains', 'anyof', 'allof', 'noneof'];

/**
 * Trees survey-core parses too: no unary minus on non-literals and `empty`
 * only after an atom. `withNegative` adds our unary minus (`-{a}`).
 */
export function expressionTree(withNegative = false): fc.Arbitrary<ExpressionNode> {
  return fc.letrec<{ node: ExpressionNode }>((tie) => {
    const node = tie('node');
    const binary = (operators: BinaryOperator[], right: fc.Arbitrary<ExpressionNode> = node) =>
      fc
        .record({ operator: fc.constantFrom(...operators), left: node, right })
        .map(({ operator, left, right: r }) => ({
          kind: 'binary' as const,
          operator,
          left,
          right: r,
        }));
    const choices: fc.WeightedArbitrary<ExpressionNode>[] = [
      { weight: 6, arbitrary: atom },
      { weight: 3, arbitrary: binary(COMPARISONS) },
      { weight: 2, arbitrary: binary(['and', 'or']) },
      { weight: 2, arbitrary: binary(ARITHMETIC) },
      { weight: 2, arbitrary: binary(FUNCTIONS, fc.oneof(atom, array)) },
      {
        weight: 1,
        arbitrary: fc
          .record({ kind: fc.constantFrom('empty' as const, 'notempty' as const), operand: atom })
          .map(({ kind, operand }) => ({ kind, operand })),
      },
      { weight: 1, arbitrary: node.map((operand) => ({ kind: 'not' as const, operand })) },
      { weight: 1, arbitrary: array },
    ];
    if (withNegative) {
      choices.push({
        weight: 1,
        arbitrary: fc
          .oneof(variable, binary(ARITHMETIC))
          .map((operand) => ({ kind: 'negative' as const, operand })),
      });
    }
    return { node: fc.oneof({ depthSize: 'small', maxDepth: 4 }, ...choices) };
  }).node;
}
