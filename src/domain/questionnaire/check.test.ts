import { describe, expect, it } from 'vitest';
import { checkOutcomeRules, checkQuestionnaire } from './check';
import { mriSafety } from './questionnaire.fixture';

describe('questionnaires and outcome rules are checked against the format', () => {
  it('a questionnaire in the documented format has no problems', () => {
    expect(checkQuestionnaire(mriSafety)).toEqual([]);
  });

  it('reports bad conditions with their path and position, and unknown variables', () => {
    const json = {
      pages: [
        {
          name: 'p',
          elements: [
            { type: 'boolean', name: 'a', visibleIf: "{b} = 'x" },
            { type: 'boolean', name: 'b', enableIf: '{c} = true' },
          ],
        },
      ],
    };
    expect(checkQuestionnaire(json)).toEqual([
      {
        path: 'pages[0].elements[0].visibleIf',
        message: `Unclosed string at position 6 in "{b} = 'x"`,
      },
      { path: 'pages[0].elements[1].enableIf', message: 'reads {c}, which is no question here' },
    ]);
  });

  it('reports unknown types, repeated names, missing choices, bad scales and regexes', () => {
    const json = {
      modalSize: 'huge',
      pages: [
        {
          name: 'p',
          elements: [
            { type: 'matrix', name: 'm' },
            { type: 'radiogroup', name: 'r', choices: [] },
            { type: 'rating', name: 'R', rateMin: 5, rateMax: 1 },
            { type: 'text', name: 't', validators: [{ type: 'regex', regex: '(' }] },
          ],
        },
      ],
    };
    expect(checkQuestionnaire(json).map((problem) => problem.path)).toEqual([
      'modalSize',
      'pages[0].elements[0].type',
      'pages[0].elements[1].choices',
      'pages[0].elements[2].name',
      'pages[0].elements[2]',
      'pages[0].elements[3].validators[0].regex',
    ]);
    expect(checkQuestionnaire({ pages: [] })).toEqual([
      { path: 'pages', message: 'must be a non-empty array' },
    ]);
  });

  it('outcome rules need a known type and conditions that parse', () => {
    expect(
      checkOutcomeRules([
        { type: 'DENY_BOOKING', expression: "{pacemaker} = 'yes'", result: 'message.deny' },
        { type: 'WALK_IN_EXAM', expression: 'true', result: { name: 'X-ray', prepTime: 10 } },
        {
          type: 'RESTRICT_MIN_DATE',
          expression: '{weeks} > 0',
          result: '{weeks} * 7',
          evaluateResult: true,
        },
      ]),
    ).toEqual([]);
    expect(
      checkOutcomeRules([
        { type: 'BLOCK', expression: 'true' },
        { type: 'REDIRECT', expression: '{a} =' },
        { type: 'CHANGE_EXAM', expression: 'true', result: { slug: 'x' }, evaluateResult: true },
      ]).map((problem) => problem.path),
    ).toEqual(['[0].type', '[1].expression', '[2].result']);
  });
});
