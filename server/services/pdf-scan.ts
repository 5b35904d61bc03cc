/**
 * Active content in a PDF, found so that it cannot be hidden (docs/security.md §9).
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
 *
 * The parts: pdf-active-content.ts (what is refused, the limits),
 * pdf-lexer.ts (layer 1's tokens), pdf-objects.ts (dictionaries, arrays and
 * stream dictionaries), pdf-body.ts (reading a body, both layers) and
 * pdf-filters.ts (bounded decoders); this module examines the streams found.
 */
import { PDF_LIMITS, PdfRefusal } from './pdf-active-content.js';
import { type Body, readBody } from './pdf-body.js';
import { FLATE_FILTERS, decodeChain, inflateBounded } from './pdf-filters.js';

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
