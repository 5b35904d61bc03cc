/**
 * Arithmetic and logic of SurveyJS expressions, following survey-core 3.x
 * (OperandMaker.binaryFunctions.arithmeticOp and Helpers.sumAnyValues): an
 * empty operand counts as 0 beside a number, '' beside a string and [] beside
 * an array; `+` joins strings; decimal results are rounded to the operands'
 * decimals (0.1 + 0.2 is 0.3); dividing by 0 gives null; `and`/`or` return
 * one of their operands, like JavaScript's && and ||.
 */
import { isNumeric, isValueEmpty } from './expression-values';

export type ArithmeticOperator = 'and' | 'or' | 'plus' | 'minus' | 'mul' | 'div' | 'mod' | 'power';

function emptyAs(value: unknown, other: unknown): unknown {
  if (!isValueEmpty(value)) return value;
  if (typeof other === 'number') return 0;
  if (typeof value === 'string') return value;
  if (typeof other === 'string') return '';
  if (Array.isArray(other)) return [];
  return 0;
}

function countDecimals(value: unknown): number {
  if (isNumeric(value) && Math.floor(value as number) !== value) {
    const parts = String(value).split('.');
    return (parts.length > 1 && parts[1]!.length) || 0;
  }
  return 0;
}

/** Rounds a number to `digits` decimals; survey-core throws here when `0.1 + [0]` made a string. */
function rounded(result: unknown, digits: number): unknown {
  return digits > 0 && typeof result === 'number' ? parseFloat(result.toFixed(digits)) : result;
}

function roundAfterSum(a: unknown, b: unknown, result: unknown): unknown {
  return rounded(result, Math.max(countDecimals(a), countDecimals(b)));
}

function roundAfterProduct(a: unknown, b: unknown, result: unknown): unknown {
  return rounded(result, countDecimals(a) + countDecimals(b));
}

/** JavaScript's binary + on any values (string concatenation or numeric sum). */
function jsPlus(a: unknown, b: unknown): unknown {
  return (a as number) + (b as number);
}

function sumAnyValues(a: unknown, b: unknown): unknown {
  if (!isNumeric(a) || !isNumeric(b)) {
    if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
    if (Array.isArray(a) || Array.isArray(b)) {
      const array = (Array.isArray(a) ? a : b) as unknown[];
      const other = array === a ? b : a;
      if (typeof other === 'string') {
        const joined = array.join(', ');
        return array === a ? joined + other : other + joined;
      }
      if (typeof other === 'number') {
        let total: unknown = 0;
        for (const item of array) {
          if (typeof item === 'number')
            total = roundAfterSum(total, item, (total as number) + item);
        }
        return roundAfterSum(total, other, (total as number) + other);
      }
    }
    return jsPlus(a, b);
  }
  if (typeof a === 'string' || typeof b === 'string') return jsPlus(a, b);
  return roundAfterSum(a, b, jsPlus(a, b));
}

function apply(operator: ArithmeticOperator, a: unknown, b: unknown): unknown {
  const x = a as number;
  const y = b as number;
  switch (operator) {
    case 'and':
      return a && b;
    case 'or':
      return a || b;
    case 'plus':
      return sumAnyValues(a, b);
    case 'minus':
      return roundAfterSum(a, b, x - y);
    case 'mul':
      return roundAfterProduct(a, b, x * y);
    case 'div':
      return b ? x / y : null;
    case 'mod':
      return b ? x % y : null;
    case 'power':
      return Math.pow(x, y);
  }
}

export function arithmetic(operator: ArithmeticOperator, left: unknown, right: unknown): unknown {
  const a = emptyAs(left, right);
  const b = emptyAs(right, a);
  return apply(operator, a, b);
}
