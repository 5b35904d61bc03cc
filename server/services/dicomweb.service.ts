/**
 * The read-only DICOMweb subset (PS3.18; docs/dicomweb.md): QIDO-RS search
 * of studies, series and instances, WADO-RS metadata, instances, frames and
 * rendered images, all within the one study a viewer token names.
 */
import { randomBytes } from 'node:crypto';
import { DICOM_UID_MAX, DICOM_UID_PATTERN } from '../../src/contract/imaging.js';
import type { Queryable } from '../db/db.js';
import {
  instancesOfStudy,
  seriesOfStudy,
  studyByUid,
  type SeriesRow,
  type StudyRow,
} from '../db/imaging.repo.js';
import { ApiError } from '../http/errors.js';
import type { DicomFiles, DicomInstance } from './dicom-files.js';
import {
  datasetJson,
  instanceJson,
  seriesJson,
  studyJson,
  withIncludeFields,
  type DicomJson,
  type DicomWebUrls,
} from './dicom-json.js';
import {
  createMetadataCache,
  fingerprintOf,
  METADATA_CACHE_BYTES,
} from './dicom-metadata-cache.js';
import { renderFrame, type RenderOptions } from './dicom-render.js';
import { DICOMWEB_ROOT } from './viewer-token.js';

export interface StudySearch {
  StudyInstanceUID?: string;
  PatientID?: string;
  AccessionNumber?: string;
  /** YYYYMMDD, or a range YYYYMMDD-YYYYMMDD with either end open. */
  StudyDate?: string;
  ModalitiesInStudy?: string;
  SeriesInstanceUID?: string;
  SOPInstanceUID?: string;
  Modality?: string;
  limit?: number;
  offset?: number;
  includefield?: string;
}

export interface Multipart {
  contentType: string;
  body: Buffer;
}

const UID = new RegExp(DICOM_UID_PATTERN);
const ABSOLUTE_ROOT = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}${DICOMWEB_ROOT}`;

export function dicomWebUrls(publicUrl: string): DicomWebUrls {
  const root = ABSOLUTE_ROOT(publicUrl);
  return {
    study: (st) => `${root}/studies/${st}`,
    series: (st, se) => `${root}/studies/${st}/series/${se}`,
    instance: (st, se, sop) => `${root}/studies/${st}/series/${se}/instances/${sop}`,
  };
}

/** DICOM date matching (PS3.4 C.2.2.2.5): a date or a range with one end open. */
export function matchesDate(date: string, query: string | undefined): boolean {
  if (!query) return true;
  const [from = '', to = from] = query.includes('-') ? query.split('-') : [query, query];
  return (!from || date >= from) && (!to || date <= to);
}

/** Several values of one attribute, comma- or backslash-separated, any of them matching. */
const anyOf = (query: string | undefined, values: string[]) =>
  !query || query.split(/[,\\]/).some((wanted) => values.includes(wanted));

function page<T>(items: T[], search: StudySearch): T[] {
  const offset = search.offset ?? 0;
  return items.slice(offset, search.limit === undefined ? undefined : offset + search.limit);
}

export function multipart(parts: Buffer[], type: string): Multipart {
  const boundary = `imaging-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts)
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Type: ${type}\r\n\r\n`),
      part,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    contentType: `multipart/related; type="${type}"; boundary=${boundary}`,
    body: Buffer.concat(chunks),
  };
}

export function createDicomWebService(
  db: Queryable,
  files: DicomFiles,
  {
    publicUrl,
    metadataCacheBytes = METADATA_CACHE_BYTES,
  }: { publicUrl: string; metadataCacheBytes?: number },
) {
  const urls = dicomWebUrls(publicUrl);
  const cache = createMetadataCache(metadataCacheBytes);

  /** The token's study, when it is the one the path names (or no study is named). */
  async function scopedStudy(scope: string, named?: string): Promise<StudyRow> {
    if (named !== undefined && named !== scope)
      throw new ApiError(403, 'message.viewer_token_scope');
    const study = await studyByUid(db, scope);
    if (!study) throw new ApiError(404, 'message.not_found');
    return study;
  }

  async function seriesOf(study: StudyRow, seriesUid?: string): Promise<SeriesRow[]> {
    const series = await seriesOfStudy(db, study.id, seriesUid);
    if (seriesUid && series.length === 0) throw new ApiError(404, 'message.not_found');
    return series;
  }

  async function instancesOf(study: StudyRow, seriesUid?: string, sopUid?: string) {
    const series = await seriesOf(study, seriesUid);
    const instances = await instancesOfStudy(db, study.id, { seriesUid, sopUid });
    if (sopUid && instances.length === 0) throw new ApiError(404, 'message.not_found');
    const byUid = new Map(series.map((s) => [s.seriesInstanceUid, s]));
    return instances.map((instance) => ({
      instance,
      series: byUid.get(instance.seriesInstanceUid)!,
    }));
  }

  const bulkUri = (study: StudyRow, series: SeriesRow, instance: DicomInstance) =>
    urls.instance(study.studyInstanceUid, series.seriesInstanceUid, instance.sopInstanceUid);

  return {
    scopedStudy,

    /** The study a path names, whatever the token (the audit of a refused read). */
    async studyNamed(uid: string): Promise<StudyRow | undefined> {
      return uid.length <= DICOM_UID_MAX && UID.test(uid) ? studyByUid(db, uid) : undefined;
    },

    async searchStudies(
      scope: string,
      search: StudySearch,
    ): Promise<{ study: StudyRow; json: DicomJson[] }> {
      const study = await scopedStudy(scope);
      const modalities = [...new Set((await seriesOf(study)).map((s) => s.modality))];
      const matches =
        (!search.StudyInstanceUID ||
          search.StudyInstanceUID.split(/[,\\]/).includes(study.studyInstanceUid)) &&
        (!search.PatientID || search.PatientID === study.patientId) &&
        (!search.AccessionNumber || search.AccessionNumber === study.accessionNumber) &&
        matchesDate(study.studyDate, search.StudyDate) &&
        anyOf(search.ModalitiesInStudy, modalities.length ? modalities : [study.modality]);
      const json = matches
        ? [studyJson(study, modalities.length ? modalities : [study.modality], urls)]
        : [];
      return { study, json: page(json, search) };
    },

    async searchSeries(scope: string, studyUid: string, search: StudySearch) {
      const study = await scopedStudy(scope, studyUid);
      const series = (await seriesOf(study)).filter(
        (s) =>
          anyOf(search.Modality, [s.modality]) &&
          (!search.SeriesInstanceUID || search.SeriesInstanceUID === s.seriesInstanceUid),
      );
      return {
        study,
        json: page(
          series.map((s) => seriesJson(study, s, urls)),
          search,
        ),
      };
    },

    async searchInstances(
      scope: string,
      studyUid: string,
      seriesUid: string | undefined,
      search: StudySearch,
    ) {
      const study = await scopedStudy(scope, studyUid);
      const include = (search.includefield ?? '').split(/[,\\]/).filter(Boolean);
      const found = page(
        (await instancesOf(study, seriesUid)).filter(
          ({ instance }) =>
            !search.SOPInstanceUID || search.SOPInstanceUID === instance.sopInstanceUid,
        ),
        search,
      );
      const json: DicomJson[] = [];
      for (const { instance, series } of found) {
        const base = instanceJson(study, series, instance, urls);
        if (include.length === 0) json.push(base);
        else {
          const dataset = await files.dataset(study, series, instance);
          const full = dataset ? await datasetJson(dataset, bulkUri(study, series, instance)) : {};
          json.push(withIncludeFields(base, full, include));
        }
      }
      return { study, json };
    },

    /** The dicom+json answer, serialized; kept in memory while its rows are unchanged. */
    async metadata(scope: string, studyUid: string, seriesUid?: string, sopUid?: string) {
      const study = await scopedStudy(scope, studyUid);
      const found = await instancesOf(study, seriesUid, sopUid);
      const make = async () => {
        const json: DicomJson[] = [];
        for (const { instance, series } of found) {
          const dataset = await files.dataset(study, series, instance);
          if (dataset) json.push(await datasetJson(dataset, bulkUri(study, series, instance)));
        }
        return JSON.stringify(json);
      };
      // A seeded study's metadata comes from its recipe: its files being written change nothing.
      const rows = [
        [...new Set(found.map(({ series }) => series))],
        found.map(({ instance }) => (study.synthetic ? { ...instance, filePath: null } : instance)),
      ];
      const key = `${studyUid}/${seriesUid ?? ''}/${sopUid ?? ''}`;
      return { study, body: await cache.answer(key, fingerprintOf([study, rows]), make) };
    },

    async retrieve(scope: string, studyUid: string, seriesUid?: string, sopUid?: string) {
      const study = await scopedStudy(scope, studyUid);
      const parts: Buffer[] = [];
      for (const { instance, series } of await instancesOf(study, seriesUid, sopUid)) {
        const bytes = await files.bytes(study, series, instance);
        if (bytes) parts.push(bytes);
      }
      if (parts.length === 0) throw new ApiError(404, 'message.images_not_available');
      return { study, reply: multipart(parts, 'application/dicom') };
    },

    /** The raw pixels of frame 1 (the only frame of these instances), little endian. */
    async frames(
      scope: string,
      studyUid: string,
      seriesUid: string,
      sopUid: string,
      frames: number[],
    ) {
      const study = await scopedStudy(scope, studyUid);
      const [found] = await instancesOf(study, seriesUid, sopUid);
      if (frames.some((n) => n !== 1)) throw new ApiError(404, 'message.not_found');
      const rendered = found && (await files.frame(study, found.series, found.instance));
      if (!rendered) throw new ApiError(404, 'message.images_not_available');
      const pixels = rendered.frame.pixels;
      const bytes = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
      return { study, reply: multipart([bytes], 'application/octet-stream') };
    },

    /** A PNG of one instance, or of the middle instance of a series or of the study's first series. */
    async rendered(
      scope: string,
      target: { study: string; series?: string; sop?: string },
      options: RenderOptions,
    ) {
      const study = await scopedStudy(scope, target.study);
      const all = await instancesOf(study, target.series, target.sop);
      const inFirstSeries = all.filter((i) => i.series.id === all[0]?.series.id);
      const chosen = inFirstSeries[Math.floor((inFirstSeries.length - 1) / 2)];
      const rendered = chosen && (await files.frame(study, chosen.series, chosen.instance));
      if (!rendered) throw new ApiError(404, 'message.images_not_available');
      return { study, png: renderFrame(rendered.frame, rendered.dataset, options) };
    },
  };
}

export type DicomWebService = ReturnType<typeof createDicomWebService>;
