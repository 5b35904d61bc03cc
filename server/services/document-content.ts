/**
 * What an uploaded document really is (issue 7 part 4): the type comes from
 * the bytes (magic numbers, file-type), never from the name or the declared
 * Content-Type, and the file must be exactly one clean document of an allowed
 * type. Every refusal is an ApiError with a message key.
 *
 * Rules, in order:
 * 1. The name: no NUL or other control characters, no bidi overrides, no path
 *    parts (/ \ and a leading or lone ..), at most 200 characters.
 * 2. Not empty.
 * 3. No markup or active content in the file's uncompressed parts, where a
 *    polyglot puts it: <html, <script, <svg, <iframe, <object, <embed,
 *    <!doctype, <body, <meta, javascript: in the first 4 KiB of every file, in
 *    a PDF's text outside stream…endstream, in PNG chunks other than IDAT and
 *    in JPEG segments before the scan data. (Compressed image and stream data
 *    are not searched for markup: random bytes would match short markers, and
 *    a browser never sniffs them.)
 * 3a. PDF active content (issue 11 part 9, pdf-scan.ts): no /JavaScript, /JS,
 *    /Launch, /EmbeddedFile(s) or /EF, /RichMedia, /XFA anywhere a reader
 *    may find it: names decoded (#xx), every object read by PDF's lexical
 *    rules wherever it starts, object streams decompressed (bounded) and read
 *    the same way. Encrypted PDFs and PDFs whose object streams cannot be
 *    decoded here are refused too (message.attachment_unsafe_content), and so
 *    is a compression bomb; a PDF without any object, or with a stream that
 *    never ends, is not a PDF (message.attachment_invalid_type).
 * 4. The type found from the bytes must be one of validReferralContentTypes
 *    (and one this module can check: PDF, JPEG, PNG, WebP, HEIC/HEIF).
 * 5. Polyglots: the bytes must end where the format ends. PDF: only
 *    whitespace after the last %%EOF. PNG: nothing after IEND, chunks well
 *    formed. JPEG: nothing but zero padding after the final EOI. WebP: the RIFF
 *    size covers the file exactly. HEIC: the top-level boxes cover the file
 *    exactly. A ZIP end-of-central-directory record in the last 64 KiB is
 *    refused in every format.
 * 6. The declared type (if not application/octet-stream or empty) and the
 *    name's extension (if any) must agree with the found type.
 * 7. Images: width × height from the header (PNG IHDR, JPEG SOFn, WebP VP8/
 *    VP8L/VP8X, HEIC ispe) at most maxPixels, and neither side 0.
 */
import { fileTypeFromBuffer } from 'file-type';
import { ApiError } from '../http/errors.js';
import { PdfRefusal } from './pdf-active-content.js';
import { scanPdf } from './pdf-scan.js';

export const DOCUMENT_KEYS = {
  invalidName: 'message.attachment_invalid_name',
  empty: 'message.attachment_empty',
  unsafe: 'message.attachment_unsafe_content',
  invalidType: 'message.attachment_invalid_type',
  mismatch: 'message.attachment_type_mismatch',
  tooManyPixels: 'message.attachment_too_many_pixels',
  tooLarge: 'message.attachment_too_large',
} as const;

/** The types this module can check; anything else is refused even if configured. */
const CHECKABLE: Record<string, string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg', 'jfif', 'jpe'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heic', 'heif'],
};

/** Declared types browsers and phones send for the same thing. */
const DECLARED_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'application/x-pdf': 'application/pdf',
  'image/heic-sequence': 'image/heic',
  'image/heif-sequence': 'image/heif',
};

export const MAX_NAME_LENGTH = 200;

export interface InspectOptions {
  allowedTypes: string[];
  maxPixels: number;
}

export interface InspectedDocument {
  contentType: string;
  /** The cleaned original name (NFC), with the type's extension when it had none. */
  fileName: string;
  width?: number;
  height?: number;
}

function refuse(status: number, key: string, detail: string): never {
  throw new ApiError(status, key, detail);
}

/** Rule 1. Returns the NFC name; '' stays '' (the caller names it). */
export function checkFileName(raw: string): string {
  const name = raw.normalize('NFC');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name))
    refuse(400, DOCUMENT_KEYS.invalidName, 'control character in the name');
  if (/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/.test(name))
    refuse(400, DOCUMENT_KEYS.invalidName, 'bidi control in the name');
  if (/[/\\]/.test(name) || name === '.' || name === '..' || name.startsWith('..'))
    refuse(400, DOCUMENT_KEYS.invalidName, 'path parts in the name');
  if (name.length > MAX_NAME_LENGTH) refuse(400, DOCUMENT_KEYS.invalidName, 'name too long');
  return name.trim();
}

function extensionOf(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return undefined;
  return name.slice(dot + 1).toLowerCase();
}

const MARKUP = [
  '<html',
  '<script',
  '<svg',
  '<iframe',
  '<object',
  '<embed',
  '<!doctype',
  '<body',
  '<meta',
  'javascript:',
];
const HEAD_BYTES = 4096;

/** A PDF's text with the bytes of every stream left out. */
function pdfTextOutsideStreams(text: string): string {
  return text.replace(/(?<!end)stream(?:\r\n|\n|\r)[\s\S]*?endstream/g, 'stream endstream');
}

/** Lower-cased latin1 view: every byte one character, so offsets match. */
function latin1Lower(bytes: Buffer): string {
  return bytes.toString('latin1').toLowerCase();
}

/** Rule 3 on one uncompressed part (lower-cased latin1). */
function checkNoMarkup(text: string): void {
  for (const marker of MARKUP) {
    if (text.includes(marker)) refuse(415, DOCUMENT_KEYS.unsafe, `markup ${marker}`);
  }
}

/** Rule 3a: active content anywhere in a PDF, hidden or not. */
async function checkPdfActiveContent(bytes: Buffer): Promise<void> {
  try {
    await scanPdf(bytes);
  } catch (error) {
    if (!(error instanceof PdfRefusal)) throw error;
    refuse(
      415,
      error.kind === 'unsafe' ? DOCUMENT_KEYS.unsafe : DOCUMENT_KEYS.invalidType,
      error.message,
    );
  }
}

const ZIP_EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP_TAIL = 65_557;

function checkNoZipTail(bytes: Buffer): void {
  const tail = bytes.subarray(Math.max(0, bytes.length - ZIP_TAIL));
  if (tail.includes(ZIP_EOCD)) refuse(415, DOCUMENT_KEYS.unsafe, 'zip archive at the end');
}

function checkPdf(bytes: Buffer, text: string): void {
  if (!text.startsWith('%pdf-')) refuse(415, DOCUMENT_KEYS.unsafe, 'data before %PDF-');
  const end = text.lastIndexOf('%%eof');
  if (end < 0) refuse(415, DOCUMENT_KEYS.invalidType, 'no %%EOF');
  const after = bytes.subarray(end + 5);
  if (!/^[\s\0]*$/.test(after.toString('latin1')))
    refuse(415, DOCUMENT_KEYS.unsafe, 'data after %%EOF');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Walks the chunks; returns IHDR's size. Refuses trailing data and broken chunks. */
function checkPng(bytes: Buffer): { width: number; height: number; meta: string } {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) refuse(415, DOCUMENT_KEYS.invalidType, 'png');
  let offset = 8;
  let size: { width: number; height: number } | undefined;
  let first = true;
  let meta = '';
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const next = offset + 12 + length;
    if (length > 0x7fffffff || next > bytes.length)
      refuse(415, DOCUMENT_KEYS.invalidType, 'png chunk past the end');
    if (type !== 'IDAT') meta += bytes.toString('latin1', offset + 8, offset + 8 + length) + '\n';
    if (first) {
      if (type !== 'IHDR' || length !== 13) refuse(415, DOCUMENT_KEYS.invalidType, 'png IHDR');
      size = { width: bytes.readUInt32BE(offset + 8), height: bytes.readUInt32BE(offset + 12) };
      first = false;
    }
    if (type === 'IEND') {
      if (next !== bytes.length) refuse(415, DOCUMENT_KEYS.unsafe, 'data after IEND');
      return { ...(size as { width: number; height: number }), meta: meta.toLowerCase() };
    }
    offset = next;
  }
  return refuse(415, DOCUMENT_KEYS.invalidType, 'png without IEND');
}

/** SOFn markers that carry the frame size (not DHT C4, JPG C8, DAC CC). */
function isSof(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function checkJpeg(bytes: Buffer): { width: number; height: number; meta: string } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) refuse(415, DOCUMENT_KEYS.invalidType, 'jpeg SOI');
  // The frame size: walk the marker segments up to the first SOFn.
  let offset = 2;
  let size: { width: number; height: number } | undefined;
  let headerEnd = bytes.length;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) refuse(415, DOCUMENT_KEYS.invalidType, 'jpeg marker expected');
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) {
      headerEnd = offset;
      break;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) refuse(415, DOCUMENT_KEYS.invalidType, 'jpeg segment length');
    if (isSof(marker)) {
      if (offset + 9 > bytes.length) refuse(415, DOCUMENT_KEYS.invalidType, 'jpeg SOF');
      size ??= { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  if (!size) refuse(415, DOCUMENT_KEYS.invalidType, 'jpeg without a frame header');
  // The end: the last EOI, then only zero padding (some cameras pad).
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0x00) end -= 1;
  if (end < 4 || bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9)
    refuse(415, DOCUMENT_KEYS.unsafe, 'data after the JPEG end');
  return { ...size, meta: bytes.toString('latin1', 0, Math.min(headerEnd, offset)).toLowerCase() };
}

function checkWebp(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < 30 || bytes.toString('latin1', 0, 4) !== 'RIFF')
    refuse(415, DOCUMENT_KEYS.invalidType, 'webp');
  if (bytes.readUInt32LE(4) + 8 !== bytes.length && bytes.readUInt32LE(4) + 9 !== bytes.length)
    refuse(415, DOCUMENT_KEYS.unsafe, 'RIFF size differs from the file');
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X')
    return {
      width: 1 + bytes.readUIntLE(24, 3),
      height: 1 + bytes.readUIntLE(27, 3),
    };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ')
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  return refuse(415, DOCUMENT_KEYS.invalidType, 'webp chunk');
}

function checkHeic(bytes: Buffer): { width: number; height: number } {
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) refuse(415, DOCUMENT_KEYS.unsafe, 'heic box past the end');
    let size = bytes.readUInt32BE(offset);
    if (size === 1) {
      if (offset + 16 > bytes.length) refuse(415, DOCUMENT_KEYS.invalidType, 'heic box');
      size = Number(bytes.readBigUInt64BE(offset + 8));
    } else if (size === 0) size = bytes.length - offset;
    if (size < 8 || offset + size > bytes.length)
      refuse(415, DOCUMENT_KEYS.unsafe, 'heic box size differs from the file');
    offset += size;
  }
  // The largest image spatial extent ('ispe': version/flags, width, height).
  let best: { width: number; height: number } | undefined;
  let at = bytes.indexOf('ispe', 0, 'latin1');
  while (at >= 0 && at + 16 <= bytes.length) {
    const found = { width: bytes.readUInt32BE(at + 8), height: bytes.readUInt32BE(at + 12) };
    if (!best || found.width * found.height > best.width * best.height) best = found;
    at = bytes.indexOf('ispe', at + 4, 'latin1');
  }
  if (!best) refuse(415, DOCUMENT_KEYS.invalidType, 'heic without ispe');
  return best;
}

function checkPixels(size: { width: number; height: number }, maxPixels: number): void {
  if (size.width === 0 || size.height === 0)
    refuse(415, DOCUMENT_KEYS.invalidType, 'image without pixels');
  if (size.width * size.height > maxPixels)
    refuse(422, DOCUMENT_KEYS.tooManyPixels, `${size.width}x${size.height}`);
}

function normalizeDeclared(declared: string | undefined): string {
  const type = (declared ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return DECLARED_ALIASES[type] ?? type;
}

const KNOWN_EXTENSIONS = new Set([
  ...Object.values(CHECKABLE).flat(),
  ...['gif', 'bmp', 'tif', 'tiff', 'svg', 'svgz', 'html', 'htm', 'xhtml', 'xml', 'js', 'mjs'],
  ...['exe', 'bat', 'cmd', 'sh', 'zip', 'rar', '7z', 'gz', 'doc', 'docx', 'xls', 'xlsx'],
  ...['txt', 'rtf', 'php', 'eml', 'msg', 'ps', 'eps', 'avif', 'dcm', 'jxl'],
]);

/**
 * Applies every rule; returns the found type and the cleaned name, or throws.
 * A name's extension counts only when it is a known file extension (so
 * "Dr. Smith" or "scan.v2" are names without one); a name without one gets
 * the found type's.
 */
export async function inspectDocument(
  bytes: Buffer,
  rawName: string,
  declaredType: string | undefined,
  options: InspectOptions,
): Promise<InspectedDocument> {
  let fileName = checkFileName(rawName);
  if (bytes.length === 0) refuse(400, DOCUMENT_KEYS.empty, 'empty file');
  // A parser failure on hostile bytes means "not a type we know", never a 500.
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  checkNoMarkup(latin1Lower(bytes.subarray(0, HEAD_BYTES)));
  const allowed = options.allowedTypes.map((type) => type.toLowerCase());
  const contentType = found?.mime === 'image/heif' ? 'image/heic' : found?.mime;
  const allowedHere =
    contentType !== undefined &&
    CHECKABLE[contentType] !== undefined &&
    (allowed.includes(contentType) ||
      (contentType === 'image/heic' && allowed.includes('image/heif')));
  if (!contentType || !allowedHere)
    refuse(415, DOCUMENT_KEYS.invalidType, `found ${contentType ?? 'nothing'}`);
  checkNoZipTail(bytes);
  let size: { width: number; height: number } | undefined;
  switch (contentType) {
    case 'application/pdf': {
      const text = latin1Lower(bytes);
      checkNoMarkup(pdfTextOutsideStreams(text));
      checkPdf(bytes, text);
      await checkPdfActiveContent(bytes);
      break;
    }
    case 'image/png': {
      const { meta, ...pngSize } = checkPng(bytes);
      checkNoMarkup(meta);
      size = pngSize;
      break;
    }
    case 'image/jpeg': {
      const { meta, ...jpegSize } = checkJpeg(bytes);
      checkNoMarkup(meta);
      size = jpegSize;
      break;
    }
    case 'image/webp':
      size = checkWebp(bytes);
      break;
    default:
      size = checkHeic(bytes);
  }
  const declared = normalizeDeclared(declaredType);
  const sameHeif = (type: string) => (type === 'image/heif' ? 'image/heic' : type);
  if (declared && declared !== 'application/octet-stream' && sameHeif(declared) !== contentType)
    refuse(415, DOCUMENT_KEYS.mismatch, `declared ${declared}, found ${contentType}`);
  const extensions = CHECKABLE[contentType] ?? [];
  const raw = extensionOf(fileName);
  const extension = raw !== undefined && KNOWN_EXTENSIONS.has(raw) ? raw : undefined;
  if (extension !== undefined && !extensions.includes(extension))
    refuse(415, DOCUMENT_KEYS.mismatch, `extension .${extension}, found ${contentType}`);
  if (size) checkPixels(size, options.maxPixels);
  if (!fileName || extension === undefined)
    fileName = `${fileName || 'document'}.${extensions[0] ?? 'bin'}`;
  return size ? { contentType, fileName, ...size } : { contentType, fileName };
}
