/**
 * Value semantics of SurveyJS expressions, following survey-core 3.x
 * (OperandMaker and Helpers in its expressions module), so a questionnaire
 * behaves the same here as in SurveyJS Creator: string equality ignores case
 * and surrounding spaces, a number equals its numeric string, `''` equals a
 * missing answer, arithmetic treats a missing answer as 0 (or '' beside a
 * string), `and`/`or` return operand values. The casts to number below keep
 * JavaScript's own operator semantics on mixed values, as survey-core does.
 */

/** survey-core `Helpers.isValueEmpty`: undefined, null, '', [], or an object of empty values. */
export function isValueEmpty(value: unknown): boolean {
  if (Array.isArray(value) && value.length === 0) return true;
  if (isPlainObject(value)) {
    return Object.values(value).every(isValueEmpty);
  }
  return !value && value !== 0 && value !== false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && (value as object).constructor === Object;
}

function isObject(value: unknown): value is object {
  return value instanceof Object;
}

function hasOperatorChar(text: string): boolean {
  if (text.lastIndexOf('-') > 0 || text.lastIndexOf('+') > 0) return false;
  return /[*^/%]/.test(text);
}

/** survey-core `Helpers.getNumber`: NaN unless the value reads as a finite number ("1,5" is 1.5). */
export function toNumber(value: unknown): number {
  let candidate = value;
  if (typeof candidate === 'string') {
    candidate = candidate.trim();
    const text = candidate as string;
    if (!text) return NaN;
    if (text.startsWith('0x')) return text.length > 32 ? NaN : parseInt(text);
    if (text.length > 15 && /^[0-9]+$/.test(text)) return NaN;
    if (hasOperatorChar(text)) return NaN;
    const comma = text.indexOf(',');
    if (comma > -1 && text.indexOf(',', comma + 1) < 0) candidate = text.replace(',', '.');
  }
  const result = parseFloat(candidate as string);
  if (isNaN(result) || !isFinite(candidate as number)) return NaN;
  return result;
}

export function isNumeric(value: unknown): boolean {
  return !isNaN(toNumber(value));
}

/**
 * survey-core `Const.getCorrectValue`, applied to answers read by `{name}`:
 * 'true'/'false' become booleans, a quoted string loses its quotes, a numeric
 * string becomes a number (except one with a leading zero, such as '007').
 */
export function correctValue(value: unknown): unknown {
  if (!value || typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  const first = value[0]!;
  const last = value[value.length - 1]!;
  if (value.length > 1 && `'"`.includes(first) && `'"`.includes(last)) {
    return value.substring(1, value.length - 1);
  }
  if (isNumeric(value)) {
    if (value[0] === '0' && !value.startsWith('0x') && value.length > 1) {
      if (value[1] !== '.' && value[1] !== ',') return value;
    }
    return toNumber(value);
  }
  return value;
}

/** JavaScript `==` between two non-object values. */
function looseEquals(x: unknown, y: unknown): boolean {
  if (x == null || y == null) return x == null && y == null;
  if (typeof x === typeof y) return x === y;
  const xs = typeof x === 'boolean' ? Number(x) : x;
  const ys = typeof y === 'boolean' ? Number(y) : y;
  if (typeof xs === typeof ys) return xs === ys;
  return Number(xs) === Number(ys);
}

function isConvertibleToNumber(value: unknown): boolean {
  if (value === undefined || value === null || Array.isArray(value)) return false;
  try {
    return !isNaN(value as number);
  } catch {
    return false;
  }
}

/** survey-core `Helpers.checkIfValuesEqual` with its default comparator (trimmed, case-insensitive). */
export function valuesEqual(x: unknown, y: unknown, ignoreOrder: boolean): boolean {
  if (x === y) return true;
  if (Array.isArray(x) && x.length === 0 && y === undefined) return true;
  if (Array.isArray(y) && y.length === 0 && x === undefined) return true;
  if ((x === undefined || x === null) && y === '') return true;
  if ((y === undefined || y === null) && x === '') return true;
  if (typeof x === 'string' && typeof y === 'string') {
    return x.trim().toLowerCase() === y.trim().toLowerCase();
  }
  if (isConvertibleToNumber(x) && isConvertibleToNumber(y)) {
    const sx = x as string;
    const sy = y as string;
    if (parseInt(sx) === parseInt(sy) && parseFloat(sx) === parseFloat(sy)) return true;
  }
  if (isValueEmpty(x) !== isValueEmpty(y)) return false;
  if (typeof x === 'boolean' && typeof y === 'string') return String(x) === y.toLowerCase();
  if (typeof y === 'boolean' && typeof x === 'string') return String(y) === x.toLowerCase();
  if (!isObject(x) && !isObject(y)) return looseEquals(x, y);
  if (!isObject(x) || !isObject(y)) return false;
  if (Array.isArray(x) && Array.isArray(y)) return arraysEqual(x, y, ignoreOrder);
  const a = x as Record<string, unknown>;
  const b = y as Record<string, unknown>;
  const keysA = Object.keys(a);
  if (keysA.some((key) => !Object.hasOwn(b, key) || !valuesEqual(a[key], b[key], ignoreOrder))) {
    return false;
  }
  return Object.keys(b).every((key) => Object.hasOwn(a, key));
}

function arraysEqual(x: unknown[], y: unknown[], ignoreOrder: boolean): boolean {
  if (x.length !== y.length) return false;
  const xs = ignoreOrder ? [...x].sort() : x;
  const ys = ignoreOrder ? [...y].sort() : y;
  return xs.every((item, index) => valuesEqual(item, ys[index], ignoreOrder));
}

/** The `=` operator: equality ignoring the order of array items; the string 'undefined' is a missing value. */
export function equalOperator(left: unknown, right: unknown): boolean {
  return valuesEqual(
    left === 'undefined' ? undefined : left,
    right === 'undefined' ? undefined : right,
    true,
  );
}

function compare(left: unknown, right: unknown, less: boolean): boolean {
  if (left == null || right == null) return false;
  return less ? (left as number) < (right as number) : (left as number) > (right as number);
}

export function lessOperator(left: unknown, right: unknown, orEqual: boolean): boolean {
  return (orEqual && equalOperator(left, right)) || compare(left, right, true);
}

export function greaterOperator(left: unknown, right: unknown, orEqual: boolean): boolean {
  return (orEqual && equalOperator(left, right)) || compare(left, right, false);
}

function containsCore(left: unknown, right: unknown, isContains: boolean): boolean {
  if (Array.isArray(left) && left.length === 0) return !isContains;
  if (!left && left !== 0 && left !== false) return false;
  let haystack = left as { length?: number };
  if (!haystack.length) haystack = String(left) as unknown as { length?: number };
  if (typeof haystack === 'string') {
    if (!right) return false;
    const found = haystack.toLowerCase().includes(String(right).toLowerCase());
    return isContains ? found : !found;
  }
  const items = haystack as unknown as ArrayLike<unknown>;
  const needles = Array.isArray(right) ? right : [right];
  for (const needle of needles) {
    let found = false;
    for (let i = 0; i < items.length && !found; i++) found = valuesEqual(items[i], needle, false);
    if (!found) return !isContains;
  }
  return isContains;
}

export function containsOperator(left: unknown, right: unknown): boolean {
  return containsCore(left, right, true);
}

export function notContainsOperator(left: unknown, right: unknown): boolean {
  if (!left && !isValueEmpty(right)) return true;
  return containsCore(left, right, false);
}

export function anyOfOperator(left: unknown, right: unknown): boolean {
  if (isValueEmpty(left) && isValueEmpty(right)) return true;
  if (isValueEmpty(left)) return false;
  if (!Array.isArray(left) && (left as { length?: number }).length === 0) return false;
  if (isValueEmpty(right)) return true;
  if (!Array.isArray(left)) return containsOperator(right, left);
  if (!Array.isArray(right)) return containsOperator(left, right);
  return right.some((item) => containsOperator(left, item));
}

export function allOfOperator(left: unknown, right: unknown): boolean {
  if (!left && !isValueEmpty(right)) return false;
  if (!Array.isArray(right)) return containsOperator(left, right);
  return right.every((item) => containsOperator(left, item));
}

export function noneOfOperator(left: unknown, right: unknown): boolean {
  return !anyOfOperator(left, right);
}
