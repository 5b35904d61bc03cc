/**
 * Recursive-descent parser of SurveyJS condition expressions (docs/questionnaire-format.md "Conditions and expressions"),
 * with the precedence of survey-core's grammar, loosest first:
 *   or (`or`, `||`) · and (`and`, `&&`) · comparisons (`= == != <> < <= > >=`)
 *   · `+ -` · `* / %` · `^` · `contains notcontains anyof allof noneof`
 *   · prefix `!` / `not` / `negate` / `-` · postfix `empty` / `notempty`.
 * Every binary level is left-associative, as in survey-core: `1 < 2 < 3` is
 * `(1 < 2) < 3` and `2 ^ 3 ^ 2` is 64. `!{a} = 1` is `(!{a}) = 1`.
 */
import { ExpressionError, tokenize, type Punct, type Token, type Word } from './expression-lexer';

export type BinaryOperator =
  | 'or'
  | 'and'
  | 'equal'
  | 'notequal'
  | 'less'
  | 'lessorequal'
  | 'greater'
  | 'greaterorequal'
  | 'plus'
  | 'minus'
  | 'mul'
  | 'div'
  | 'mod'
  | 'power'
  | 'contains'
  | 'notcontains'
  | 'anyof'
  | 'allof'
  | 'noneof';

export type ExpressionNode =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'variable'; name: string }
  | { kind: 'array'; items: ExpressionNode[] }
  | { kind: 'not'; operand: ExpressionNode }
  | { kind: 'negative'; operand: ExpressionNode }
  | { kind: 'empty' | 'notempty'; operand: ExpressionNode }
  | { kind: 'binary'; operator: BinaryOperator; left: ExpressionNode; right: ExpressionNode };

type Level = Partial<Record<Punct | Word, BinaryOperator>>;

/** The binary levels, loosest first. */
const LEVELS: readonly Level[] = [
  { or: 'or', '||': 'or' },
  { and: 'and', '&&': 'and' },
  {
    '=': 'equal',
    '==': 'equal',
    equal: 'equal',
    '!=': 'notequal',
    '<>': 'notequal',
    notequal: 'notequal',
    '<': 'less',
    less: 'less',
    '<=': 'lessorequal',
    lessorequal: 'lessorequal',
    '>': 'greater',
    greater: 'greater',
    '>=': 'greaterorequal',
    greaterorequal: 'greaterorequal',
  },
  { '+': 'plus', '-': 'minus' },
  { '*': 'mul', '/': 'div', '%': 'mod' },
  { '^': 'power', power: 'power' },
  {
    contains: 'contains',
    '*=': 'contains',
    notcontains: 'notcontains',
    anyof: 'anyof',
    allof: 'allof',
    noneof: 'noneof',
  },
];

class Parser {
  private index = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly text: string,
  ) {}

  parseAll(): ExpressionNode {
    if (this.peek().kind === 'end') this.fail('Empty expression');
    const node = this.parseLevel(0);
    if (this.peek().kind !== 'end') this.fail('Unexpected token');
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private fail(message: string, token: Token = this.peek()): never {
    throw new ExpressionError(message, token.start, this.text);
  }

  private operatorAt(level: Level): BinaryOperator | undefined {
    const token = this.peek();
    if (token.kind === 'punct') return level[token.text];
    if (token.kind === 'word') return level[token.word];
    return undefined;
  }

  private isPunct(text: Punct): boolean {
    const token = this.peek();
    return token.kind === 'punct' && token.text === text;
  }

  private isWord(...words: Word[]): boolean {
    const token = this.peek();
    return token.kind === 'word' && words.includes(token.word);
  }

  private expect(text: Punct): void {
    if (!this.isPunct(text)) this.fail(`Expected "${text}"`);
    this.index++;
  }

  private parseLevel(depth: number): ExpressionNode {
    const level = LEVELS[depth];
    if (!level) return this.parsePrefix();
    let left = this.parseLevel(depth + 1);
    for (let operator = this.operatorAt(level); operator; operator = this.operatorAt(level)) {
      this.index++;
      const right = this.parseLevel(depth + 1);
      left = { kind: 'binary', operator, left, right };
    }
    return left;
  }

  private parsePrefix(): ExpressionNode {
    if (this.isPunct('!') || this.isWord('not')) {
      this.index++;
      return { kind: 'not', operand: this.parsePrefix() };
    }
    if (this.isPunct('-') && this.tokens[this.index + 1]?.kind !== 'number') {
      this.index++;
      return { kind: 'negative', operand: this.parsePrefix() };
    }
    return this.parsePostfix();
  }

  private parsePostfix(): ExpressionNode {
    let node = this.parsePrimary();
    while (this.isWord('empty', 'notempty')) {
      const token = this.peek() as Extract<Token, { kind: 'word' }>;
      this.index++;
      node = { kind: token.word as 'empty' | 'notempty', operand: node };
    }
    return node;
  }

  private parsePrimary(): ExpressionNode {
    const token = this.peek();
    this.index++;
    // `-3` is a negative number literal, as in survey-core's grammar (so `-3 empty` works).
    const next = this.tokens[this.index]!;
    if (token.kind === 'punct' && token.text === '-' && next.kind === 'number') {
      this.index++;
      return { kind: 'literal', value: -next.value };
    }
    switch (token.kind) {
      case 'number':
        return { kind: 'literal', value: token.value };
      case 'string':
        return { kind: 'literal', value: token.value };
      case 'variable':
        return { kind: 'variable', name: token.name };
      case 'word':
        if (token.word === 'true') return { kind: 'literal', value: true };
        if (token.word === 'false') return { kind: 'literal', value: false };
        if (token.word === 'null') return { kind: 'literal', value: null };
        break;
      case 'punct':
        if (token.text === '(') {
          const inner = this.parseLevel(0);
          this.expect(')');
          return inner;
        }
        if (token.text === '[') return this.parseArrayRest();
        break;
      case 'end':
        break;
    }
    return this.fail('Expected a value', token);
  }

  private parseArrayRest(): ExpressionNode {
    const items: ExpressionNode[] = [];
    if (!this.isPunct(']')) {
      items.push(this.parseLevel(0));
      while (this.isPunct(',')) {
        this.index++;
        items.push(this.parseLevel(0));
      }
    }
    this.expect(']');
    return { kind: 'array', items };
  }
}

/** Parses an expression; throws ExpressionError (with the position) on bad input. */
export function parseExpressionText(text: string): ExpressionNode {
  return new Parser(tokenize(text), text).parseAll();
}

const SIGNS: Record<BinaryOperator, string> = {
  or: 'or',
  and: 'and',
  equal: '=',
  notequal: '!=',
  less: '<',
  lessorequal: '<=',
  greater: '>',
  greaterorequal: '>=',
  plus: '+',
  minus: '-',
  mul: '*',
  div: '/',
  mod: '%',
  power: '^',
  contains: 'contains',
  notcontains: 'notcontains',
  anyof: 'anyof',
  allof: 'allof',
  noneof: 'noneof',
};

/**
 * Prints a node back to text that parses to the same tree, with every binary
 * node in parentheses. Without `-(…)` (our extension) and `(…) empty`, the
 * text is also valid for survey-core.
 */
export function printExpression(node: ExpressionNode): string {
  switch (node.kind) {
    case 'literal':
      return printLiteral(node.value);
    case 'variable':
      return `{${node.name}}`;
    case 'array':
      return `[${node.items.map(printExpression).join(', ')}]`;
    case 'not':
      return `!${printExpression(node.operand)}`;
    case 'negative':
      return `-(${printExpression(node.operand)})`;
    case 'empty':
    case 'notempty':
      // survey-core accepts `empty` only after a variable or a constant.
      return isAtom(node.operand)
        ? `${printExpression(node.operand)} ${node.kind}`
        : `(${printExpression(node.operand)}) ${node.kind}`;
    case 'binary':
      return `(${printExpression(node.left)} ${SIGNS[node.operator]} ${printExpression(node.right)})`;
  }
}

function isAtom(node: ExpressionNode): boolean {
  return node.kind === 'variable' || node.kind === 'literal';
}

function printLiteral(value: string | number | boolean | null): string {
  if (typeof value === 'string') return `'${value.replace(/'/g, "\\'")}'`;
  return String(value);
}
