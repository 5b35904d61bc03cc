/**
 * One viewer's session with a DICOMweb service: the study's series (QIDO),
 * their thumbnails (rendered frames), and each series' instances streamed in
 * (WADO-RS), the shown one first. A factory rather than module stores: two
 * viewers on a page show two studies. Nothing loaded is ever dropped: a
 * refused token stops the queue with a notice, and a new token (or a retry)
 * loads only what is missing.
 */
import { atom, map } from 'nanostores';
import {
  DicomwebError,
  retrieveInstance,
  retrieveRendered,
  searchInstances,
  searchSeries,
  type DicomwebTarget,
  type InstanceSummary,
  type SeriesSummary,
} from '../../src/api/dicomweb';
import type { DecodedInstance } from './dicom-decode';
import { loadOrder, openingIndex } from './load-order';

/** At most this many instance downloads at once (HTTP/1.1 allows six per origin). */
const PARALLEL = 5;

export type StudyState =
  | { state: 'loading' }
  | { state: 'loaded'; series: SeriesSummary[] }
  | { state: 'failed'; reason: 'not_available' | 'expired' };

export interface SeriesImages {
  instances: InstanceSummary[];
  images: (DecodedInstance | undefined)[];
  failed: Set<number>;
  loaded: number;
}

/** Why some images are missing: the token was refused, or some downloads failed. */
export type Trouble = 'expired' | 'partial' | null;

export function createViewerSession(initial: DicomwebTarget) {
  let target = initial;
  const $study = atom<StudyState>({ state: 'loading' });
  const $seriesIndex = atom(0);
  const $images = map<Record<string, SeriesImages>>({});
  const $thumbnails = map<Record<string, string>>({});
  const $trouble = atom<Trouble>(null);
  /** The index each series shows first (set when its list arrives). */
  const $opening = map<Record<string, number>>({});
  /** Resolves the time of the first image shown (for the bench). */
  let shown: (time: number) => void = () => undefined;
  const firstImage = new Promise<number>((resolve) => (shown = resolve));
  const controller = new AbortController();
  const queue: { series: string; index: number }[] = [];
  let running = 0;
  /**
   * The DICOM parser (dicom-parser, about 8 kB gzipped) is its own chunk,
   * asked for as the session starts: it arrives while the study's first QIDO
   * request is in flight, so the element's first paint does not wait for it
   * and the first image does not either (issue 15 part 4, issue 17).
   */
  const decoder = import('./dicom-decode');
  decoder.catch(() => undefined); // a failed chunk shows as images that failed to load

  function fail(error: unknown): void {
    if (controller.signal.aborted) return;
    if (error instanceof DicomwebError && error.expired) $trouble.set('expired');
    else if ($trouble.get() !== 'expired') $trouble.set('partial');
  }

  function update(uid: string, change: (images: SeriesImages) => SeriesImages): void {
    const current = $images.get()[uid];
    if (current) $images.setKey(uid, change(current));
  }

  async function loadOne(series: string, index: number): Promise<void> {
    const entry = $images.get()[series];
    const instance = entry?.instances[index];
    if (!instance || entry.images[index]) return;
    try {
      const bytes = await retrieveInstance(
        target,
        series,
        instance.sopInstanceUID,
        controller.signal,
      );
      const decoded = (await decoder).decodeInstance(bytes);
      update(series, (images) => {
        const next = images.images.slice();
        next[index] = decoded;
        const failed = new Set(images.failed);
        failed.delete(index);
        return { ...images, images: next, failed, loaded: images.loaded + 1 };
      });
      shown(performance.now());
    } catch (error) {
      fail(error);
      update(series, (images) => ({ ...images, failed: new Set(images.failed).add(index) }));
    }
  }

  function pump(): void {
    while (running < PARALLEL && queue.length && $trouble.get() !== 'expired') {
      const next = queue.shift()!;
      running++;
      void loadOne(next.series, next.index).finally(() => {
        running--;
        pump();
      });
    }
  }

  /** Queues a series' missing images, outwards from `start`, ahead of other series. */
  function stream(series: string, start: number): void {
    const entry = $images.get()[series];
    if (!entry) return;
    const wanted = loadOrder(entry.instances.length, start).filter((i) => !entry.images[i]);
    const others = queue.filter((item) => item.series !== series);
    queue.length = 0;
    queue.push(...wanted.map((index) => ({ series, index })), ...others);
    pump();
  }

  async function openSeries(uid: string): Promise<void> {
    if (!$images.get()[uid]) {
      try {
        const instances = await searchInstances(target, uid, controller.signal);
        if (!$images.get()[uid]) {
          $opening.setKey(uid, openingIndex(instances.length));
          $images.setKey(uid, { instances, images: [], failed: new Set(), loaded: 0 });
        }
      } catch (error) {
        fail(error);
        return;
      }
    }
    stream(uid, $opening.get()[uid] ?? 0);
  }

  async function loadThumbnail(series: SeriesSummary): Promise<void> {
    try {
      const instances =
        $images.get()[series.seriesInstanceUID]?.instances ??
        (await searchInstances(target, series.seriesInstanceUID, controller.signal));
      const middle = instances[openingIndex(instances.length)];
      if (!middle) return;
      const blob = await retrieveRendered(
        target,
        series.seriesInstanceUID,
        middle.sopInstanceUID,
        controller.signal,
      );
      $thumbnails.setKey(series.seriesInstanceUID, URL.createObjectURL(blob));
    } catch {
      // A missing thumbnail leaves the series' text on its button: nothing to tell.
    }
  }

  async function start(): Promise<void> {
    try {
      const series = await searchSeries(target, controller.signal);
      if (!series.length) return $study.set({ state: 'failed', reason: 'not_available' });
      $study.set({ state: 'loaded', series });
      await openSeries(series[0]!.seriesInstanceUID);
      for (const item of series) void loadThumbnail(item);
    } catch (error) {
      if (controller.signal.aborted) return;
      const expired = error instanceof DicomwebError && error.expired;
      $study.set({ state: 'failed', reason: expired ? 'expired' : 'not_available' });
    }
  }

  return {
    $study,
    $seriesIndex,
    $images,
    $thumbnails,
    $trouble,
    $opening,
    firstImage,
    start,
    /** Shows another series: its images stream in ahead of the rest. */
    selectSeries(index: number): void {
      const study = $study.get();
      const series = study.state === 'loaded' ? study.series[index] : undefined;
      if (!series) return;
      $seriesIndex.set(index);
      void openSeries(series.seriesInstanceUID);
    },
    /** The user moved to `index`: missing images load outwards from there. */
    focus(series: string, index: number): void {
      if ($images.get()[series]?.images[index]) return;
      stream(series, index);
    },
    /** A new token (the host refreshed it) or a retry: loads what is missing, keeps the rest. */
    resume(next?: Partial<DicomwebTarget>): void {
      target = { ...target, ...next };
      $trouble.set(null);
      const study = $study.get();
      if (study.state !== 'loaded') {
        $study.set({ state: 'loading' });
        void start();
        return;
      }
      const current = study.series[$seriesIndex.get()];
      if (current) void openSeries(current.seriesInstanceUID);
    },
    dispose(): void {
      controller.abort();
      for (const url of Object.values($thumbnails.get())) URL.revokeObjectURL(url);
    },
  };
}

export type ViewerSession = ReturnType<typeof createViewerSession>;
