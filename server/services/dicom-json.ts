/**
 * The DICOM JSON model (PS3.18 F.2) of QIDO-RS results and WADO-RS
 * metadata. Search results are built from the database rows (no file is
 * read to answer a search); metadata is the instance's dataset without its
 * pixels, which are referenced by BulkDataURI.
 */
import type { InstanceRow, SeriesRow, StudyRow } from '../db/imaging.repo.js';
import type { NaturalDataset } from './dicom-dataset.js';
import { dcmjs } from './dicom-files.js';

export interface JsonAttribute {
  vr: string;
  Value?: unknown[];
  BulkDataURI?: string;
  InlineBinary?: string;
}
export type DicomJson = Record<string, JsonAttribute>;

function attr(vr: string, ...values: (string | number | null | undefined)[]): JsonAttribute {
  const present = values.filter((v) => v !== null && v !== undefined && v !== '');
  if (present.length === 0) return { vr };
  if (vr === 'PN') return { vr, Value: present.map((v) => ({ Alphabetic: String(v) })) };
  return { vr, Value: present };
}

export interface DicomWebUrls {
  study: (study: string) => string;
  series: (study: string, series: string) => string;
  instance: (study: string, series: string, sop: string) => string;
}

/** Study-level attributes of a QIDO-RS search (PS3.18 table 10.6.3-3). */
export function studyJson(study: StudyRow, modalities: string[], urls: DicomWebUrls): DicomJson {
  return {
    '00080005': attr('CS', 'ISO_IR 192'),
    '00080020': attr('DA', study.studyDate),
    '00080030': attr('TM', study.studyTime),
    '00080050': attr('SH', study.accessionNumber),
    '00080061': attr('CS', ...modalities),
    '00080090': attr('PN', study.referrerName),
    '00081030': attr('LO', study.description),
    '00081190': attr('UR', urls.study(study.studyInstanceUid)),
    '00100010': attr('PN', study.patientName),
    '00100020': attr('LO', study.patientId),
    '00100030': attr('DA', study.patientBirthDate),
    '00100040': attr('CS', study.patientSex),
    '0020000D': attr('UI', study.studyInstanceUid),
    '00200010': attr('SH', study.accessionNumber.replace(/\D/g, '').slice(-8) || '1'),
    '00201206': attr('IS', study.seriesCount),
    '00201208': attr('IS', study.instanceCount),
  };
}

/** Series-level attributes (PS3.18 table 10.6.3-4). */
export function seriesJson(study: StudyRow, series: SeriesRow, urls: DicomWebUrls): DicomJson {
  return {
    '00080005': attr('CS', 'ISO_IR 192'),
    '00080060': attr('CS', series.modality),
    '0008103E': attr('LO', series.description),
    '00081190': attr('UR', urls.series(study.studyInstanceUid, series.seriesInstanceUid)),
    '00180015': attr('CS', series.bodyPart),
    '0020000D': attr('UI', study.studyInstanceUid),
    '0020000E': attr('UI', series.seriesInstanceUid),
    '00200011': attr('IS', series.seriesNumber),
    '00201209': attr('IS', series.instanceCount),
  };
}

/** Instance-level attributes (PS3.18 table 10.6.3-5). */
export function instanceJson(
  study: StudyRow,
  series: SeriesRow,
  instance: InstanceRow,
  urls: DicomWebUrls,
): DicomJson {
  return {
    '00080005': attr('CS', 'ISO_IR 192'),
    '00080016': attr('UI', instance.sopClassUid),
    '00080018': attr('UI', instance.sopInstanceUid),
    '00080060': attr('CS', series.modality),
    '00081190': attr(
      'UR',
      urls.instance(study.studyInstanceUid, series.seriesInstanceUid, instance.sopInstanceUid),
    ),
    '0020000D': attr('UI', study.studyInstanceUid),
    '0020000E': attr('UI', series.seriesInstanceUid),
    '00200013': attr('IS', instance.instanceNumber),
    '00280008': attr('IS', instance.numberOfFrames),
    '00280010': attr('US', instance.rows),
    '00280011': attr('US', instance.columns),
  };
}

const BINARY = new Set(['OB', 'OW', 'OD', 'OF', 'OL', 'OV', 'UN']);
/** PS3.18 F.2.3: these value representations are JSON numbers. */
const NUMERIC = new Set(['DS', 'IS', 'FL', 'FD', 'SL', 'SS', 'UL', 'US', 'SV', 'UV']);

/** A naturalized dataset as DICOM JSON; binary values become BulkDataURIs under `bulkUri`. */
export async function datasetJson(dataset: NaturalDataset, bulkUri: string): Promise<DicomJson> {
  const { data } = await dcmjs();
  const dict = data.DicomMetaDictionary.denaturalizeDataset(dataset);
  const json: DicomJson = {};
  for (const [tag, element] of Object.entries(dict)) {
    if (tag.startsWith('_')) continue;
    const key = tag.toUpperCase();
    if (key === '7FE00010' || BINARY.has(element.vr)) {
      json[key] = { vr: element.vr, BulkDataURI: `${bulkUri}/bulkdata/${key}` };
      continue;
    }
    const present = (element.Value ?? []).filter((v) => v !== '' && v !== undefined && v !== null);
    const values = NUMERIC.has(element.vr) ? present.map(Number) : present;
    json[key] = values.length ? { vr: element.vr, Value: values } : { vr: element.vr };
  }
  // The frames of the instance as PS3.18 names them: clients fetch pixels from here.
  json['7FE00010'] = {
    vr: dataset.BitsAllocated === 8 ? 'OB' : 'OW',
    BulkDataURI: `${bulkUri}/frames/1`,
  };
  return json;
}

/** Keeps only the attributes a search returns by default plus `includefield` (or all with 'all'). */
export function withIncludeFields(json: DicomJson, full: DicomJson, include: string[]): DicomJson {
  if (include.includes('all')) return { ...full, ...json };
  const extra: DicomJson = {};
  for (const tag of include) {
    const value = full[tag];
    if (value) extra[tag] = value;
  }
  return { ...json, ...extra };
}
