/**
 * One DICOM instance (Part 10 bytes) → the pixel image and the facts the
 * viewer shows, with dicom-parser (explicit and implicit VR little endian,
 * 8- and 16-bit, signed or unsigned, MONOCHROME1/2 and RGB). Compressed or
 * big-endian transfer syntaxes are refused: the viewer asks WADO-RS for the
 * default (explicit VR little endian) and the portal stores uncompressed.
 */
import * as dicomParserModule from 'dicom-parser';
import type { DataSet } from 'dicom-parser';
import type { PixelImage, StoredPixels } from '../../src/domain/imaging/pixels';

// dicom-parser is a UMD bundle: bundlers expose its exports by name, Node's
// ESM loader (the test stubs under tsx) only as `default`.
const { parseDicom } =
  (dicomParserModule as unknown as { default?: typeof dicomParserModule }).default ??
  dicomParserModule;

export interface InstanceInfo {
  sopInstanceUID: string;
  patientName: string;
  studyDate: string;
  modality: string;
  seriesDescription: string;
  instanceNumber: number | null;
  sliceLocation: number | null;
}

export interface DecodedInstance {
  image: PixelImage;
  info: InstanceInfo;
}

const UNCOMPRESSED = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1']);

/** PN as people read it: "Citizen^Jane" → "Citizen, Jane". */
export function personName(value: string): string {
  const [family = '', given = '', middle = ''] = value.split('=')[0]!.split('^');
  const rest = [given, middle].filter(Boolean).join(' ');
  return rest ? `${family}, ${rest}` : family;
}

const numberOf = (data: DataSet, tag: string): number | null => {
  const value = data.floatString(tag);
  return value === undefined || Number.isNaN(value) ? null : value;
};

/** The stored values as a typed array of the right kind (copied: the offset may be odd). */
function storedPixels(data: DataSet, bytes: Uint8Array, bitsAllocated: number, signed: boolean) {
  const element = data.elements.x7fe00010;
  if (!element) throw new Error('DICOM: no pixel data');
  const start = bytes.byteOffset + element.dataOffset;
  const buffer = bytes.buffer.slice(start, start + element.length);
  if (bitsAllocated === 8) return signed ? new Int8Array(buffer) : new Uint8Array(buffer);
  if (bitsAllocated === 16) return signed ? new Int16Array(buffer) : new Uint16Array(buffer);
  throw new Error(`DICOM: ${bitsAllocated} bits allocated is not supported`);
}

/** Signed values stored in fewer bits than allocated carry their sign in bit BitsStored−1. */
function signExtend(pixels: StoredPixels, bitsStored: number, bitsAllocated: number): void {
  const shift = bitsAllocated - bitsStored;
  if (shift <= 0 || !(pixels instanceof Int16Array || pixels instanceof Int8Array)) return;
  for (let i = 0; i < pixels.length; i++) pixels[i] = (pixels[i]! << shift) >> shift;
}

export function decodeInstance(bytes: Uint8Array): DecodedInstance {
  const data = parseDicom(bytes);
  const syntax = data.string('x00020010') ?? '1.2.840.10008.1.2.1';
  if (!UNCOMPRESSED.has(syntax)) throw new Error(`DICOM: transfer syntax ${syntax} not supported`);
  const bitsAllocated = data.uint16('x00280100') ?? 16;
  const bitsStored = data.uint16('x00280101') ?? bitsAllocated;
  const signed = data.uint16('x00280103') === 1;
  const samplesPerPixel = data.uint16('x00280002') ?? 1;
  const photometric = data.string('x00280004') ?? 'MONOCHROME2';
  if (!/^(MONOCHROME[12]|RGB)$/.test(photometric))
    throw new Error(`DICOM: ${photometric} is not supported`);
  const pixels = storedPixels(data, bytes, bitsAllocated, signed);
  signExtend(pixels, bitsStored, bitsAllocated);
  const center = numberOf(data, 'x00281050');
  const width = numberOf(data, 'x00281051');
  const image: PixelImage = {
    rows: data.uint16('x00280010') ?? 0,
    columns: data.uint16('x00280011') ?? 0,
    samplesPerPixel,
    photometric,
    planarConfiguration: data.uint16('x00280006') ?? 0,
    pixels,
    slope: numberOf(data, 'x00281053') ?? 1,
    intercept: numberOf(data, 'x00281052') ?? 0,
    window: center !== null && width !== null && width > 0 ? { center, width } : undefined,
  };
  if (pixels.length < image.rows * image.columns * samplesPerPixel)
    throw new Error('DICOM: pixel data shorter than the image');
  const info: InstanceInfo = {
    sopInstanceUID: data.string('x00080018') ?? '',
    patientName: personName(data.string('x00100010') ?? ''),
    studyDate: data.string('x00080020') ?? '',
    modality: data.string('x00080060') ?? '',
    seriesDescription: data.string('x0008103e') ?? '',
    instanceNumber: numberOf(data, 'x00200013'),
    sliceLocation: numberOf(data, 'x00201041'),
  };
  return { image, info };
}
