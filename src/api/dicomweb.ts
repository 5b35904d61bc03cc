/**
 * The DICOMweb calls of the built-in image viewer (PS3.18): QIDO-RS search
 * of a study's series and instances, WADO-RS retrieval of instances
 * (multipart/related; type="application/dicom") and of rendered frames for
 * thumbnails. The service may sit on another origin than the portal's API,
 * so these calls use their own base and the study's short-lived viewer
 * token (`Authorization: Bearer`), never the portal's session cookie.
 */
import { boundaryOf, parseMultipart } from '../domain/imaging/multipart';

export interface DicomwebTarget {
  /** The service root, e.g. https://provider.example/dicomweb (no trailing slash needed). */
  base: string;
  studyInstanceUID: string;
  token: string;
}

export interface SeriesSummary {
  seriesInstanceUID: string;
  modality: string;
  seriesDescription: string;
  seriesNumber: number | null;
  instanceCount: number | null;
}

export interface InstanceSummary {
  sopInstanceUID: string;
  instanceNumber: number | null;
}

/** A refused or failed DICOMweb call; `expired` when the token is no longer accepted. */
export class DicomwebError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DicomwebError';
  }

  get expired(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

type DicomJson = Record<string, { vr?: string; Value?: unknown[] }>;

const first = (item: DicomJson, tag: string): unknown => item[tag]?.Value?.[0];
const text = (item: DicomJson, tag: string): string => {
  const value = first(item, tag);
  return typeof value === 'string' ? value : '';
};
const integer = (item: DicomJson, tag: string): number | null => {
  const value = Number(first(item, tag));
  return first(item, tag) === undefined || !Number.isFinite(value) ? null : value;
};

const studyPath = (target: DicomwebTarget) =>
  `${target.base.replace(/\/+$/, '')}/studies/${encodeURIComponent(target.studyInstanceUID)}`;

async function call(
  target: DicomwebTarget,
  path: string,
  accept: string,
  signal?: AbortSignal,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${studyPath(target)}${path}`, {
      headers: { accept, authorization: `Bearer ${target.token}` },
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new DicomwebError(0, `network: ${String(error)}`);
  }
  if (!response.ok) throw new DicomwebError(response.status, `${response.status} ${path}`);
  return response;
}

/** QIDO-RS: the study's series, by series number. An empty answer (204) is no series. */
export async function searchSeries(
  target: DicomwebTarget,
  signal?: AbortSignal,
): Promise<SeriesSummary[]> {
  const response = await call(target, '/series', 'application/dicom+json', signal);
  const body = response.status === 204 ? [] : ((await response.json()) as DicomJson[]);
  return body
    .map((item) => ({
      seriesInstanceUID: text(item, '0020000E'),
      modality: text(item, '00080060'),
      seriesDescription: text(item, '0008103E'),
      seriesNumber: integer(item, '00200011'),
      instanceCount: integer(item, '00201209'),
    }))
    .filter((series) => series.seriesInstanceUID)
    .sort((a, b) => (a.seriesNumber ?? 1e9) - (b.seriesNumber ?? 1e9));
}

/** QIDO-RS: a series' instances, by instance number. */
export async function searchInstances(
  target: DicomwebTarget,
  seriesInstanceUID: string,
  signal?: AbortSignal,
): Promise<InstanceSummary[]> {
  const path = `/series/${encodeURIComponent(seriesInstanceUID)}/instances`;
  const response = await call(target, path, 'application/dicom+json', signal);
  const body = response.status === 204 ? [] : ((await response.json()) as DicomJson[]);
  return body
    .map((item) => ({
      sopInstanceUID: text(item, '00080018'),
      instanceNumber: integer(item, '00200013'),
    }))
    .filter((instance) => instance.sopInstanceUID)
    .sort((a, b) => (a.instanceNumber ?? 1e9) - (b.instanceNumber ?? 1e9));
}

/** WADO-RS: one instance as its Part 10 bytes (the first part of the multipart answer). */
export async function retrieveInstance(
  target: DicomwebTarget,
  seriesInstanceUID: string,
  sopInstanceUID: string,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const path = `/series/${encodeURIComponent(seriesInstanceUID)}/instances/${encodeURIComponent(sopInstanceUID)}`;
  const response = await call(target, path, 'multipart/related; type="application/dicom"', signal);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const boundary = boundaryOf(response.headers.get('content-type'));
  // A service that answers with the bare file (application/dicom) is read as is.
  if (!boundary) return bytes;
  const part = parseMultipart(bytes, boundary)[0];
  if (!part) throw new DicomwebError(response.status, 'multipart: no part');
  return part.body;
}

/** WADO-RS rendered: the first frame of an instance as an image (thumbnails). */
export async function retrieveRendered(
  target: DicomwebTarget,
  seriesInstanceUID: string,
  sopInstanceUID: string,
  signal?: AbortSignal,
): Promise<Blob> {
  const path = `/series/${encodeURIComponent(seriesInstanceUID)}/instances/${encodeURIComponent(sopInstanceUID)}/frames/1/rendered`;
  const response = await call(target, path, 'image/png, image/jpeg;q=0.9', signal);
  return response.blob();
}
