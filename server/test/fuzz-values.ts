import fc from 'fast-check';

/** The part of OpenAPI 3.0 schema objects that the route schemas use. */
export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  additionalProperties?: boolean | Schema;
}

/** JSON text written into a body verbatim: numbers JSON.stringify cannot write (1e309), deep nests. */
export class Raw {
  constructor(readonly json: string) {}
}

/** JSON.stringify that writes Raw values as they are and leaves out undefined properties. */
export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.json;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const deepArray = (depth: number) => new Raw(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const deepObject = (depth: number) => new Raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const manyKeys = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));

/** Numbers a 32-bit integer column, a float parser or a JSON parser chokes on. */
const HOSTILE_NUMBERS: unknown[] = [
  2147483648,
  -2147483649,
  new Raw('9007199254740993'),
  new Raw('1e309'),
  new Raw('-1e309'),
  -1,
  0,
  1.5,
  '2147483648',
  '1e309',
  'NaN',
];

/** Strings PostgreSQL refuses (NUL), control characters, lone surrogates, sizes, injections. */
const HOSTILE_STRINGS: unknown[] = [
  '',
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b\u007f',
  '\ud800',
  'x'.repeat(100_000),
  '%00',
  "' OR 1=1 --",
  '../../etc/passwd',
];

/** Values of the wrong type for any field. */
const WRONG_TYPES: unknown[] = [null, true, {}, [], new Raw('1e309')];

const HOSTILE_CONTAINERS: unknown[] = [
  'x',
  7,
  null,
  Array.from({ length: 2000 }, () => 1),
  Array.from({ length: 200 }, () => '\u0000'),
  deepArray(2000),
  deepObject(2000),
  manyKeys(3000),
  new Raw('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  { answer: '\u0000', nested: { list: ['\u0001'] }, huge: new Raw('1e309') },
  { answer: 'x'.repeat(600_000) },
];

/** Whole bodies: not JSON, not an object, nested beyond reason. */
export const HOSTILE_BODIES: Raw[] = [
  new Raw(''),
  new Raw('{'),
  new Raw('[]'),
  new Raw('"\\u0000"'),
  new Raw('1e309'),
  new Raw('null'),
  deepObject(5000),
  deepArray(5000),
  new Raw('{"__proto__":{"polluted":true}}'),
];

/** Query values as they appear in the URL (already percent-encoded where it matters). */
export const HOSTILE_QUERY: string[] = [
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e309',
  '-1e309',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '0x1F',
  '',
  '%00',
  'a%00b',
  '%01%1F%7F',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  'x'.repeat(8000),
  '1,2147483648',
];

/** Path segments: out-of-range and unparsable ids, NUL, broken percent-encoding, length. */
export const HOSTILE_PATH: string[] = [
  '1e309',
  '%00',
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  'NaN',
  '1.5',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%01',
  '%2e%2e',
  'x'.repeat(100),
  'x'.repeat(500),
];

/** The schema of the value itself: the first branch of a union that is not null. */
export function concrete(schema: Schema): Schema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return schema;
  return concrete(branches.find((b) => b.type !== 'null') ?? branches[0] ?? {});
}

export function hostileValues(schema: Schema): unknown[] {
  const s = concrete(schema);
  switch (s.type) {
    case 'integer':
    case 'number':
      return [...HOSTILE_NUMBERS, 'abc', true, null, {}, []];
    case 'string':
      return [...HOSTILE_STRINGS, 2147483648, ...WRONG_TYPES];
    case 'boolean':
      return ['yes', 2, '\u0000', ...WRONG_TYPES];
    case 'object':
    case 'array':
      return HOSTILE_CONTAINERS;
    default:
      return [...HOSTILE_STRINGS.slice(0, 5), ...HOSTILE_NUMBERS.slice(0, 5), ...WRONG_TYPES];
  }
}

/** A string the pattern accepts; fast-check cannot write one for lookaheads, so then a plain word. */
function matching(pattern: string): string {
  const re = new RegExp(pattern, 'u');
  try {
    return fc.sample(fc.stringMatching(re), { seed: 7, numRuns: 1 })[0] ?? 'fuzz';
  } catch {
    return 'fuzz';
  }
}

/** A value the schema accepts: `known(name)` first (real ids, keys, slugs), else one from the schema. */
export function validValue(
  schema: Schema,
  name: string,
  known: (name: string, schema: Schema) => unknown,
): unknown {
  const s = concrete(schema);
  const given = known(name, s);
  if (given !== undefined) return given;
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'object':
      return Object.fromEntries(
        (s.required ?? []).map((p) => [p, validValue(s.properties?.[p] ?? {}, p, known)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () =>
        validValue(s.items ?? {}, name, known),
      );
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      if (s.format === 'date-time') return '2026-11-24T09:00:00+11:00';
      return s.pattern ? matching(s.pattern) : 'fuzz';
    default:
      return 'fuzz';
  }
}

/** A place in a body: property names and array indexes, with the schema found there. */
export interface Field {
  path: (string | number)[];
  schema: Schema;
  /** A required property of its object. */
  required: boolean;
}

/** Every property, array and array item of a body schema, depth first, containers too. */
export function fieldsOf(schema: Schema, path: (string | number)[] = [], required = true): Field[] {
  const s = concrete(schema);
  const here = path.length ? [{ path, schema: s, required }] : [];
  if (s.type === 'object' && s.properties) {
    const own = new Set(s.required ?? []);
    return [
      ...here,
      ...Object.entries(s.properties).flatMap(([name, sub]) =>
        fieldsOf(sub, [...path, name], own.has(name)),
      ),
    ];
  }
  if (s.type === 'array' && s.items) return [...here, ...fieldsOf(s.items, [...path, 0], false)];
  return here;
}

/** A copy of `base` with `value` at `path`, building missing objects and arrays on the way. */
export function setAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...(base as unknown[])] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const record =
    base !== null && typeof base === 'object' && !Array.isArray(base)
      ? { ...(base as Record<string, unknown>) }
      : {};
  record[head] = setAt(record[head], rest, value);
  return record;
}

/** A copy of `base` without the property at `path`. */
export function deleteAt(base: unknown, path: (string | number)[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined || base === null || typeof base !== 'object') return base;
  const copy = (Array.isArray(base) ? [...base] : { ...base }) as Record<string | number, unknown>;
  if (rest.length === 0) delete copy[head];
  else copy[head] = deleteAt(copy[head], rest);
  return copy;
}

const types = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type] : [];

/**
 * What a request schema leaves unbounded, as `where: problem` lines: strings
 * without maxLength or without a pattern, format or enum (control characters);
 * numbers without minimum and maximum or without the check that refuses a
 * coerced Infinity; arrays without maxItems; open objects without maxProperties.
 */
export function unbounded(schema: Schema, where: string, coerced = true): string[] {
  if (schema.enum) return [];
  const { anyOf, oneOf, ...shared } = schema;
  const branches = anyOf ?? oneOf;
  // A list of types comes out of the OpenAPI conversion as bare { type } branches under the
  // shared keywords; a value of one of several types is never coerced.
  if (branches)
    return branches.flatMap((b, i) =>
      unbounded({ ...shared, ...b }, `${where}|${i}`, Object.keys(b).join() !== 'type'),
    );
  const found: string[] = [];
  const s = schema as Schema & Record<string, unknown>;
  for (const type of types(schema)) {
    if (type === 'string') {
      if (s.maxLength === undefined) found.push(`${where}: string without maxLength`);
      if (!s.pattern && !s.format) found.push(`${where}: string without pattern or format`);
    }
    if (type === 'integer' || type === 'number') {
      if (s.minimum === undefined || s.maximum === undefined)
        found.push(`${where}: ${type} without minimum and maximum`);
      const rechecked = (s.allOf as Schema[] | undefined)?.some((sub) => sub.type === type);
      if (!rechecked && coerced)
        found.push(`${where}: ${type} not re-checked after coercion (1e309)`);
    }
    if (type === 'array') {
      if (s.maxItems === undefined) found.push(`${where}: array without maxItems`);
      if (schema.items) found.push(...unbounded(schema.items, `${where}[]`));
    }
    if (type === 'object') {
      for (const [name, sub] of Object.entries(schema.properties ?? {}))
        found.push(...unbounded(sub, `${where}.${name}`));
      const extra = schema.additionalProperties;
      if (extra !== false && extra !== undefined && s.maxProperties === undefined)
        found.push(`${where}: open object without maxProperties`);
      if (typeof extra === 'object') found.push(...unbounded(extra, `${where}.*`));
      if (extra === true) found.push(`${where}: object with unchecked members`);
    }
  }
  return found;
}

/** A small seeded generator (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
