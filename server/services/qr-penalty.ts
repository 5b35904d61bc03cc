/** The mask penalty of ISO/IEC 18004 §7.8.3 (N1 3, N2 3, N3 40, N4 10), on rows and columns. */
type Grid = boolean[][];

const FINDER_LIKE = [
  [true, false, true, true, true, false, true, false, false, false, false],
  [false, false, false, false, true, false, true, true, true, false, true],
];

function lineScore(line: boolean[]): number {
  let score = 0;
  let run = 1;
  for (let i = 1; i <= line.length; i++) {
    if (i < line.length && line[i] === line[i - 1]) run++;
    else {
      if (run >= 5) score += run - 2;
      run = 1;
    }
  }
  for (let i = 0; i + 11 <= line.length; i++)
    for (const pattern of FINDER_LIKE) if (pattern.every((v, k) => line[i + k] === v)) score += 40;
  return score;
}

export function penalty(dark: Grid): number {
  const size = dark.length;
  const cell = (x: number, y: number): boolean => dark[y]?.[x] ?? false;
  let score = 0;
  let darkCount = 0;
  for (let y = 0; y < size; y++) {
    score += lineScore(dark[y] ?? []);
    score += lineScore(Array.from({ length: size }, (_, x) => cell(y, x)));
    for (let x = 0; x < size; x++) {
      if (cell(x, y)) darkCount++;
      if (
        x + 1 < size &&
        y + 1 < size &&
        cell(x, y) === cell(x + 1, y) &&
        cell(x, y) === cell(x, y + 1) &&
        cell(x, y) === cell(x + 1, y + 1)
      )
        score += 3;
    }
  }
  const total = size * size;
  return score + (Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1) * 10;
}
