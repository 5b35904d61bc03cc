/**
 * Rules 5 and 7 of the document content check (services/document-content.ts;
 * docs/decisions.md "Referral documents"): each format's structure, so that
 * the bytes end where the format ends (no polyglots, no ZIP end record in any
 * format), and an image's width × height read from its header.
 */
import { DOCUMENT_KEYS, refuse } from './document-refusal.js';

const ZIP_EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP_TAIL = 65_557;

export function checkNoZipTail(bytes: Buffer): void {
  const tail = bytes.subarray(Math.max(0, bytes.length - ZIP_TAIL));
  if (tail.includes(ZIP_EOCD)) refuse(415, DOCUMENT_KEYS.unsafe, 'zip archive at the end');
}

export function checkPdf(bytes: Buffer, text: string): void {
  if (!text.startsWith('%pdf-')) refuse(415, DOCUMENT_KEYS.unsafe, 'data before %PDF-');
  const end = text.lastIndexOf('%%eof');
  if (end < 0) refuse(415, DOCUMENT_KEYS.invalidType, 'no %%EOF');
  const after = bytes.subarray(end + 5);
  if (!/^[\s\0]*$/.test(after.toString('latin1')))
    refuse(415, DOCUMENT_KEYS.unsafe, 'data after %%EOF');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Walks the chunks; returns IHDR's size. Refuses trailing data and broken chunks. */
export function checkPng(bytes: Buffer): { width: number; height: number; meta: string } {
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

export function checkJpeg(bytes: Buffer): { width: number; height: number; meta: string } {
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

export function checkWebp(bytes: Buffer): { width: number; height: number } {
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

export function checkHeic(bytes: Buffer): { width: number; height: number } {
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

export function checkPixels(size: { width: number; height: number }, maxPixels: number): void {
  if (size.width === 0 || size.height === 0)
    refuse(415, DOCUMENT_KEYS.invalidType, 'image without pixels');
  if (size.width * size.height > maxPixels)
    refuse(422, DOCUMENT_KEYS.tooManyPixels, `${size.width}x${size.height}`);
}
