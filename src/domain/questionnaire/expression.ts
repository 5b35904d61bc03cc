/**
 * SurveyJS condition expressions without SurveyJS (docs/questionnaire-format.md "Conditions and expressions"): a small
 * tokenizer, a recursive-descent parser and an evaluator; no `eval`, no
 * `Function`. The browser uses it for visibleIf/enableIf/requiredIf, the
 * server for outcome rules, so both decide the same way. Semantics follow
 * survey-core 3.x; src/domain/questionnaire/expression.diff.test.ts checks
 * that against survey-core itself. The syntax is in docs/questionnaire-format.md.
 */
import { arithmetic } from './expression-arithmetic';
import { ExpressionError } from './expression-lexer';
import { parseExpressionText, printExpression, type ExpressionNode } from './expression-parser';
import {
  allOfOperator,
  anyOfOperator,
  containsOperator,
  correctValue,
  equalOperator,
  greaterOperator,
  isValueEmpty,
  lessOperator,
  noneOfOperator,
  notContainsOperator,
} from './expression-values';

export { ExpressionError, printExpression, isValueEmpty };
export type { BinaryOperator, ExpressionNode } from './expression-parser';

/** Values by variable name: the answers, plus any extra variables a caller adds. */
export type ExpressionValues = Record<string, unknown>;

const CACHE_LIMIT = 500;
const cache = new Map<string, ExpressionNode>();

/**
 * Parses an expression, or throws ExpressionError with the position of the
 * first bad character. Parsed trees are cached by text; treat them as read-only.
 */
export function parseExpression(text: string): ExpressionNode {
  const cached = cache.get(text);
  if (cached) return cached;
  const node = parseExpressionText(text);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, node);
  return node;
}

export function clearExpressionCache(): void {
  cache.clear();
}

/** The syntax error of an expression, or null when it parses. */
export function expressionError(text: string): ExpressionError | null {
  try {
    parseExpression(text);
    return null;
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
}

/** The variable names an expression reads (`{q1} = 1 and {q2.a}` → ['q1', 'q2.a']). */
export function expressionVariables(expression: string | ExpressionNode): string[] {
  const names = new Set<string>();
  const visit = (node: ExpressionNode): void => {
    if (node.kind === 'variable') names.add(node.name);
    else if (node.kind === 'array') node.items.forEach(visit);
    else if (node.kind === 'binary') {
      visit(node.left);
      visit(node.right);
    } else if (node.kind !== 'literal') visit(node.operand);
  };
  visit(typeof expression === 'string' ? parseExpression(expression) : expression);
  return [...names];
}

function findKey(object: unknown, name: string): unknown {
  if (!object || !name) return undefined;
  if (name === 'length' && (Array.isArray(object) || typeof object === 'string')) {
    return object.length;
  }
  if (typeof object !== 'object') return undefined;
  const lower = name.toLowerCase();
  for (const key in object) {
    if (key.toLowerCase() === lower) return (object as Record<string, unknown>)[key];
  }
  return undefined;
}

/**
 * `{a.b.c}`: names match case-insensitively; a key containing dots wins over
 * nested objects (the longest matching prefix first), as in survey-core.
 */
function lookup(values: unknown, path: string[]): unknown {
  if (path.length === 0) return values;
  for (let end = path.length; end > 0; end--) {
    const found = findKey(values, path.slice(0, end).join('.'));
    if (found !== undefined) return lookup(found, path.slice(end));
  }
  return undefined;
}

function readVariable(name: string, values: ExpressionValues): unknown {
  const value = lookup(values, name.split('.'));
  if (value === undefined) return name.endsWith('.length') ? 0 : null;
  return correctValue(value);
}

function evaluateNode(node: ExpressionNode, values: ExpressionValues): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'variable':
      return readVariable(node.name, values);
    case 'array':
      return node.items.map((item) => evaluateNode(item, values));
    case 'not':
      return !evaluateNode(node.operand, values);
    case 'negative':
      return arithmetic('minus', 0, evaluateNode(node.operand, values));
    case 'empty':
      return isValueEmpty(evaluateNode(node.operand, values));
    case 'notempty':
      return !isValueEmpty(evaluateNode(node.operand, values));
    case 'binary':
      return evaluateBinary(node, values);
  }
}

function evaluateBinary(
  node: Extract<ExpressionNode, { kind: 'binary' }>,
  values: ExpressionValues,
): unknown {
  const left = evaluateNode(node.left, values);
  const right = evaluateNode(node.right, values);
  switch (node.operator) {
    case 'equal':
      return equalOperator(left, right);
    case 'notequal':
      return !equalOperator(left, right);
    case 'less':
      return lessOperator(left, right, false);
    case 'lessorequal':
      return lessOperator(left, right, true);
    case 'greater':
      return greaterOperator(left, right, false);
    case 'greaterorequal':
      return greaterOperator(left, right, true);
    case 'contains':
      return containsOperator(left, right);
    case 'notcontains':
      return notContainsOperator(left, right);
    case 'anyof':
      return anyOfOperator(left, right);
    case 'allof':
      return allOfOperator(left, right);
    case 'noneof':
      return noneOfOperator(left, right);
    default:
      return arithmetic(node.operator, left, right);
  }
}

/**
 * The value of an expression (`{weight} / 2`, `{a} + ' ' + {b}`). A missing
 * variable reads as null. Throws ExpressionError when the text does not parse.
 */
export function evaluateExpression(
  expression: string | ExpressionNode,
  values: ExpressionValues,
): unknown {
  const node = typeof expression === 'string' ? parseExpression(expression) : expression;
  return evaluateNode(node, values);
}

/**
 * A condition holds when its value is loosely equal to true, as in
 * survey-core's ConditionRunner (`result == true`): true, 1 and '1' hold;
 * 'yes' and 2 do not. Throws ExpressionError when the text does not parse.
 */
export function evaluateCondition(
  expression: string | ExpressionNode,
  values: ExpressionValues,
): boolean {
  const result = evaluateExpression(expression, values);
  return result !== null && result !== undefined && Number(result) === 1;
}
