import { describe, expect, it } from 'vitest';
import { clampOffset, clampScale, MAX_SCALE, pinchScale, WHEEL_FACTOR, wheelScale } from './zoom';

describe('attachment viewer zoom (spec 9)', () => {
  it('R-9-37: pinch zoom has max scale 3 and never shrinks below the fitted image', () => {
    expect(MAX_SCALE).toBe(3);
    expect(pinchScale(1, 100, 250)).toBe(2.5);
    expect(pinchScale(2, 100, 400)).toBe(3);
    expect(pinchScale(1, 100, 50)).toBe(1);
    expect(pinchScale(1.5, 0, 50)).toBe(1.5);
  });

  it('R-9-38: one wheel notch changes the scale by the factor 0.2', () => {
    expect(WHEEL_FACTOR).toBe(0.2);
    expect(wheelScale(1, -100)).toBeCloseTo(1.2);
    expect(wheelScale(2, 100)).toBeCloseTo(1.6);
    expect(wheelScale(2.9, -1)).toBe(3);
    expect(wheelScale(1, 100)).toBe(1);
    expect(wheelScale(1.4, 0)).toBe(1.4);
  });

  it('clamps nonsense to the fitted scale', () => {
    expect(clampScale(Number.NaN)).toBe(1);
    expect(clampScale(10)).toBe(3);
  });

  it('panning stops at the edges of the zoomed image', () => {
    const size = { width: 200, height: 100 };
    expect(clampOffset({ x: 500, y: -500 }, 2, size)).toEqual({ x: 100, y: -50 });
    expect(clampOffset({ x: 30, y: 10 }, 1, size)).toEqual({ x: 0, y: 0 });
  });
});
