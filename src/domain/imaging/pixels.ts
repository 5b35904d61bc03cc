/**
 * The DICOM pixel pipeline of the viewer: stored values → rescale → window
 * → MONOCHROME1 inversion → RGBA for a canvas, and colour (RGB) copied as is.
 * Pure: typed arrays in, typed arrays out, so Node tests prove it.
 */
import { applyWindow, fullRangeWindow, type VoiWindow } from './window-level';

export type StoredPixels = Uint8Array | Int8Array | Uint16Array | Int16Array;

export interface PixelImage {
  rows: number;
  columns: number;
  samplesPerPixel: number;
  /** MONOCHROME1, MONOCHROME2, RGB (others are refused by the decoder). */
  photometric: string;
  /** 0: RGBRGB…, 1: RRR…GGG…BBB… */
  planarConfiguration: number;
  pixels: StoredPixels;
  slope: number;
  intercept: number;
  /** The window the file suggests (first value of Window Center/Width), if any. */
  window?: VoiWindow;
}

export const isMonochrome = (image: PixelImage) =>
  image.samplesPerPixel === 1 && image.photometric.startsWith('MONOCHROME');

/** Smallest and largest stored value. */
export function storedRange(pixels: StoredPixels): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < pixels.length; i++) {
    const v = pixels[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return pixels.length ? { min, max } : { min: 0, max: 0 };
}

/** Smallest and largest modality value (a negative slope swaps the ends). */
export function modalityRange(image: PixelImage): { min: number; max: number } {
  const { min, max } = storedRange(image.pixels);
  const a = min * image.slope + image.intercept;
  const b = max * image.slope + image.intercept;
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

/** The window to start with: the file's, else the full range. */
export function initialWindow(image: PixelImage): VoiWindow {
  if (image.window && image.window.width > 0) return image.window;
  const { min, max } = modalityRange(image);
  return fullRangeWindow(min, max);
}

/**
 * A lookup table from stored value (offset by the smallest) to display grey,
 * inverted for MONOCHROME1 (PS3.3 C.7.6.3.1.2: minimum is white).
 */
export function greyLut(image: PixelImage, window: VoiWindow, range = storedRange(image.pixels)) {
  const lut = new Uint8ClampedArray(range.max - range.min + 1);
  const invert = image.photometric === 'MONOCHROME1';
  for (let i = 0; i < lut.length; i++) {
    const grey = applyWindow((range.min + i) * image.slope + image.intercept, window);
    lut[i] = invert ? 255 - grey : grey;
  }
  return { lut, offset: range.min };
}

/** RGBA pixels (for ImageData) of an image under a window; colour images ignore the window. */
export function toRgba(
  image: PixelImage,
  window: VoiWindow,
  out = new Uint8ClampedArray(image.rows * image.columns * 4),
  range?: { min: number; max: number },
): Uint8ClampedArray {
  const n = image.rows * image.columns;
  const src = image.pixels;
  if (isMonochrome(image)) {
    const { lut, offset } = greyLut(image, window, range);
    for (let i = 0, j = 0; i < n; i++, j += 4) {
      const grey = lut[src[i]! - offset]!;
      out[j] = grey;
      out[j + 1] = grey;
      out[j + 2] = grey;
      out[j + 3] = 255;
    }
    return out;
  }
  const planar = image.planarConfiguration === 1;
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    out[j] = src[planar ? i : i * 3]!;
    out[j + 1] = src[planar ? n + i : i * 3 + 1]!;
    out[j + 2] = src[planar ? 2 * n + i : i * 3 + 2]!;
    out[j + 3] = 255;
  }
  return out;
}
