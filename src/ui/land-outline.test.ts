import { describe, expect, it } from 'vitest';
import { LAND_OUTLINE } from './land-outline';

/** Ray casting: whether a point lies inside a ring. */
function inside([x, y]: [number, number], ring: number[][]): boolean {
  let result = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

const onLand = (point: [number, number]) =>
  LAND_OUTLINE.features.some((feature) => inside(point, feature.geometry.coordinates[0] ?? []));

describe('bundled land outline (never a grey box)', () => {
  it.each([
    ['Sydney CBD', [151.2087, -33.8651]],
    ['Bondi Junction', [151.2498, -33.8918]],
    ['Parramatta', [151.0036, -33.8153]],
    ['Perth CBD', [115.8567, -31.9546]],
    ['Fremantle', [115.7475, -32.054]],
    ['Joondalup', [115.7676, -31.7449]],
    ['Auckland City', [174.7667, -36.8459]],
    ['Newmarket', [174.7779, -36.8697]],
    ['Hobart', [147.33, -42.88]],
    ['Christchurch', [172.63, -43.53]],
  ] as const)('%s (a seeded clinic or city) is on land', (_name, point) => {
    expect(onLand([point[0], point[1]])).toBe(true);
  });

  it('the seas between are not', () => {
    expect(onLand([160, -38])).toBe(false);
    expect(onLand([145, -40])).toBe(false);
  });

  it('every ring is closed and has a few dozen points at most', () => {
    for (const feature of LAND_OUTLINE.features) {
      const ring = feature.geometry.coordinates[0] ?? [];
      expect(ring[0]).toEqual(ring.at(-1));
      expect(ring.length).toBeLessThan(80);
    }
  });
});
