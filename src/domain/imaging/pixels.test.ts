import { describe, expect, it } from 'vitest';
import { greyLut, initialWindow, modalityRange, toRgba, type PixelImage } from './pixels';
import { applyWindow, dragWindow, rescale, WINDOW_PRESETS } from './window-level';

const mono = (pixels: PixelImage['pixels'], overrides: Partial<PixelImage> = {}): PixelImage => ({
  rows: 1,
  columns: pixels.length,
  samplesPerPixel: 1,
  photometric: 'MONOCHROME2',
  planarConfiguration: 0,
  pixels,
  slope: 1,
  intercept: 0,
  ...overrides,
});

const greys = (image: PixelImage, window = initialWindow(image)) =>
  [...toRgba(image, window)].filter((_, i) => i % 4 === 0);

describe('window/level (PS3.3 C.11.2.1.2.1)', () => {
  it('is black at and below the window, white above it, linear in between', () => {
    const w = { center: 40, width: 400 };
    expect(applyWindow(-160, w)).toBe(0);
    expect(applyWindow(-1000, w)).toBe(0);
    expect(applyWindow(240, w)).toBe(255);
    expect(applyWindow(39.5, w)).toBeCloseTo(127.5, 5);
    expect(applyWindow(140, w)).toBeCloseTo((100.5 / 399 + 0.5) * 255, 5);
  });

  it('treats a width below 1 as 1 (a hard threshold at the level)', () => {
    expect(applyWindow(39, { center: 40, width: 0 })).toBe(0);
    expect(applyWindow(40, { center: 40, width: 0 })).toBe(255);
  });

  it('offers soft tissue, lung, bone and brain presets for CT and MR', () => {
    expect(Object.keys(WINDOW_PRESETS)).toEqual(['soft_tissue', 'lung', 'bone', 'brain']);
    expect(WINDOW_PRESETS.lung).toEqual({ center: -600, width: 1500 });
    // Lung at −850 HU is mid-grey in the lung window and black in the soft tissue one.
    expect(applyWindow(-850, WINDOW_PRESETS.lung)).toBeGreaterThan(60);
    expect(applyWindow(-850, WINDOW_PRESETS.soft_tissue)).toBe(0);
  });

  it('drags right to widen and down to raise the level, never below width 1', () => {
    const w = { center: 40, width: 400 };
    expect(dragWindow(w, 128, 0, 4096)).toEqual({ center: 40, width: 1424 });
    expect(dragWindow(w, 0, 64, 4096)).toEqual({ center: 552, width: 400 });
    expect(dragWindow(w, -100000, 0, 4096).width).toBe(1);
  });
});

describe('rescale and display (PS3.3 C.11.1.1.2, C.7.6.3.1.2)', () => {
  it('rescales stored values to modality values with slope and intercept', () => {
    expect(rescale(1064, 1, -1024)).toBe(40);
    expect(rescale(100, 2.5, -10)).toBe(240);
    const ct = mono(new Int16Array([0, 1024, 3000]), { intercept: -1024 });
    expect(modalityRange(ct)).toEqual({ min: -1024, max: 1976 });
  });

  it('windows a signed CT in Hounsfield units after the rescale', () => {
    // Stored 1064 = 40 HU: the level of the soft tissue window, mid-grey.
    const ct = mono(new Int16Array([-2000, 1064, 4000]), { intercept: -1024 });
    expect(greys(ct, WINDOW_PRESETS.soft_tissue)).toEqual([0, 128, 255]);
  });

  it('inverts MONOCHROME1: the smallest value is white', () => {
    const image = mono(new Uint16Array([0, 4095]), { photometric: 'MONOCHROME1' });
    expect(greys(image, { center: 2048, width: 4096 })).toEqual([255, 0]);
    expect(greys({ ...image, photometric: 'MONOCHROME2' }, { center: 2048, width: 4096 })).toEqual([
      0, 255,
    ]);
  });

  it('handles a negative slope (the range ends swap)', () => {
    const image = mono(new Uint8Array([0, 255]), { slope: -1, intercept: 255 });
    expect(modalityRange(image)).toEqual({ min: 0, max: 255 });
    expect(greys(image, { center: 128, width: 256 })).toEqual([255, 0]);
  });

  it('starts with the window the file names, else the full range', () => {
    expect(initialWindow(mono(new Uint8Array([0]), { window: { center: 1, width: 2 } }))).toEqual({
      center: 1,
      width: 2,
    });
    expect(initialWindow(mono(new Uint8Array([10, 20])))).toEqual({ center: 15, width: 11 });
  });

  it('builds a lookup table over the stored range only', () => {
    const { lut, offset } = greyLut(mono(new Int16Array([-5, 5])), { center: 0, width: 10 });
    expect(offset).toBe(-5);
    expect(lut.length).toBe(11);
  });

  it('copies RGB as it is, interleaved or planar, and ignores the window', () => {
    const rgb = {
      ...mono(new Uint8Array([1, 2, 3, 4, 5, 6])),
      columns: 2,
      samplesPerPixel: 3,
      photometric: 'RGB',
    };
    expect([...toRgba(rgb, { center: 0, width: 1 })]).toEqual([1, 2, 3, 255, 4, 5, 6, 255]);
    const planar = { ...rgb, planarConfiguration: 1 };
    expect([...toRgba(planar, { center: 0, width: 1 })]).toEqual([1, 3, 5, 255, 2, 4, 6, 255]);
  });
});
