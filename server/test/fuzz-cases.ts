import fc from 'fast-check';
import {
  concrete,
  deleteAt,
  fieldsOf,
  HOSTILE_BODIES,
  HOSTILE_PATH,
  HOSTILE_QUERY,
  hostileValues,
  type Schema,
  setAt,
  toJson,
  validValue,
} from './fuzz-values.js';

/** Random requests per operation on top of the one-field-at-a-time ones. */
const RANDOM_PER_OPERATION = 6;

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema; upload routes (multipart) have none. */
  body: Schema | undefined;
}

/** One request to an operation: path values (percent-encoded), query pairs, body, headers. */
export interface Case {
  what: string;
  path: Record<string, string>;
  query: string[];
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
}

/** A valid value for a field, by its name and schema, or undefined to derive one from the schema. */
export type Known = (name: string, schema: Schema) => unknown;

export const JSON_TYPE = { 'content-type': 'application/json' };

/** Every operation of the document, sorted by `rank` (stable). */
export function operations(doc: OpenApiDocument, rank: (op: Operation) => number): Operation[] {
  const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
  return ops.sort((a, b) => rank(a) - rank(b));
}

/** Upload routes read multipart bodies, which the OpenAPI document only describes in words. */
export const isUpload = (op: Operation) =>
  (op.method === 'POST' || op.method === 'PUT') &&
  /\/(attachments|documents)(\/\{attachmentId\})?$/.test(op.path);

function baseline(op: Operation, valid: Known): Case {
  const path: Record<string, string> = {};
  const query: string[] = [];
  for (const p of op.parameters) {
    const value = String(validValue(p.schema, p.name, valid));
    if (p.in === 'path') path[p.name] = encodeURIComponent(value);
    if (p.in === 'query' && p.required) query.push(`${p.name}=${encodeURIComponent(value)}`);
  }
  const body = op.body ? validValue(op.body, 'body', valid) : undefined;
  return { what: 'valid', path, query, payload: body === undefined ? undefined : toJson(body) };
}

function parameterCases(op: Operation, base: Case): Case[] {
  const cases: Case[] = [];
  for (const p of op.parameters) {
    if (p.in === 'path') {
      for (const raw of HOSTILE_PATH)
        cases.push({
          ...base,
          what: `path ${p.name}=${raw.slice(0, 12)}`,
          path: { ...base.path, [p.name]: raw },
        });
    }
    if (p.in === 'query') {
      const others = base.query.filter((q) => !q.startsWith(`${p.name}=`));
      for (const raw of HOSTILE_QUERY)
        cases.push({
          ...base,
          what: `query ${p.name}=${raw.slice(0, 12)}`,
          query: [...others, `${p.name}=${raw}`],
        });
      cases.push({
        ...base,
        what: `query ${p.name} twice`,
        query: [...others, `${p.name}=1`, `${p.name}=%00`],
      });
      cases.push({ ...base, what: `query ${p.name}[]`, query: [...others, `${p.name}[a]=1`] });
      if (p.required) cases.push({ ...base, what: `query ${p.name} missing`, query: others });
    }
  }
  return cases;
}

function bodyCases(op: Operation, base: Case): Case[] {
  if (!op.body) return [];
  const body = JSON.parse(base.payload as string) as unknown;
  const json = (value: unknown, what: string): Case => ({
    ...base,
    what,
    payload: toJson(value),
    headers: JSON_TYPE,
  });
  const cases: Case[] = [];
  for (const field of fieldsOf(op.body)) {
    const at = field.path.join('.');
    for (const value of hostileValues(field.schema)) {
      cases.push(json(setAt(body, field.path, value), `body ${at}=${toJson(value).slice(0, 12)}`));
    }
    if (field.required && typeof field.path.at(-1) === 'string')
      cases.push(json(deleteAt(body, field.path), `body ${at} missing`));
  }
  cases.push(json({ ...(body as object), extra: '\u0000' }, 'body extra field'));
  for (const raw of HOSTILE_BODIES) cases.push(json(raw, `body ${raw.json.slice(0, 12)}`));
  cases.push({ ...base, what: 'body as text/plain', headers: { 'content-type': 'text/plain' } });
  cases.push({
    ...base,
    what: 'body as form',
    payload: 'bookingKey=%00&clinicId=1e309',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return cases;
}

/** Random requests: every field valid or hostile at once, drawn with the fixed seed. */
function randomCases(op: Operation, base: Case, seed: number): Case[] {
  if (!op.body) return [];
  const body = JSON.parse(base.payload as string) as unknown;
  const fields = fieldsOf(op.body).filter((f) => concrete(f.schema).type !== 'object');
  const choice = fc.tuple(
    ...fields.map((f) => fc.option(fc.constantFrom(...hostileValues(f.schema)), { freq: 2 })),
  );
  return fc.sample(choice, { seed, numRuns: RANDOM_PER_OPERATION }).map((values, i) => {
    let payload = body;
    values.forEach((value, j) => {
      const field = fields[j];
      if (value !== null && field) payload = setAt(payload, field.path, value);
    });
    return { ...base, what: `random ${i}`, payload: toJson(payload), headers: JSON_TYPE };
  });
}

interface Part {
  name: string;
  value: string;
  /** A file part's name; a text field without it. */
  file?: string;
}

const BOUNDARY = 'fuzzboundary7';
const MULTIPART_TYPE = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

function multipart(parts: Part[]): Buffer {
  const chunks = parts.map((part) => {
    const disposition = `content-disposition: form-data; name="${part.name}"`;
    return part.file === undefined
      ? `--${BOUNDARY}\r\n${disposition}\r\n\r\n${part.value}\r\n`
      : `--${BOUNDARY}\r\n${disposition}; filename="${part.file}"\r\ncontent-type: application/pdf\r\n\r\n${part.value}\r\n`;
  });
  return Buffer.from(`${chunks.join('')}--${BOUNDARY}--\r\n`);
}

const PDF = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';

function uploadCases(op: Operation, base: Case): Case[] {
  if (!isUpload(op)) return [];
  const file: Part = { name: 'file', value: PDF, file: 'referral.pdf' };
  const bodies: [string, Part[]][] = [
    ...['2147483648', '1e309', '-1', '\u0000', 'x'.repeat(2000)].map((value): [string, Part[]] => [
      `documentTypeId=${value.slice(0, 12)}`,
      [{ name: 'documentTypeId', value }, file],
    ]),
    ['examSlug NUL', [{ name: 'examSlug', value: 'mri\u0000knee' }, file]],
    ['groupName NUL', [{ name: 'groupName', value: 'a\u0000' }, file]],
    ['additional', [{ name: 'additional', value: '\u0001' }, file]],
    ['bookingKey NUL', [{ name: 'bookingKey', value: '\u0000' }, file]],
    ...['\u0000.pdf', '../../etc/passwd', `${'x'.repeat(5000)}.pdf`].map(
      (name): [string, Part[]] => [`file name ${name.slice(0, 12)}`, [{ ...file, file: name }]],
    ),
  ];
  const cases = bodies.map(([what, parts]) => ({
    ...base,
    what: `upload ${what}`,
    payload: multipart(parts),
    headers: MULTIPART_TYPE,
  }));
  const cut = multipart([file]).subarray(0, 60);
  return [...cases, { ...base, what: 'upload cut short', payload: cut, headers: MULTIPART_TYPE }];
}

/** Requests without a body schema still get a broken body and a broken session cookie. */
function otherCases(op: Operation, base: Case, cookieName: string): Case[] {
  const cases: Case[] = [
    { ...base, what: 'cookie NUL', headers: { cookie: `${cookieName}=%00` } },
    {
      ...base,
      what: 'cookie long',
      headers: { cookie: `${cookieName}=${'x'.repeat(4000)}` },
    },
  ];
  if (!op.body && !isUpload(op) && op.method !== 'GET')
    cases.push({ ...base, what: 'unexpected body', payload: '{', headers: JSON_TYPE });
  return cases;
}

/**
 * The requests for one operation: each parameter and body field hostile in
 * turn, random mixes drawn with `seed`, broken bodies and cookies, and the
 * valid request last (a booking it makes would turn the others away early).
 */
export function casesFor(op: Operation, seed: number, known: Known, cookieName: string): Case[] {
  const base = baseline(op, known);
  return [
    ...parameterCases(op, base),
    ...bodyCases(op, base),
    ...randomCases(op, base, seed),
    ...uploadCases(op, base),
    ...otherCases(op, base, cookieName),
    base,
  ];
}

export function url(op: Operation, c: Case): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => c.path[name] ?? 'x');
  return c.query.length ? `${path}?${c.query.join('&')}` : path;
}
