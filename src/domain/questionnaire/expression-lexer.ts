/**
 * Tokenizer of SurveyJS condition expressions (docs/questionnaire-format.md "Conditions and expressions"). Words are
 * case-insensitive, as in SurveyJS (`AND`, `Or`, `anyOf`); the spelled-out
 * operators of SurveyJS (`equal`, `notequal`, `less`, …) are accepted too.
 */

export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';

  constructor(
    message: string,
    /** Offset of the offending character in the expression text. */
    readonly position: number,
    readonly expression: string,
  ) {
    super(`${message} at position ${position} in "${expression}"`);
  }
}

export type Token =
  | { kind: 'number'; value: number; start: number }
  | { kind: 'string'; value: string; start: number }
  | { kind: 'variable'; name: string; start: number }
  | { kind: 'word'; word: Word; start: number }
  | { kind: 'punct'; text: Punct; start: number }
  | { kind: 'end'; start: number };

export type Punct =
  | '('
  | ')'
  | '['
  | ']'
  | ','
  | '='
  | '=='
  | '!='
  | '<>'
  | '<'
  | '<='
  | '>'
  | '>='
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '^'
  | '!'
  | '&&'
  | '||'
  | '*=';

/** Keywords; aliases map to the canonical word the parser reads. */
const WORDS = {
  or: 'or',
  and: 'and',
  not: 'not',
  negate: 'not',
  empty: 'empty',
  notempty: 'notempty',
  contains: 'contains',
  contain: 'contains',
  notcontains: 'notcontains',
  notcontain: 'notcontains',
  anyof: 'anyof',
  allof: 'allof',
  noneof: 'noneof',
  true: 'true',
  false: 'false',
  null: 'null',
  undefined: 'null',
  equal: 'equal',
  equals: 'equal',
  notequal: 'notequal',
  notequals: 'notequal',
  less: 'less',
  lessorequal: 'lessorequal',
  greater: 'greater',
  greaterorequal: 'greaterorequal',
  power: 'power',
} as const;

export type Word = (typeof WORDS)[keyof typeof WORDS];

/** Longest first, so `<=` wins over `<`. `=>` and `=<` are SurveyJS spellings of `>=` and `<=`. */
const PUNCTS: readonly [string, Punct][] = [
  ['==', '=='],
  ['!=', '!='],
  ['<>', '<>'],
  ['<=', '<='],
  ['=<', '<='],
  ['>=', '>='],
  ['=>', '>='],
  ['&&', '&&'],
  ['||', '||'],
  ['*=', '*='],
  ['(', '('],
  [')', ')'],
  ['[', '['],
  [']', ']'],
  [',', ','],
  ['=', '='],
  ['<', '<'],
  ['>', '>'],
  ['+', '+'],
  ['-', '-'],
  ['*', '*'],
  ['/', '/'],
  ['%', '%'],
  ['^', '^'],
  ['!', '!'],
];

const SPACE = /[ \t\n\r]/;
const DIGIT = /[0-9]/;
const WORD_START = /[A-Za-z_]/;
const WORD_PART = /[A-Za-z_0-9]/;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (message: string, at: number): never => {
    throw new ExpressionError(message, at, text);
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (SPACE.test(ch)) {
      i++;
      continue;
    }
    const start = i;
    if (ch === '{') {
      const end = text.indexOf('}', i + 1);
      const name = end < 0 ? '' : text.slice(i + 1, end);
      if (end < 0 || name === '' || name.includes('{')) fail('Unclosed or empty variable', start);
      tokens.push({ kind: 'variable', name, start });
      i = end + 1;
    } else if (ch === "'" || ch === '"') {
      const [value, next] = readString(text, i, fail);
      tokens.push({ kind: 'string', value, start });
      i = next;
    } else if (DIGIT.test(ch)) {
      const [value, next] = readNumber(text, i);
      tokens.push({ kind: 'number', value, start });
      i = next;
    } else if (WORD_START.test(ch)) {
      let end = i + 1;
      while (end < text.length && WORD_PART.test(text[end]!)) end++;
      const lower = text.slice(i, end).toLowerCase();
      if (!Object.hasOwn(WORDS, lower)) fail(`Unknown word "${text.slice(i, end)}"`, start);
      tokens.push({ kind: 'word', word: WORDS[lower as keyof typeof WORDS], start });
      i = end;
    } else {
      const punct = PUNCTS.find(([spelling]) => text.startsWith(spelling, i));
      if (!punct) fail(`Unexpected character "${ch}"`, start);
      tokens.push({ kind: 'punct', text: punct![1], start });
      i += punct![0].length;
    }
  }
  tokens.push({ kind: 'end', start: text.length });
  return tokens;
}

/** Quotes: `'…'` or `"…"`; `\'` and `\"` escape a quote, any other backslash stays. */
function readString(
  text: string,
  open: number,
  fail: (message: string, at: number) => never,
): [string, number] {
  const quote = text[open]!;
  let value = '';
  let i = open + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && (text[i + 1] === "'" || text[i + 1] === '"')) {
      value += text[i + 1];
      i += 2;
    } else if (ch === quote) {
      return [value, i + 1];
    } else {
      value += ch;
      i++;
    }
  }
  return fail('Unclosed string', open);
}

/** Decimal `12`, `1.5`, or hexadecimal `0x1F`; no exponent, no leading dot (as SurveyJS). */
function readNumber(text: string, start: number): [number, number] {
  const hex = /^0x[0-9a-fA-F]+/.exec(text.slice(start));
  if (hex) return [parseInt(hex[0], 16), start + hex[0].length];
  const decimal = /^[0-9]+(\.[0-9]+)?/.exec(text.slice(start))!;
  return [parseFloat(decimal[0]), start + decimal[0].length];
}
