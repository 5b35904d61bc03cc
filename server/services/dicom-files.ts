/**
 * DICOM Part 10 files of the studies, kept under DATA_DIR/dicom/{study}/.
 * A seeded study's files are made on first request from its recipe
 * (dicom-synth.ts, dicom-dataset.ts) and kept: never at start-up, so the
 * cold start stays within issue 15's budget. dcmjs is loaded on first use
 * (it takes about 0.4 s to import).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../db/db.js';
import {
  setInstanceFile,
  type InstanceRow,
  type SeriesRow,
  type StudyRow,
} from '../db/imaging.repo.js';
import {
  EXPLICIT_VR_LITTLE_ENDIAN,
  IMPLEMENTATION_CLASS_UID,
  syntheticDataset,
  type NaturalDataset,
} from './dicom-dataset.js';
import { syntheticFrame, type SyntheticFrame } from './dicom-synth.js';

type Dcmjs = typeof import('dcmjs').default;
let dcmjsModule: Promise<Dcmjs> | undefined;

/** dcmjs, imported once on first use. */
export function dcmjs(): Promise<Dcmjs> {
  dcmjsModule ??= import('dcmjs').then((module) => {
    module.default.log.setLevel?.('error');
    return module.default;
  });
  return dcmjsModule;
}

export type DicomInstance = InstanceRow & { seriesInstanceUid: string };

export interface DicomFiles {
  /** The instance's Part 10 bytes; undefined when the study has no file for it. */
  bytes(study: StudyRow, series: SeriesRow, instance: DicomInstance): Promise<Buffer | undefined>;
  /** The instance's attributes without PixelData. */
  dataset(
    study: StudyRow,
    series: SeriesRow,
    instance: DicomInstance,
  ): Promise<NaturalDataset | undefined>;
  /** The first frame's pixels with the attributes needed to render it. */
  frame(
    study: StudyRow,
    series: SeriesRow,
    instance: DicomInstance,
  ): Promise<{ frame: SyntheticFrame; dataset: NaturalDataset } | undefined>;
}

/** Writes a Part 10 file (Explicit VR Little Endian) of a naturalized dataset with its pixels. */
export async function writePartTen(
  dataset: NaturalDataset,
  frame: SyntheticFrame,
): Promise<Buffer> {
  const { data } = await dcmjs();
  const meta = {
    FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
    MediaStorageSOPClassUID: dataset.SOPClassUID,
    MediaStorageSOPInstanceUID: dataset.SOPInstanceUID,
    TransferSyntaxUID: EXPLICIT_VR_LITTLE_ENDIAN,
    ImplementationClassUID: IMPLEMENTATION_CLASS_UID,
    ImplementationVersionName: 'IMAGING_PORTAL_1',
  };
  const pixels = frame.pixels;
  const buffer = pixels.buffer.slice(pixels.byteOffset, pixels.byteOffset + pixels.byteLength);
  const dict = new data.DicomDict(data.DicomMetaDictionary.denaturalizeDataset(meta));
  dict.dict = data.DicomMetaDictionary.denaturalizeDataset({
    ...dataset,
    _vrMap: { PixelData: frame.bitsAllocated === 8 ? 'OB' : 'OW' },
    PixelData: buffer,
  });
  return Buffer.from(dict.write());
}

/** The naturalized dataset of Part 10 bytes (PixelData as ArrayBuffers). */
export async function readPartTen(bytes: Buffer): Promise<NaturalDataset> {
  const { data } = await dcmjs();
  const copy = new Uint8Array(bytes).buffer;
  const message = data.DicomMessage.readFile(copy);
  return data.DicomMetaDictionary.naturalizeDataset(message.dict) as NaturalDataset;
}

function frameOf(dataset: NaturalDataset): SyntheticFrame | undefined {
  const raw = (dataset.PixelData as ArrayBuffer[] | undefined)?.[0];
  if (!raw) return undefined;
  const bits = Number(dataset.BitsAllocated);
  const signed = Number(dataset.PixelRepresentation) === 1;
  const pixels =
    bits === 8
      ? new Uint8Array(raw)
      : signed
        ? new Int16Array(raw, 0, raw.byteLength >> 1)
        : new Uint16Array(raw, 0, raw.byteLength >> 1);
  return {
    rows: Number(dataset.Rows),
    columns: Number(dataset.Columns),
    bitsAllocated: bits === 8 ? 8 : 16,
    bitsStored: Number(dataset.BitsStored),
    pixelRepresentation: signed ? 1 : 0,
    pixels,
  };
}

export function createDicomFiles(db: Queryable, dataDir: string): DicomFiles {
  const root = join(dataDir, 'dicom');
  /** Files being made now, so two requests for one instance make it once. */
  const making = new Map<string, Promise<Buffer>>();

  const relativePath = (study: StudyRow, instance: DicomInstance) =>
    join('dicom', study.studyInstanceUid, `${instance.sopInstanceUid}.dcm`);

  const synthetic = (study: StudyRow, series: SeriesRow, instance: DicomInstance) => {
    if (!study.synthetic) return undefined;
    const dataset = syntheticDataset(study.synthetic, study, series, instance);
    const frame = () =>
      syntheticFrame(
        study.synthetic!,
        instance.instanceNumber - 1,
        series.instanceCount,
        instance.rows,
        instance.columns,
      );
    return { dataset, frame };
  };

  async function make(
    study: StudyRow,
    series: SeriesRow,
    instance: DicomInstance,
  ): Promise<Buffer> {
    const made = synthetic(study, series, instance)!;
    const bytes = await writePartTen(made.dataset, made.frame());
    const relative = relativePath(study, instance);
    const file = join(dataDir, relative);
    await mkdir(join(root, study.studyInstanceUid), { recursive: true, mode: 0o700 });
    // Written aside and renamed: another process reading the path sees a whole file or none.
    const partial = `${file}.${process.pid}.${instance.id}.tmp`;
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, file);
    await setInstanceFile(db, instance.id, relative);
    return bytes;
  }

  async function bytes(study: StudyRow, series: SeriesRow, instance: DicomInstance) {
    const relative = instance.filePath ?? relativePath(study, instance);
    const stored = await readFile(join(dataDir, relative)).catch(() => undefined);
    if (stored || !study.synthetic) return stored;
    let pending = making.get(instance.sopInstanceUid);
    if (!pending) {
      pending = make(study, series, instance).finally(() => making.delete(instance.sopInstanceUid));
      making.set(instance.sopInstanceUid, pending);
    }
    return pending;
  }

  return {
    bytes,
    async dataset(study, series, instance) {
      const made = synthetic(study, series, instance);
      if (made) return made.dataset;
      const stored = await bytes(study, series, instance);
      if (!stored) return undefined;
      const { PixelData: _pixels, ...rest } = await readPartTen(stored);
      return rest;
    },
    async frame(study, series, instance) {
      const made = synthetic(study, series, instance);
      if (made) return { dataset: made.dataset, frame: made.frame() };
      const stored = await bytes(study, series, instance);
      if (!stored) return undefined;
      const dataset = await readPartTen(stored);
      const frame = frameOf(dataset);
      return frame && { dataset, frame };
    },
  };
}
