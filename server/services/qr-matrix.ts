/**
 * The module placement of a QR code (ISO/IEC 18004 §7.7–7.9): function
 * patterns, format and version information, the codewords' zigzag, and the
 * mask of lowest penalty. qr-code.ts makes the codewords.
 */
import { penalty } from './qr-penalty.js';

type Grid = boolean[][];

const grid = (size: number): Grid =>
  Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
const bit = (value: number, i: number): boolean => ((value >>> i) & 1) !== 0;

/** Centres of the alignment patterns of a version (one axis). */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const result = [6];
  for (let pos = version * 4 + 17 - 7; result.length < count; pos -= step) result.splice(1, 0, pos);
  return result;
}

/** 15 format bits of an error-correction level (its 2 bits) and mask, BCH-coded and masked. */
export function formatBits(levelBits: number, mask: number): number {
  const data = (levelBits << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** 18 version bits (versions 7 and up), BCH-coded. */
export function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

class Canvas {
  readonly size: number;
  readonly dark: Grid;
  readonly fixed: Grid;
  constructor(readonly version: number) {
    this.size = version * 4 + 17;
    this.dark = grid(this.size);
    this.fixed = grid(this.size);
  }
  set(x: number, y: number, dark: boolean): void {
    const row = this.dark[y];
    const fixedRow = this.fixed[y];
    if (!row || !fixedRow || x < 0 || x >= this.size) return;
    row[x] = dark;
    fixedRow[x] = true;
  }
}

function drawFunctionPatterns(c: Canvas): void {
  for (let i = 0; i < c.size; i++) {
    c.set(6, i, i % 2 === 0);
    c.set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [c.size - 4, 3],
    [3, c.size - 4],
  ] as const)
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        c.set(cx + dx, cy + dy, distance !== 2 && distance !== 4);
      }
  const centres = alignmentPositions(c.version);
  const last = centres.length - 1;
  centres.forEach((x, i) =>
    centres.forEach((y, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          c.set(x + dx, y + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );
  drawFormat(c, 0, 0); // reserves the area; drawn for real with the chosen mask
  if (c.version >= 7) {
    const bits = versionBits(c.version);
    for (let i = 0; i < 18; i++) {
      const a = c.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      c.set(a, b, bit(bits, i));
      c.set(b, a, bit(bits, i));
    }
  }
}

function drawFormat(c: Canvas, levelBits: number, mask: number): void {
  const bits = formatBits(levelBits, mask);
  for (let i = 0; i <= 5; i++) c.set(8, i, bit(bits, i));
  c.set(8, 7, bit(bits, 6));
  c.set(8, 8, bit(bits, 7));
  c.set(7, 8, bit(bits, 8));
  for (let i = 9; i < 15; i++) c.set(14 - i, 8, bit(bits, i));
  for (let i = 0; i < 8; i++) c.set(c.size - 1 - i, 8, bit(bits, i));
  for (let i = 8; i < 15; i++) c.set(8, c.size - 15 + i, bit(bits, i));
  c.set(8, c.size - 8, true);
}

/** The data modules in placement order (two columns wide, up then down, skipping column 6). */
export function dataModuleOrder(fixed: Grid): [number, number][] {
  const size = fixed.length;
  const order: [number, number][] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
        if (!fixed[y]?.[x]) order.push([x, y]);
      }
  }
  return order;
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

export function maskApplies(mask: number, x: number, y: number): boolean {
  return MASKS[mask]?.(x, y) ?? false;
}

/** The symbol of `version` carrying `codewords`, under the mask of lowest penalty. */
export function buildMatrix(
  version: number,
  codewords: readonly number[],
  levelBits: number,
): Grid {
  const base = new Canvas(version);
  drawFunctionPatterns(base);
  const order = dataModuleOrder(base.fixed);
  let best: { grid: Grid; score: number } | undefined;
  for (let mask = 0; mask < 8; mask++) {
    const c = new Canvas(version);
    drawFunctionPatterns(c);
    order.forEach(([x, y], i) => {
      const value = i < codewords.length * 8 && bit(codewords[i >>> 3] ?? 0, 7 - (i & 7));
      const row = c.dark[y];
      if (row) row[x] = value !== maskApplies(mask, x, y);
    });
    drawFormat(c, levelBits, mask);
    const score = penalty(c.dark);
    if (!best || score < best.score) best = { grid: c.dark, score };
  }
  return best?.grid ?? [];
}

/** Which modules are function patterns in a symbol of `version` (for decoding in tests). */
export function functionModules(version: number): Grid {
  const c = new Canvas(version);
  drawFunctionPatterns(c);
  return c.fixed;
}
