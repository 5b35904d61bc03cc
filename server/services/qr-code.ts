/**
 * A QR code encoder (ISO/IEC 18004) for the reminder's check-in link (issue
 * 16 part 7): byte mode, error correction level M, versions 1 to 40, the mask
 * of lowest penalty. Small enough to own (docs/decisions.md); it follows the
 * structure of Project Nayuki's reference encoder.
 */
import { buildMatrix } from './qr-matrix.js';

/** Error correction codewords per block, and blocks, of level M by version (index 0 unused). */
const ECC_PER_BLOCK_M = [
  -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS_M = [
  -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
  26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];
/** Format bits of level M (01). */
const LEVEL_M_BITS = 0;

export type QrMatrix = boolean[][];

const at = (list: readonly number[], i: number): number => list[i] ?? 0;

/** Modules for data of a version, after function patterns (Nayuki's getNumRawDataModules). */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    result -= (25 * align - 10) * align - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

export function dataCodewords(version: number): number {
  return (
    Math.floor(rawDataModules(version) / 8) - at(ECC_PER_BLOCK_M, version) * at(BLOCKS_M, version)
  );
}

function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

/** The generator polynomial of `degree` (coefficients, highest first, leading 1 left out). */
function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(at(result, j), root) ^ at(result, j + 1);
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

/** Reed–Solomon error correction codewords of `data` (exported for the ISO test vector). */
export function reedSolomon(data: readonly number[], degree: number): number[] {
  const divisor = rsDivisor(degree);
  const result = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() ?? 0);
    result.push(0);
    divisor.forEach(
      (coefficient, i) => (result[i] = at(result, i) ^ gfMultiply(coefficient, factor)),
    );
  }
  return result;
}

/** The data codewords of `bytes` in byte mode, with terminator and padding. */
export function encodeData(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version <= 9 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  const capacity = dataCodewords(version) * 8;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8)
    codewords.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  return codewords;
}

/** Level M's blocks of a version: short blocks have shortLength codewords, the others one more. */
export function blockLayout(version: number) {
  const blocks = at(BLOCKS_M, version);
  const raw = Math.floor(rawDataModules(version) / 8);
  return {
    blocks,
    eccLength: at(ECC_PER_BLOCK_M, version),
    shortBlocks: blocks - (raw % blocks),
    shortLength: Math.floor(raw / blocks),
  };
}

/** Splits into blocks, adds each block's error correction, and interleaves. */
export function withErrorCorrection(data: readonly number[], version: number): number[] {
  const { blocks, eccLength, shortBlocks, shortLength } = blockLayout(version);
  const parts: { data: number[]; ecc: number[] }[] = [];
  for (let i = 0, k = 0; i < blocks; i++) {
    const length = shortLength - eccLength + (i < shortBlocks ? 0 : 1);
    const part = data.slice(k, k + length);
    k += length;
    parts.push({ data: part, ecc: reedSolomon(part, eccLength) });
  }
  const result: number[] = [];
  for (let i = 0; i <= shortLength - eccLength; i++)
    for (const part of parts) if (i < part.data.length) result.push(at(part.data, i));
  for (let i = 0; i < eccLength; i++) for (const part of parts) result.push(at(part.ecc, i));
  return result;
}

/** The smallest version of level M that holds `length` bytes. */
export function versionFor(length: number): number {
  for (let version = 1; version <= 40; version++) {
    const header = 4 + (version <= 9 ? 8 : 16);
    if (header + length * 8 <= dataCodewords(version) * 8) return version;
  }
  throw new RangeError('too long for a QR code');
}

/** The QR code of `text` (UTF-8) as a matrix of dark modules. */
export function encodeQr(text: string): QrMatrix {
  const bytes = new TextEncoder().encode(text);
  const version = versionFor(bytes.length);
  return buildMatrix(
    version,
    withErrorCorrection(encodeData(bytes, version), version),
    LEVEL_M_BITS,
  );
}

/** The matrix as an SVG image: one path, a 4-module quiet zone, `size` pixels wide. */
export function qrSvg(matrix: QrMatrix, size = 200): string {
  const n = matrix.length;
  const total = n + 8;
  const path = matrix
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + 4} ${y + 4}h1v1h-1z` : '')))
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" width="${size}" ` +
    `height="${size}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/>` +
    `<path d="${path}" fill="#000"/></svg>`
  );
}
