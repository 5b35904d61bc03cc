/**
 * Rendered frames and thumbnails of WADO-RS (PS3.18 9.5 "rendered"): the
 * frame's modality LUT (rescale) and a linear VOI window (PS3.3 C.11.2.1.2),
 * down-sampled to the viewport, as an 8-bit grey PNG made with node:zlib.
 */
import { deflateSync } from 'node:zlib';
import type { NaturalDataset } from './dicom-dataset.js';
import type { SyntheticFrame } from './dicom-synth.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit greyscale PNG of `grey` (width × height bytes, row by row). */
export function encodePng(grey: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, colour type 0 (grey), no interlace
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    raw.set(grey.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const first = (value: unknown): number | undefined => {
  const v = Array.isArray(value) ? value[0] : value;
  const n = Number(v);
  return v === undefined || v === null || v === '' || !Number.isFinite(n) ? undefined : n;
};

export interface RenderOptions {
  /** Viewport: the largest width and height; the image keeps its aspect. */
  viewport?: { width: number; height: number };
  /** A VOI window to use instead of the dataset's first. */
  window?: { center: number; width: number };
}

/** A rendered PNG of a frame, windowed and fitted into the viewport. */
export function renderFrame(
  frame: SyntheticFrame,
  dataset: NaturalDataset,
  options: RenderOptions = {},
): Buffer {
  const slope = first(dataset.RescaleSlope) ?? 1;
  const intercept = first(dataset.RescaleIntercept) ?? 0;
  const max = 2 ** frame.bitsStored;
  const center =
    options.window?.center ?? first(dataset.WindowCenter) ?? (max / 2) * slope + intercept;
  const width = Math.max(1, options.window?.width ?? first(dataset.WindowWidth) ?? max * slope);
  const scale = options.viewport
    ? Math.min(1, options.viewport.width / frame.columns, options.viewport.height / frame.rows)
    : 1;
  const outWidth = Math.max(1, Math.round(frame.columns * scale));
  const outHeight = Math.max(1, Math.round(frame.rows * scale));
  const grey = new Uint8Array(outWidth * outHeight);
  const low = center - 0.5 - (width - 1) / 2;
  for (let y = 0; y < outHeight; y++) {
    const sy = Math.min(frame.rows - 1, Math.floor(y / scale));
    for (let x = 0; x < outWidth; x++) {
      const sx = Math.min(frame.columns - 1, Math.floor(x / scale));
      const value = (frame.pixels[sy * frame.columns + sx] ?? 0) * slope + intercept;
      const level = ((value - low) / (width - 1)) * 255;
      grey[y * outWidth + x] = level <= 0 ? 0 : level >= 255 ? 255 : Math.round(level);
    }
  }
  return encodePng(grey, outWidth, outHeight);
}
