/**
 * Reading a PDF body for the content check (docs/security.md §9): tokens from
 * the start and again from every `obj` and `trailer` keyword the first reading
 * did not meet (layer 1), every raw name outside stream data (layer 2), and
 * the streams found on the way, with their data ranges read both ways a reader
 * may (first `endstream` or `endobj`, and /Length).
 */
import { PDF_LIMITS, PdfRefusal, checkName } from './pdf-active-content.js';
import { Lexer, decodeName, isRegular } from './pdf-lexer.js';
import { type Container, type StreamJob, push, streamInfo } from './pdf-objects.js';

export interface Body {
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

export function readBody(bytes: Buffer, decoded: boolean): Body {
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
