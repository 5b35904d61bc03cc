import { useRef, type KeyboardEvent } from 'react';
import type { VoiWindow } from '../../../src/domain/imaging/window-level';
import { useT } from '../../../src/i18n/useT';
import type { DecodedInstance } from '../dicom-decode';
import {
  clampIndex,
  viewForDrag,
  viewForKey,
  zoomAt,
  type DragMode,
  type ViewState,
} from '../view-state';
import { ImageCanvas } from './ImageCanvas';
import { InfoOverlay } from './InfoOverlay';
import { useGestures } from './useGestures';

export interface ViewerStageProps {
  image: DecodedInstance | undefined;
  /** The image at this index failed to load. */
  failed: boolean;
  count: number;
  view: ViewState;
  onView: (change: (view: ViewState) => ViewState) => void;
  mode: DragMode;
  window: VoiWindow;
  /** Range of modality values of the image (the window drag's pace). */
  range: number;
  seriesDescription: string;
}

/**
 * The one focusable region of the viewer: the image, its facts, and the
 * keyboard, wheel, drag and pinch controls (docs in the element's README).
 */
export function ViewerStage(props: ViewerStageProps) {
  const { image, count, view, onView, mode, window, range } = props;
  const t = useT();
  const region = useRef<HTMLDivElement>(null);
  const dragFrom = useRef(view);
  const current = useRef({ view, window, range, count });
  current.current = { view, window, range, count };

  useGestures(region, mode, {
    dragStart: () => (dragFrom.current = current.current.view),
    drag: (dragMode, dx, dy) => {
      const now = current.current;
      const from =
        dragMode === 'window' ? { ...dragFrom.current, index: now.view.index } : dragFrom.current;
      onView(() =>
        viewForDrag(from, dragMode, dx, dy, now.count, dragFromWindow(from, now.window), now.range),
      );
    },
    zoom: (factor, x, y) => onView((v) => zoomAt(v, factor, x, y)),
    pan: (dx, dy) => onView((v) => ({ ...v, panX: v.panX + dx, panY: v.panY + dy })),
    step: (delta) => onView((v) => ({ ...v, index: clampIndex(v.index + delta, count) })),
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const next = viewForKey(view, event.key, count);
    if (!next) return;
    event.preventDefault();
    onView(() => next);
  };

  return (
    <div
      ref={region}
      className="viewer__stage"
      part="stage"
      role="application"
      aria-roledescription={t('image_viewer.roledescription')}
      aria-label={t('image_viewer.region')}
      aria-describedby="viewer-position"
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-mode={mode}
      data-state={image ? 'shown' : props.failed ? 'failed' : 'loading'}
    >
      <ImageCanvas image={image} window={window} view={view} />
      <InfoOverlay
        info={image?.info}
        index={view.index}
        count={count}
        window={image && image.image.samplesPerPixel === 1 ? window : null}
        zoom={view.zoom}
        seriesDescription={props.seriesDescription}
      />
      {!image && (
        <p className="viewer__pending" role="status">
          {props.failed ? t('image_viewer.image_failed') : t('image_viewer.image_loading')}
        </p>
      )}
    </div>
  );
}

/** A window drag starts from the window shown when it started (the view's, or the image's own). */
function dragFromWindow(from: ViewState, shown: VoiWindow): VoiWindow {
  return from.window ?? shown;
}
