/**
 * Rules 3 and 3a of the document content check (services/document-content.ts;
 * docs/decisions.md "Referral documents"): no markup or active content in a
 * file's uncompressed parts, where a polyglot puts it, and no PDF active
 * content anywhere a reader may find it (pdf-scan.ts, docs/security.md §9).
 */
import { PdfRefusal } from './pdf-active-content.js';
import { scanPdf } from './pdf-scan.js';
import { DOCUMENT_KEYS, refuse } from './document-refusal.js';

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
export const HEAD_BYTES = 4096;

/** A PDF's text with the bytes of every stream left out. */
export function pdfTextOutsideStreams(text: string): string {
  return text.replace(/(?<!end)stream(?:\r\n|\n|\r)[\s\S]*?endstream/g, 'stream endstream');
}

/** Lower-cased latin1 view: every byte one character, so offsets match. */
export function latin1Lower(bytes: Buffer): string {
  return bytes.toString('latin1').toLowerCase();
}

/** Rule 3 on one uncompressed part (lower-cased latin1). */
export function checkNoMarkup(text: string): void {
  for (const marker of MARKUP) {
    if (text.includes(marker)) refuse(415, DOCUMENT_KEYS.unsafe, `markup ${marker}`);
  }
}

/** Rule 3a: active content anywhere in a PDF, hidden or not. */
export async function checkPdfActiveContent(bytes: Buffer): Promise<void> {
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
