import { expect } from 'vitest';
import { blockLayout, reedSolomon } from '../services/qr-code.js';
import {
  dataModuleOrder,
  formatBits,
  functionModules,
  maskApplies,
} from '../services/qr-matrix.js';

/**
 * Reads a symbol back as a scanner would after locating it: format bits from
 * the matrix (checked against the 32 valid words), unmask, the zigzag,
 * de-interleave, Reed–Solomon check of every block, then the byte segment.
 */
export function decodeQr(matrix: boolean[][]): string {
  const size = matrix.length;
  const version = (size - 17) / 4;
  const dark = (x: number, y: number) => matrix[y]?.[x] ?? false;
  let format = 0;
  for (let i = 0; i <= 5; i++) format |= Number(dark(8, i)) << i;
  format |= (Number(dark(8, 7)) << 6) | (Number(dark(8, 8)) << 7) | (Number(dark(7, 8)) << 8);
  for (let i = 9; i < 15; i++) format |= Number(dark(14 - i, 8)) << i;
  const mask = [0, 1, 2, 3, 4, 5, 6, 7].find((m) => formatBits(0, m) === format);
  if (mask === undefined) throw new Error(`format ${format.toString(2)} is not level M`);
  const bits = dataModuleOrder(functionModules(version)).map(
    ([x, y]) => dark(x, y) !== maskApplies(mask, x, y),
  );
  const codewords: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8)
    codewords.push(bits.slice(i, i + 8).reduce((b, v) => (b << 1) | Number(v), 0));
  const { blocks, eccLength, shortBlocks, shortLength } = blockLayout(version);
  const parts = Array.from({ length: blocks }, () => ({
    data: [] as number[],
    ecc: [] as number[],
  }));
  let k = 0;
  for (let i = 0; i <= shortLength - eccLength; i++)
    parts.forEach((part, b) => {
      if (i < shortLength - eccLength + (b < shortBlocks ? 0 : 1))
        part.data.push(codewords[k++] ?? 0);
    });
  for (let i = 0; i < eccLength; i++) for (const part of parts) part.ecc.push(codewords[k++] ?? 0);
  for (const part of parts) expect(reedSolomon(part.data, eccLength)).toEqual(part.ecc);
  const data = parts.flatMap((part) => part.data);
  const stream = data.flatMap((byte) =>
    Array.from({ length: 8 }, (_, i) => (byte >>> (7 - i)) & 1),
  );
  const read = (from: number, length: number) =>
    stream.slice(from, from + length).reduce((v, b) => (v << 1) | b, 0);
  expect(read(0, 4)).toBe(0b0100);
  const countBits = version <= 9 ? 8 : 16;
  const length = read(4, countBits);
  const bytes = Uint8Array.from({ length }, (_, i) => read(4 + countBits + i * 8, 8));
  return new TextDecoder().decode(bytes);
}

/** The module matrix an SVG of qrSvg draws (its 4-module quiet zone taken off). */
export function svgMatrix(svg: string): boolean[][] {
  const side = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1] ?? 0) - 8;
  const matrix = Array.from({ length: side }, () => new Array<boolean>(side).fill(false));
  for (const [, x, y] of svg.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    const row = matrix[Number(y) - 4];
    if (row) row[Number(x) - 4] = true;
  }
  return matrix;
}
