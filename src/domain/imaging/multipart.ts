/**
 * multipart/related bodies as WADO-RS sends instances (PS3.18 8.7.3.4:
 * `multipart/related; type="application/dicom"; boundary=…`, RFC 2046):
 * parsed in the browser from the bytes of the answer, and built by the test
 * stubs (and the server) the same way. Pure: bytes in, bytes out.
 */

export interface BodyPart {
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('latin1');
const CRLF = encoder.encode('\r\n');
const HEADER_END = encoder.encode('\r\n\r\n');

/** The boundary parameter of a Content-Type, unquoted, or null. */
export function boundaryOf(contentType: string | null | undefined): string | null {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** The index of `needle` in `haystack` at or after `from`, or -1. */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  outer: for (
    let i = haystack.indexOf(first!, from);
    i !== -1 && i <= last;
    i = haystack.indexOf(first!, i + 1)
  ) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * The parts of a multipart body. The preamble before the first delimiter and
 * the epilogue after the closing one are ignored; a body cut short (no
 * closing delimiter) throws, so a truncated download is never shown as an image.
 */
export function parseMultipart(body: Uint8Array, boundary: string): BodyPart[] {
  const delimiter = encoder.encode(`--${boundary}`);
  const next = encoder.encode(`\r\n--${boundary}`);
  const parts: BodyPart[] = [];
  let at = indexOfBytes(body, delimiter);
  if (at < 0) throw new Error('multipart: no boundary');
  at += delimiter.length;
  for (;;) {
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    const lineEnd = indexOfBytes(body, CRLF, at);
    if (lineEnd < 0) throw new Error('multipart: truncated');
    const headersEnd =
      body[lineEnd + 2] === 0x0d && body[lineEnd + 3] === 0x0a
        ? lineEnd
        : indexOfBytes(body, HEADER_END, lineEnd);
    if (headersEnd < 0) throw new Error('multipart: truncated headers');
    const start = headersEnd + HEADER_END.length;
    const end = indexOfBytes(body, next, start);
    if (end < 0) throw new Error('multipart: truncated body');
    parts.push({
      headers: parseHeaders(decoder.decode(body.subarray(lineEnd + 2, headersEnd))),
      body: body.subarray(start, end),
    });
    at = end + next.length;
  }
}

/** A multipart/related body of the given parts (each with its Content-Type). */
export function buildMultipart(
  parts: { contentType: string; body: Uint8Array; location?: string }[],
  boundary: string,
): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const location = part.location ? `Content-Location: ${part.location}\r\n` : '';
    chunks.push(
      encoder.encode(`--${boundary}\r\nContent-Type: ${part.contentType}\r\n${location}\r\n`),
    );
    chunks.push(part.body, CRLF);
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
