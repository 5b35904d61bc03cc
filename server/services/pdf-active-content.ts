/**
 * What makes a PDF refused, for the content check of pdf-scan.ts
 * (docs/security.md §9): the active names and strings, the limits on the work
 * one file may cost, and the refusal itself. The lexer and the body reader
 * call checkName and checkString on everything they meet.
 */
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

/** The lengths of ACTIVE_NAMES and 'encrypt': other names need no closer look. */
const CHECKED_LENGTHS = new Set([...ACTIVE_NAMES, 'encrypt'].map((name) => name.length));

export function checkName(name: string): void {
  if (!CHECKED_LENGTHS.has(name.length)) return;
  const lower = name.toLowerCase();
  if (ACTIVE_NAMES.has(lower)) throw new PdfRefusal('unsafe', `pdf active content /${name}`);
  if (lower === 'encrypt') throw new PdfRefusal('unsafe', 'encrypted pdf');
}

/** A short string's text: UTF-16BE with its BOM, else latin1; trimmed, lower case. */
export function checkString(bytes: number[]): void {
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
export const STRING_KEEP = 40;
/** Nor can strings shorter than this ('launch'). */
export const MIN_ACTIVE_STRING = Math.min(...[...ACTIVE_STRINGS].map((name) => name.length));
