/**
 * Dictionaries and arrays as the PDF content check reads them
 * (docs/security.md §9), and what a stream's dictionary says: whether it is an
 * object stream or an image, its filter chain (or why that cannot be known or
 * decoded here) and its /Length.
 */
import { PDF_LIMITS } from './pdf-active-content.js';
import { DECODABLE_FILTERS } from './pdf-filters.js';

export type Item =
  | { t: 'name'; v: string }
  | { t: 'num'; v: number }
  | { t: 'kw'; v: string }
  | { t: 'str' }
  | { t: 'dict' | 'array'; c: Container };

export interface Container {
  kind: 'dict' | 'array';
  items: Item[];
  overflow: boolean;
}

export function push(container: Container | undefined, item: Item): void {
  if (!container) return;
  if (container.items.length >= PDF_LIMITS.MAX_ITEMS) container.overflow = true;
  else container.items.push(item);
}

type Value = Item | { t: 'ref' };

/** A dictionary's entries as a reader pairs them: name key, then one value (n g R is one). */
function entries(dict: Container): [string, Value][] {
  const out: [string, Value][] = [];
  const items = dict.items;
  let i = 0;
  while (i < items.length) {
    const key = items[i] as Item;
    if (key.t !== 'name') {
      i += 1;
      continue;
    }
    const value = items[i + 1];
    if (value === undefined) break;
    const gen = items[i + 2];
    const r = items[i + 3];
    if (value.t === 'num' && gen?.t === 'num' && r?.t === 'kw' && r.v === 'R') {
      out.push([key.v, { t: 'ref' }]);
      i += 4;
    } else {
      out.push([key.v, value]);
      i += 2;
    }
  }
  return out;
}

export interface StreamInfo {
  /** Decoded like an object stream. */
  objectStream: boolean;
  image: boolean;
  /** The filter chain, or a reason it cannot be known or decoded here. */
  filters: string[] | { unknown: string };
  length?: number;
}

const OBJECT_STREAM_KEYS = new Set(['n', 'first', 'extends']);

function hasPredictor(value: Value): boolean {
  if (value.t === 'ref') return true;
  if (value.t !== 'dict' && value.t !== 'array') return false;
  if (value.c.overflow) return true;
  if (value.t === 'array') return value.c.items.some((item) => hasPredictor(item));
  return entries(value.c).some(
    ([key, inner]) =>
      (key === 'Predictor' && !(inner.t === 'num' && inner.v <= 1)) || hasPredictor(inner),
  );
}

export function streamInfo(dict: Container): StreamInfo {
  const pairs = entries(dict);
  const objectStream =
    dict.overflow ||
    pairs.some(
      ([key, value]) =>
        OBJECT_STREAM_KEYS.has(key.toLowerCase()) ||
        (value.t === 'name' && value.v.toLowerCase() === 'objstm'),
    );
  const image = pairs.some(
    ([key, value]) => key === 'Subtype' && value.t === 'name' && value.v === 'Image',
  );
  const filterValues = pairs
    .filter(([key]) => key === 'Filter' || key === 'F')
    .map(([, value]) => value);
  const parms = pairs
    .filter(([key]) => key === 'DecodeParms' || key === 'DP')
    .map(([, value]) => value);
  const lengths = pairs.filter(([key]) => key === 'Length').map(([, value]) => value);
  const length = lengths.length === 1 && lengths[0]?.t === 'num' ? lengths[0].v : undefined;
  let filters: StreamInfo['filters'];
  if (dict.overflow) filters = { unknown: 'dictionary too long' };
  else if (filterValues.length > 1) filters = { unknown: 'two /Filter entries' };
  else if (parms.some(hasPredictor)) filters = { unknown: 'a predictor' };
  else {
    const value = filterValues[0];
    if (value === undefined || (value.t === 'kw' && value.v === 'null')) filters = [];
    else if (value.t === 'name') filters = [value.v];
    else if (
      value.t === 'array' &&
      !value.c.overflow &&
      value.c.items.every((item) => item.t === 'name')
    )
      filters = value.c.items.map((item) => (item as { v: string }).v);
    else filters = { unknown: 'an indirect or malformed /Filter' };
  }
  if (Array.isArray(filters)) {
    const undecodable = filters.find((name) => !DECODABLE_FILTERS.has(name));
    if (undecodable !== undefined) filters = { unknown: `filter /${undecodable}` };
  }
  return { objectStream, image, filters, ...(length !== undefined ? { length } : {}) };
}

export interface StreamJob {
  info: StreamInfo;
  /** Candidate data ranges (first endstream, and /Length when it differs). */
  ranges: [number, number][];
}
