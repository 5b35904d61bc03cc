/**
 * What the viewer shows of a series: which image, the window, zoom and pan,
 * and how keys, wheel and drags change it. Pure, so the rules are tested
 * without a browser; the canvas only draws the result.
 */
import { dragWindow, type VoiWindow } from '../../src/domain/imaging/window-level';

export interface ViewState {
  index: number;
  /** null: the image's own (initial) window. */
  window: VoiWindow | null;
  zoom: number;
  /** Offset of the image centre from the canvas centre, CSS pixels. */
  panX: number;
  panY: number;
}

export type DragMode = 'scroll' | 'window' | 'pan';

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 10;
/** A slice per this many CSS pixels of vertical drag or swipe. */
export const PIXELS_PER_SLICE = 6;

export const initialView = (index: number): ViewState => ({
  index,
  window: null,
  zoom: 1,
  panX: 0,
  panY: 0,
});

export const clampIndex = (index: number, count: number) =>
  Math.min(Math.max(0, Math.round(index)), Math.max(0, count - 1));

/** Zooms by `factor` keeping the point (x, y) from the canvas centre where it is. */
export function zoomAt(view: ViewState, factor: number, x = 0, y = 0): ViewState {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom * factor));
  const k = zoom / view.zoom;
  return { ...view, zoom, panX: x - (x - view.panX) * k, panY: y - (y - view.panY) * k };
}

/** The view after a key, or null when the key means nothing to the viewer. */
export function viewForKey(view: ViewState, key: string, count: number): ViewState | null {
  const go = (index: number) => ({ ...view, index: clampIndex(index, count) });
  switch (key) {
    case 'ArrowUp':
    case 'ArrowLeft':
      return go(view.index - 1);
    case 'ArrowDown':
    case 'ArrowRight':
      return go(view.index + 1);
    case 'PageUp':
      return go(view.index - 10);
    case 'PageDown':
      return go(view.index + 10);
    case 'Home':
      return go(0);
    case 'End':
      return go(count - 1);
    case '+':
    case '=':
      return zoomAt(view, 1.25);
    case '-':
      return zoomAt(view, 0.8);
    case '0':
    case 'r':
    case 'R':
      return { ...initialView(view.index) };
    default:
      return null;
  }
}

/** The view after dragging (dx, dy) CSS pixels since the drag's start view `from`. */
export function viewForDrag(
  from: ViewState,
  mode: DragMode,
  dx: number,
  dy: number,
  count: number,
  window: VoiWindow,
  range: number,
): ViewState {
  if (mode === 'pan') return { ...from, panX: from.panX + dx, panY: from.panY + dy };
  if (mode === 'window') return { ...from, window: dragWindow(window, dx, dy, range) };
  return { ...from, index: clampIndex(from.index + Math.trunc(dy / PIXELS_PER_SLICE), count) };
}
