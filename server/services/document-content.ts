/**
 * What an uploaded document really is (docs/decisions.md "Referral
 * documents"): the type comes from the bytes (magic numbers, file-type), never
 * from the name or the declared Content-Type, and the file must be exactly one
 * clean document of an allowed type. Every refusal is an ApiError with a
 * message key.
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
 * 3a. PDF active content (pdf-scan.ts, docs/security.md §9): no /JavaScript,
 *    /JS, /Launch, /EmbeddedFile(s) or /EF, /RichMedia, /XFA anywhere a reader
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
 *
 * Rules 1, 2, 4 and 6 are here; rules 3 and 3a in document-markup.ts, 5 and
 * 7 in document-formats.ts, the message keys in document-refusal.ts.
 */
import {
  checkHeic,
  checkJpeg,
  checkNoZipTail,
  checkPdf,
  checkPixels,
  checkPng,
  checkWebp,
} from './document-formats.js';
import {
  HEAD_BYTES,
  checkNoMarkup,
  checkPdfActiveContent,
  latin1Lower,
  pdfTextOutsideStreams,
} from './document-markup.js';
import { DOCUMENT_KEYS, refuse } from './document-refusal.js';

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
  // file-type loads with the first upload, not at start-up (issue 15).
  const { fileTypeFromBuffer } = await import('file-type');
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
