import { useStore } from '@nanostores/react';
import { useEffect, useState, type RefObject } from 'react';
import type { SeriesSummary } from '../../../src/api/dicomweb';
import { emit } from '../../../src/element/emit';
import { initialWindow, isMonochrome, modalityRange } from '../../../src/domain/imaging/pixels';
import { WINDOW_PRESETS } from '../../../src/domain/imaging/window-level';
import { useT } from '../../../src/i18n/useT';
import type { DecodedInstance } from '../dicom-decode';
import { clampIndex, initialView, zoomAt, type DragMode, type ViewState } from '../view-state';
import type { ViewerSession } from '../viewer.store';
import { SeriesStrip } from './SeriesStrip';
import { ViewerStage } from './ViewerStage';
import { ViewerToolbar } from './ViewerToolbar';

const ranges = new WeakMap<DecodedInstance, number>();
function rangeOf(image: DecodedInstance): number {
  let range = ranges.get(image);
  if (range === undefined) {
    const { min, max } = modalityRange(image.image);
    range = max - min;
    ranges.set(image, range);
  }
  return range;
}

export interface ImageViewerBodyProps {
  session: ViewerSession;
  series: SeriesSummary[];
  host: RefObject<HTMLElement | null>;
}

/** The loaded study: series strip, tools, the image stage, progress and notices. */
export function ImageViewerBody({ session, series, host }: ImageViewerBodyProps) {
  const t = useT();
  const seriesIndex = useStore(session.$seriesIndex);
  const images = useStore(session.$images);
  const thumbnails = useStore(session.$thumbnails);
  const opening = useStore(session.$opening);
  const trouble = useStore(session.$trouble);
  const [views, setViews] = useState<Record<string, ViewState>>({});
  const [mode, setMode] = useState<DragMode>('scroll');

  const current = series[seriesIndex]!;
  const uid = current.seriesInstanceUID;
  const entry = images[uid];
  const count = entry?.instances.length ?? current.instanceCount ?? 0;
  const view = views[uid] ?? initialView(opening[uid] ?? 0);
  const image = entry?.images[view.index];
  const window = view.window ?? (image ? initialWindow(image.image) : { center: 0, width: 1 });
  const loaded = entry?.loaded ?? 0;

  const onView = (change: (view: ViewState) => ViewState) =>
    setViews((all) => {
      const before = all[uid] ?? initialView(session.$opening.get()[uid] ?? 0);
      return { ...all, [uid]: change(before) };
    });

  useEffect(() => session.focus(uid, view.index), [session, uid, view.index]);

  useEffect(() => {
    if (image && !performance.getEntriesByName('imaging-image-viewer:first-image').length)
      performance.mark('imaging-image-viewer:first-image');
  }, [image]);

  useEffect(() => {
    if (!entry || !count || loaded < count) return;
    performance.mark(`imaging-image-viewer:all-images:${uid}`);
    emit(host.current, 'imaging-image-viewer-loaded', { seriesInstanceUID: uid, images: count });
  }, [entry, loaded, count, uid, host]);

  return (
    <div className="viewer__layout" data-series={uid}>
      <SeriesStrip
        series={series}
        selected={seriesIndex}
        thumbnails={thumbnails}
        onSelect={(index) => session.selectSeries(index)}
      />
      <div className="viewer__main">
        <ViewerToolbar
          mode={mode}
          onMode={setMode}
          presets={!image || isMonochrome(image.image)}
          onPreset={(preset) => onView((v) => ({ ...v, window: { ...WINDOW_PRESETS[preset] } }))}
          onStep={(delta) => onView((v) => ({ ...v, index: clampIndex(v.index + delta, count) }))}
          onZoom={(factor) => onView((v) => zoomAt(v, factor))}
          onReset={() => onView((v) => initialView(v.index))}
        />
        <ViewerStage
          image={image}
          failed={entry?.failed.has(view.index) ?? false}
          count={count}
          view={view}
          onView={onView}
          mode={mode}
          window={window}
          range={image ? rangeOf(image) : 1}
          seriesDescription={current.seriesDescription}
        />
        {loaded < count && (
          <p className="viewer__progress" part="progress">
            <progress max={count} value={loaded} aria-label={t('image_viewer.loading')} />
            <span>{t('image_viewer.progress', { loaded, total: count })}</span>
          </p>
        )}
        {trouble && (
          <p className="notice notice--warning viewer__trouble" role="alert" part="message">
            {t(trouble === 'expired' ? 'image_viewer.expired' : 'image_viewer.partial')}
            {trouble === 'partial' && (
              <button type="button" onClick={() => session.resume()}>
                {t('image_viewer.retry')}
              </button>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
