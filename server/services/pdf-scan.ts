/**
 * Active content in a PDF, found so that it cannot be hidden (issue 11 part 9).
 *
 * The check does not follow the file's cross-reference table: a viewer that
 * finds the table broken rebuilds it by looking for objects anywhere, and
 * readers disagree on which copy of an object wins. Instead it examines every
 * place an object can come from:
 *
 * - Layer 1, tokens. The file is read with PDF's own lexical rules (comments,
 *   literal strings with nested parentheses and escapes, hex strings, names
 *   with #xx escapes decoded, dictionaries, arrays, streams), once from the
 *   start and again from every `obj` and `trailer` keyword that this first
 *   reading did not meet as a token (an object that a cross-reference entry
 *   may point into the middle of a string or of stream data).
 * - Layer 2, raw names. Every `/name` in the bytes outside stream data,
 *   decoded, whatever the tokens around it, so that a reader whose lexing
 *   differs from ours in some corner still cannot see a name we missed.
 * - Object streams: every stream whose dictionary has /N, /First or /Extends
 *   or says /ObjStm is decoded (FlateDecode, ASCIIHexDecode, ASCII85Decode,
 *   RunLengthDecode, in a chain) and its whole output goes through both
 *   layers. One whose filters cannot be decoded here (another filter, a
 *   predictor, an indirect /Filter, corrupt data) is refused, and so is a
 *   stream inside an object stream (the specification forbids it).
 * - Streams are read both ways a reader may: up to the first `endstream`
 *   (or `endobj`) and, when /Length is a number, by /Length; both are decoded.
 *
 * Refused (PdfRefusal 'unsafe'): a decoded name or a string equal to one of
 * ACTIVE_NAMES (case ignored), an encrypted file (/Encrypt: its object
 * streams and strings cannot be read here), an object stream that cannot be
 * decoded, more than MAX_OBJECT_STREAM_BYTES of object-stream output, more
 * than MAX_INFLATED_BYTES of other FlateDecode output (a compression bomb),
 * more than MAX_OBJECT_STREAMS object streams, nesting deeper than MAX_DEPTH,
 * or more re-reading than MAX_RELEX_FACTOR × the file.
 * Refused (PdfRefusal 'invalid'): no object at all, a stream without end.
 * A missing or broken cross-reference table is not refused: nothing here
 * depends on it.
 */
import {
  DECODABLE_FILTERS,
  FLATE_FILTERS,
  decodeChain,
  hexValue,
  inflateBounded,
} from './pdf-filters.js';

export class PdfRefusal extends Error {
  constructor(
    readonly kind: 'unsafe' | 'invalid',
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * Names that make a PDF active, compared without case: scripts, launching
 * programs, embedded files (/EF is the key that carries an embedded file in a
 * file specification, also when neither /EmbeddedFile nor /EmbeddedFiles is
 * written), rich media (Flash, video with scripts) and XFA forms.
 */
export const ACTIVE_NAMES = new Set([
  'javascript',
  'js',
  'launch',
  'embeddedfile',
  'embeddedfiles',
  'ef',
  'richmedia',
  'xfa',
]);
/**
 * Strings equal to one of these count as the name (a lenient reader may take
 * `/S (JavaScript)` for `/S /JavaScript`); the two-letter names are left out,
 * as initials in a title or an author are ordinary text.
 */
const ACTIVE_STRINGS = new Set([
  'javascript',
  'launch',
  'embeddedfile',
  'embeddedfiles',
  'richmedia',
]);

export const PDF_LIMITS = {
  /** Decoded object-stream bytes per file, all object streams together. */
  MAX_OBJECT_STREAM_BYTES: 32 * 1024 * 1024,
  /** Inflated bytes of the other FlateDecode streams (not images) per file. */
  MAX_INFLATED_BYTES: 96 * 1024 * 1024,
  /** Object streams per file (a real one holds about a hundred objects). */
  MAX_OBJECT_STREAMS: 10_000,
  /** Other FlateDecode streams inflated to measure them; later ones are not. */
  MAX_MEASURED_STREAMS: 10_000,
  /** Dictionaries and arrays inside each other. */
  MAX_DEPTH: 256,
  /** Items kept per dictionary or array (names are still all checked). */
  MAX_ITEMS: 1024,
  /** Bytes read again from unaligned keywords, as a multiple of the file (plus 1 MiB). */
  MAX_RELEX_FACTOR: 2,
};

// ---- bytes ----------------------------------------------------------------

const WHITESPACE = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[byte] = 1;
const DELIMITER = new Uint8Array(256);
for (const char of '()<>[]{}/%') DELIMITER[char.charCodeAt(0)] = 1;

function isRegular(byte: number | undefined): boolean {
  return byte !== undefined && !WHITESPACE[byte] && !DELIMITER[byte];
}

/** A name's bytes with #xx escapes decoded ('#' without two hex digits stays). */
function decodeName(bytes: Buffer, start: number, end: number): string {
  let out = '';
  for (let i = start; i < end; i++) {
    const byte = bytes[i] as number;
    if (byte === 0x23 && i + 2 < end) {
      const high = hexValue(bytes[i + 1] as number);
      const low = hexValue(bytes[i + 2] as number);
      if (high >= 0 && low >= 0) {
        out += String.fromCharCode(high * 16 + low);
        i += 2;
        continue;
      }
    }
    out += String.fromCharCode(byte);
  }
  return out;
}

/** The lengths of ACTIVE_NAMES and 'encrypt': other names need no closer look. */
const CHECKED_LENGTHS = new Set([...ACTIVE_NAMES, 'encrypt'].map((name) => name.length));

function checkName(name: string): void {
  if (!CHECKED_LENGTHS.has(name.length)) return;
  const lower = name.toLowerCase();
  if (ACTIVE_NAMES.has(lower)) throw new PdfRefusal('unsafe', `pdf active content /${name}`);
  if (lower === 'encrypt') throw new PdfRefusal('unsafe', 'encrypted pdf');
}

/** A short string's text: UTF-16BE with its BOM, else latin1; trimmed, lower case. */
function checkString(bytes: number[]): void {
  let text: string;
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    text = '';
    for (let i = 2; i + 1 < bytes.length; i += 2)
      text += String.fromCharCode(((bytes[i] as number) << 8) | (bytes[i + 1] as number));
  } else text = String.fromCharCode(...bytes);
  text = text.replace(/[\s\0]+/g, '').toLowerCase();
  if (ACTIVE_STRINGS.has(text)) throw new PdfRefusal('unsafe', `pdf active content (${text})`);
}

/** Strings longer than this cannot equal an active name, even in UTF-16. */
const STRING_KEEP = 40;
/** Nor can strings shorter than this ('launch'). */
const MIN_ACTIVE_STRING = Math.min(...[...ACTIVE_STRINGS].map((name) => name.length));
const ESCAPES: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 };

// ---- tokens ---------------------------------------------------------------

type Token =
  | { t: 'name'; v: string; at: number }
  | { t: 'num'; v: number; at: number }
  | { t: 'kw'; v: string; at: number; end: number }
  | { t: 'str'; at: number }
  | { t: '<<' | '>>' | '[' | ']'; at: number };

class Lexer {
  pos: number;
  constructor(
    readonly bytes: Buffer,
    start: number,
  ) {
    this.pos = start;
  }

  next(): Token | undefined {
    const bytes = this.bytes;
    const length = bytes.length;
    for (;;) {
      while (this.pos < length && WHITESPACE[bytes[this.pos] as number]) this.pos += 1;
      if (this.pos >= length) return undefined;
      const at = this.pos;
      const byte = bytes[at] as number;
      if (byte === 0x25) {
        // % comment up to the end of the line
        let end = at + 1;
        while (end < length && bytes[end] !== 0x0a && bytes[end] !== 0x0d) end += 1;
        this.pos = end;
        continue;
      }
      if (byte === 0x2f) {
        let end = at + 1;
        while (end < length && isRegular(bytes[end])) end += 1;
        this.pos = end;
        return { t: 'name', v: decodeName(bytes, at + 1, end), at };
      }
      if (byte === 0x28) {
        this.literalString();
        return { t: 'str', at };
      }
      if (byte === 0x3c) {
        if (bytes[at + 1] === 0x3c) {
          this.pos = at + 2;
          return { t: '<<', at };
        }
        this.hexString();
        return { t: 'str', at };
      }
      if (byte === 0x3e) {
        if (bytes[at + 1] === 0x3e) {
          this.pos = at + 2;
          return { t: '>>', at };
        }
        this.pos = at + 1; // a stray '>'
        continue;
      }
      if (byte === 0x5b || byte === 0x5d) {
        this.pos = at + 1;
        return { t: byte === 0x5b ? '[' : ']', at };
      }
      if (DELIMITER[byte]) {
        this.pos = at + 1; // ')', '{', '}': nothing to read
        continue;
      }
      let end = at;
      while (end < length && isRegular(bytes[end])) end += 1;
      this.pos = end;
      const word = bytes.toString('latin1', at, end);
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { t: 'num', v: Number(word), at };
      return { t: 'kw', v: word, at, end };
    }
  }

  /** From '(' to the balancing ')', with backslash escapes; checks short ones. */
  private literalString(): void {
    const bytes = this.bytes;
    let i = this.pos + 1;
    let depth = 1;
    const kept: number[] = [];
    let count = 0;
    while (i < bytes.length) {
      let byte = bytes[i] as number;
      if (byte === 0x5c) {
        const next = bytes[i + 1];
        i += 2;
        if (next === undefined) break;
        if (next >= 0x30 && next <= 0x37) {
          let value = next - 0x30;
          for (let k = 0; k < 2 && (bytes[i] ?? 0) >= 0x30 && (bytes[i] ?? 0) <= 0x37; k++, i++)
            value = value * 8 + ((bytes[i] as number) - 0x30);
          byte = value & 0xff;
        } else if (next === 0x0d) {
          if (bytes[i] === 0x0a) i += 1; // line continuation
          continue;
        } else if (next === 0x0a) continue;
        else byte = ESCAPES[next] ?? next;
      } else {
        i += 1;
        if (byte === 0x28) depth += 1;
        else if (byte === 0x29) {
          depth -= 1;
          if (depth === 0) break;
        }
      }
      if (count++ < STRING_KEEP) kept.push(byte);
    }
    this.pos = i;
    if (count <= STRING_KEEP && count >= MIN_ACTIVE_STRING) checkString(kept);
  }

  /** From '<' to '>'; anything but hex digits is skipped, as readers do. */
  private hexString(): void {
    const bytes = this.bytes;
    let i = this.pos + 1;
    const kept: number[] = [];
    let high = -1;
    let long = false;
    while (i < bytes.length && bytes[i] !== 0x3e) {
      const value = hexValue(bytes[i] as number);
      i += 1;
      if (value < 0) continue;
      if (high < 0) high = value;
      else {
        if (kept.length < STRING_KEEP) kept.push(high * 16 + value);
        else long = true;
        high = -1;
      }
    }
    if (high >= 0 && kept.length < STRING_KEEP) kept.push(high * 16);
    this.pos = Math.min(bytes.length, i + 1);
    if (!long && kept.length >= MIN_ACTIVE_STRING) checkString(kept);
  }
}

// ---- structure ------------------------------------------------------------

type Item =
  | { t: 'name'; v: string }
  | { t: 'num'; v: number }
  | { t: 'kw'; v: string }
  | { t: 'str' }
  | { t: 'dict' | 'array'; c: Container };

interface Container {
  kind: 'dict' | 'array';
  items: Item[];
  overflow: boolean;
}

function push(container: Container | undefined, item: Item): void {
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

interface StreamInfo {
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

function streamInfo(dict: Container): StreamInfo {
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

interface StreamJob {
  info: StreamInfo;
  /** Candidate data ranges (first endstream, and /Length when it differs). */
  ranges: [number, number][];
}

// ---- reading a body -------------------------------------------------------

interface Body {
  bytes: Buffer;
  /** Inside an object stream: any stream is refused. */
  decoded: boolean;
  /** Stream data ranges [start, end) left out of the raw-name layer. */
  excluded: [number, number][];
  jobs: Map<number, StreamJob>;
  /** Positions of `obj`/`trailer` keywords and whether some reading met them as tokens. */
  keywords: number[];
  aligned: Uint8Array;
  keywordIndex: number;
  objects: number;
  relexBudget: number;
}

/** Where the data after a `stream` keyword end, as the most cautious reader sees it. */
function streamEnd(bytes: Buffer, dataStart: number): number {
  const ends = [
    bytes.indexOf('endstream', dataStart, 'latin1'),
    bytes.indexOf('endobj', dataStart, 'latin1'),
  ].filter((at) => at >= 0);
  if (ends.length === 0) throw new PdfRefusal('invalid', 'stream without endstream');
  return Math.min(...ends);
}

function dataStartAfter(bytes: Buffer, keywordEnd: number): number {
  let at = keywordEnd;
  while (bytes[at] === 0x20 || bytes[at] === 0x09) at += 1;
  if (bytes[at] === 0x0d && bytes[at + 1] === 0x0a) return at + 2;
  if (bytes[at] === 0x0d || bytes[at] === 0x0a) return at + 1;
  return at;
}

function trimEol(bytes: Buffer, start: number, end: number): number {
  let at = end;
  if (at > start && bytes[at - 1] === 0x0a) at -= 1;
  if (at > start && bytes[at - 1] === 0x0d) at -= 1;
  return at;
}

/**
 * One reading of tokens from `start`. The first reading of a body runs to its
 * end; a re-reading from an object keyword stops at `endobj` (or the next
 * `obj`, `trailer`, `xref`) outside any dictionary or array.
 */
function read(body: Body, start: number, whole: boolean): void {
  const { bytes } = body;
  const lexer = new Lexer(bytes, start);
  const stack: Container[] = [];
  let closed: Container | undefined;
  let index = whole ? 0 : body.keywordIndex;
  for (;;) {
    const before = lexer.pos;
    const token = lexer.next();
    if (!whole) {
      body.relexBudget -= lexer.pos - before;
      if (body.relexBudget < 0) throw new PdfRefusal('unsafe', 'pdf too complex to check');
    }
    if (!token) return;
    const top = stack[stack.length - 1];
    const justClosed = closed;
    closed = undefined;
    switch (token.t) {
      case 'name':
        checkName(token.v);
        push(top, { t: 'name', v: token.v });
        break;
      case 'num':
        push(top, { t: 'num', v: token.v });
        break;
      case 'str':
        push(top, { t: 'str' });
        break;
      case '<<':
      case '[': {
        if (stack.length >= PDF_LIMITS.MAX_DEPTH)
          throw new PdfRefusal('invalid', 'pdf nesting too deep');
        const container: Container = {
          kind: token.t === '<<' ? 'dict' : 'array',
          items: [],
          overflow: false,
        };
        push(top, { t: container.kind, c: container });
        stack.push(container);
        break;
      }
      case '>>':
      case ']':
        if (top && top.kind === (token.t === '>>' ? 'dict' : 'array')) {
          stack.pop();
          if (token.t === '>>') closed = top;
        } else push(top, { t: 'kw', v: token.t });
        break;
      case 'kw': {
        const word = token.v;
        if (word === 'obj' || word === 'trailer') {
          while (index < body.keywords.length && (body.keywords[index] as number) < token.at)
            index += 1;
          if (body.keywords[index] === token.at) body.aligned[index] = 1;
          if (word === 'obj') body.objects += 1;
        }
        if (word === 'stream' && justClosed) {
          if (body.decoded) throw new PdfRefusal('unsafe', 'a stream inside an object stream');
          const dataStart = dataStartAfter(bytes, token.end);
          const end = streamEnd(bytes, dataStart);
          body.excluded.push([dataStart, end]);
          if (!body.jobs.has(dataStart)) {
            const info = streamInfo(justClosed);
            const ranges: [number, number][] = [[dataStart, trimEol(bytes, dataStart, end)]];
            if (info.length !== undefined && info.length >= 0) {
              const byLength = Math.min(bytes.length, dataStart + info.length);
              if (byLength !== ranges[0]?.[1]) ranges.push([dataStart, byLength]);
            }
            body.jobs.set(dataStart, { info, ranges });
          }
          lexer.pos = end;
          break;
        }
        if (
          !whole &&
          stack.length === 0 &&
          ['endobj', 'obj', 'trailer', 'xref', 'startxref'].includes(word)
        )
          return;
        push(top, { t: 'kw', v: word });
        break;
      }
    }
  }
}

/** Every `obj` and `trailer` keyword in the bytes (not part of a longer word). */
function keywordPositions(bytes: Buffer): number[] {
  const found: number[] = [];
  for (const word of ['obj', 'trailer']) {
    let at = bytes.indexOf(word, 0, 'latin1');
    while (at >= 0) {
      if (!isRegular(bytes[at - 1]) && !isRegular(bytes[at + word.length])) found.push(at);
      at = bytes.indexOf(word, at + word.length, 'latin1');
    }
  }
  return found.sort((a, b) => a - b);
}

/** Layer 2: every raw name outside the excluded ranges. */
function scanRawNames(bytes: Buffer, excluded: [number, number][]): void {
  const text = bytes.toString('latin1');
  const pattern = /\/([^\s\0()<>[\]{}/%]*)/g;
  const ranges = [...excluded].sort((a, b) => a[0] - b[0]);
  let from = 0;
  const scan = (start: number, end: number) => {
    pattern.lastIndex = start;
    for (let match = pattern.exec(text); match && match.index < end; match = pattern.exec(text)) {
      const raw = match[1] as string;
      checkName(raw.includes('#') ? decodeName(Buffer.from(raw, 'latin1'), 0, raw.length) : raw);
    }
  };
  for (const [start, end] of ranges) {
    if (start > from) scan(from, start);
    from = Math.max(from, end);
  }
  if (from < bytes.length) scan(from, bytes.length);
}

/** `stream` as a word (not `endstream`) followed by whitespace. */
const STREAM_WORD = /(?:^|[\s\0()<>[\]{}/%])stream[\s\0]/;

function readBody(bytes: Buffer, decoded: boolean): Body {
  // Inside an object stream no stream may start, wherever a reader begins an object.
  if (decoded && STREAM_WORD.test(bytes.toString('latin1')))
    throw new PdfRefusal('unsafe', 'a stream inside an object stream');
  const keywords = decoded ? [] : keywordPositions(bytes);
  const body: Body = {
    bytes,
    decoded,
    excluded: [],
    jobs: new Map(),
    keywords,
    aligned: new Uint8Array(keywords.length),
    keywordIndex: 0,
    objects: 0,
    relexBudget: PDF_LIMITS.MAX_RELEX_FACTOR * bytes.length + 1024 * 1024,
  };
  read(body, 0, true);
  for (let i = 0; i < keywords.length; i++) {
    if (body.aligned[i]) continue;
    body.aligned[i] = 1;
    body.keywordIndex = i + 1;
    const at = keywords[i] as number;
    const word = bytes[at] === 0x6f ? 'obj' : 'trailer';
    if (word === 'obj') body.objects += 1;
    read(body, at + word.length, false);
  }
  scanRawNames(bytes, decoded ? [] : body.excluded);
  return body;
}

interface Budget {
  objectStreamBytes: number;
  objectStreams: number;
  inflatedBytes: number;
  measuredStreams: number;
}

async function examineStreams(body: Body, budget: Budget): Promise<void> {
  for (const job of body.jobs.values()) {
    const { info } = job;
    if (info.objectStream) {
      if (!Array.isArray(info.filters))
        throw new PdfRefusal('unsafe', `object stream not decodable: ${info.filters.unknown}`);
      for (const [start, end] of job.ranges) {
        budget.objectStreams += 1;
        if (budget.objectStreams > PDF_LIMITS.MAX_OBJECT_STREAMS)
          throw new PdfRefusal('unsafe', 'too many object streams');
        const decoded = await decodeChain(
          body.bytes.subarray(start, end),
          info.filters,
          budget.objectStreamBytes,
        );
        if (decoded.exceeded) throw new PdfRefusal('unsafe', 'object streams decompress too large');
        if (decoded.error || !decoded.bytes)
          throw new PdfRefusal(
            'unsafe',
            `object stream not decodable: ${decoded.error ?? 'no data'}`,
          );
        budget.objectStreamBytes -= decoded.size;
        readBody(decoded.bytes, true);
      }
      continue;
    }
    if (info.image || !Array.isArray(info.filters) || !FLATE_FILTERS.has(info.filters[0] ?? ''))
      continue;
    if (budget.measuredStreams >= PDF_LIMITS.MAX_MEASURED_STREAMS) continue;
    budget.measuredStreams += 1;
    const [start, end] = job.ranges.reduce((a, b) => (b[1] > a[1] ? b : a));
    const inflated = await inflateBounded(
      body.bytes.subarray(start, end),
      budget.inflatedBytes,
      false,
    );
    if (inflated.exceeded) throw new PdfRefusal('unsafe', 'streams decompress too large');
    budget.inflatedBytes -= inflated.size;
  }
}

/** Throws PdfRefusal when the PDF holds active content or cannot be examined. */
export async function scanPdf(bytes: Buffer): Promise<void> {
  const body = readBody(bytes, false);
  if (body.objects === 0) throw new PdfRefusal('invalid', 'pdf without objects');
  await examineStreams(body, {
    objectStreamBytes: PDF_LIMITS.MAX_OBJECT_STREAM_BYTES,
    objectStreams: 0,
    inflatedBytes: PDF_LIMITS.MAX_INFLATED_BYTES,
    measuredStreams: 0,
  });
}
