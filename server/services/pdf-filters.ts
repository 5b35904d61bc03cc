/**
 * Bounded decoders for the PDF stream filters the content check needs
 * (docs/security.md §9). Every decoder takes a byte limit and reports when the
 * output would pass it, so a compression bomb costs at most `limit` bytes of
 * output and the time to produce them, never memory or CPU without end.
 */
import { constants, createInflate, createInflateRaw, inflateRawSync, inflateSync } from 'node:zlib';

export interface Decoded {
  /** The output, or undefined when only the size was wanted. */
  bytes?: Buffer;
  size: number;
  /** The output would have passed the limit (decoding stopped there). */
  exceeded: boolean;
  /** The data were not valid for the filter (what was decoded before is kept). */
  error?: string;
}

/** Below this compressed size one synchronous call is cheaper than a stream. */
const SYNC_INPUT_BYTES = 16 * 1024;

function isTooLarge(error: unknown): boolean {
  return (error as { code?: string } | undefined)?.code === 'ERR_BUFFER_TOO_LARGE';
}

function inflateOnceSync(data: Buffer, limit: number, raw: boolean, keep: boolean): Decoded {
  const options = { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, limit + 1) };
  try {
    const out = raw ? inflateRawSync(data, options) : inflateSync(data, options);
    if (out.length > limit) return { size: out.length, exceeded: true };
    return keep
      ? { bytes: out, size: out.length, exceeded: false }
      : { size: out.length, exceeded: false };
  } catch (error) {
    if (isTooLarge(error)) return { size: limit + 1, exceeded: true };
    return { size: 0, exceeded: false, error: (error as Error).message };
  }
}

/** Streams the output and counts it; stops as soon as it passes the limit. */
function inflateOnceStreaming(
  data: Buffer,
  limit: number,
  raw: boolean,
  keep: boolean,
): Promise<Decoded> {
  return new Promise((resolve) => {
    const options = { finishFlush: constants.Z_SYNC_FLUSH };
    const inflater = raw ? createInflateRaw(options) : createInflate(options);
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: Decoded) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        settle({ size, exceeded: true });
        inflater.destroy();
        return;
      }
      if (keep) chunks.push(chunk);
    });
    inflater.on('error', (error: Error) =>
      settle({
        ...(keep ? { bytes: Buffer.concat(chunks) } : {}),
        size,
        exceeded: false,
        error: error.message,
      }),
    );
    inflater.on('end', () =>
      settle({ ...(keep ? { bytes: Buffer.concat(chunks) } : {}), size, exceeded: false }),
    );
    inflater.end(data);
  });
}

async function inflateOnce(data: Buffer, limit: number, raw: boolean, keep: boolean) {
  return data.length <= SYNC_INPUT_BYTES
    ? inflateOnceSync(data, limit, raw, keep)
    : inflateOnceStreaming(data, limit, raw, keep);
}

/**
 * FlateDecode: zlib data (what the specification says), or, when the zlib
 * header is wrong, the same data after leading whitespace or as raw deflate
 * (some readers accept those). A truncated stream gives what it holds.
 */
export async function inflateBounded(data: Buffer, limit: number, keep: boolean): Promise<Decoded> {
  const first = await inflateOnce(data, limit, false, keep);
  if (!first.error || first.size > 0) return first;
  let start = 0;
  while (start < data.length && [0, 9, 10, 12, 13, 32].includes(data[start] as number)) start += 1;
  if (start > 0) {
    const trimmed = await inflateOnce(data.subarray(start), limit, false, keep);
    if (!trimmed.error || trimmed.size > 0) return trimmed;
  }
  const raw = await inflateOnce(data, limit, true, keep);
  return raw.error && raw.size === 0 ? first : raw;
}

const HEX = new Int8Array(256).fill(-1);
for (let i = 0; i < 10; i++) HEX[0x30 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX[0x41 + i] = 10 + i;
  HEX[0x61 + i] = 10 + i;
}

/** The value of a hex digit, or -1. */
export function hexValue(byte: number): number {
  return HEX[byte] as number;
}

/** ASCIIHexDecode: pairs of hex digits up to '>', whitespace ignored. Output ≤ input / 2. */
export function asciiHexDecode(data: Buffer): Decoded {
  const out = Buffer.alloc(Math.ceil(data.length / 2));
  let size = 0;
  let high = -1;
  for (const byte of data) {
    if (byte === 0x3e) break;
    const value = hexValue(byte);
    if (value < 0) {
      if ([0, 9, 10, 12, 13, 32].includes(byte)) continue;
      return { bytes: out.subarray(0, size), size, exceeded: false, error: 'bad hex digit' };
    }
    if (high < 0) high = value;
    else {
      out[size++] = high * 16 + value;
      high = -1;
    }
  }
  if (high >= 0) out[size++] = high * 16;
  return { bytes: out.subarray(0, size), size, exceeded: false };
}

/** ASCII85Decode up to '~>'. Output ≤ 4 × input ('z' is four zero bytes). */
export function ascii85Decode(data: Buffer, limit: number): Decoded {
  const out = Buffer.alloc(Math.min(limit + 4, data.length * 4 + 4));
  let size = 0;
  let group = 0;
  let count = 0;
  const put = (byte: number) => {
    if (size >= out.length) return false;
    out[size++] = byte;
    return true;
  };
  for (let i = 0; i < data.length; i++) {
    const byte = data[i] as number;
    if (byte === 0x7e) break; // '~' of '~>'
    if ([0, 9, 10, 12, 13, 32].includes(byte)) continue;
    if (byte === 0x7a && count === 0) {
      for (let k = 0; k < 4; k++) if (!put(0)) return { size: limit + 1, exceeded: true };
      continue;
    }
    if (byte < 0x21 || byte > 0x75)
      return { bytes: out.subarray(0, size), size, exceeded: false, error: 'bad ascii85 digit' };
    group = group * 85 + (byte - 0x21);
    count += 1;
    if (count === 5) {
      if (group > 0xffffffff)
        return { bytes: out.subarray(0, size), size, exceeded: false, error: 'ascii85 overflow' };
      for (let k = 3; k >= 0; k--)
        if (!put((group >>> (8 * k)) & 0xff)) return { size: limit + 1, exceeded: true };
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let k = count; k < 5; k++) group = group * 85 + 84;
    for (let k = 0; k < count - 1; k++)
      if (!put(Math.floor(group / 2 ** (8 * (3 - k))) & 0xff))
        return { size: limit + 1, exceeded: true };
  }
  if (size > limit) return { size, exceeded: true };
  return { bytes: out.subarray(0, size), size, exceeded: false };
}

/** RunLengthDecode. Output at most 128 bytes per 2 input bytes; stops at the limit. */
export function runLengthDecode(data: Buffer, limit: number): Decoded {
  const parts: Buffer[] = [];
  let size = 0;
  let i = 0;
  while (i < data.length) {
    const length = data[i] as number;
    if (length === 128) break;
    let part: Buffer;
    if (length < 128) {
      part = data.subarray(i + 1, i + 2 + length);
      i += 2 + length;
    } else {
      part = Buffer.alloc(257 - length, data[i + 1] ?? 0);
      i += 2;
    }
    size += part.length;
    if (size > limit) return { size, exceeded: true };
    parts.push(part);
  }
  const bytes = Buffer.concat(parts);
  return { bytes, size: bytes.length, exceeded: false };
}

/** The filter names the decoders above read (full and abbreviated forms). */
export const FLATE_FILTERS = new Set(['FlateDecode', 'Fl']);
export const DECODABLE_FILTERS = new Set([
  ...FLATE_FILTERS,
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'RunLengthDecode',
  'RL',
]);

/** Applies a chain of decodable filters; the limit holds for every step's output. */
export async function decodeChain(
  data: Buffer,
  filters: string[],
  limit: number,
): Promise<Decoded> {
  let bytes = data;
  for (const filter of filters) {
    let step: Decoded;
    if (FLATE_FILTERS.has(filter)) step = await inflateBounded(bytes, limit, true);
    else if (filter === 'ASCIIHexDecode' || filter === 'AHx') step = asciiHexDecode(bytes);
    else if (filter === 'ASCII85Decode' || filter === 'A85') step = ascii85Decode(bytes, limit);
    else if (filter === 'RunLengthDecode' || filter === 'RL') step = runLengthDecode(bytes, limit);
    else return { size: 0, exceeded: false, error: `filter ${filter}` };
    if (step.exceeded || step.error || !step.bytes) return step;
    if (step.size > limit) return { size: step.size, exceeded: true };
    bytes = step.bytes;
  }
  return { bytes, size: bytes.length, exceeded: false };
}
