/**
 * The attachment viewer's zoom (spec 9, R-9-37/38): pinch or wheel zoom from
 * 1 (fit) up to a scale of 3; one wheel notch changes the scale by a factor
 * of 0.2.
 */
export const MIN_SCALE = 1;
export const MAX_SCALE = 3;
export const WHEEL_FACTOR = 0.2;

export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return MIN_SCALE;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** One wheel notch (or one +/- key press): up zooms in, down zooms out, by 20 % of the scale. */
export function wheelScale(scale: number, deltaY: number): number {
  if (deltaY === 0) return clampScale(scale);
  const direction = deltaY < 0 ? 1 : -1;
  return clampScale(scale * (1 + direction * WHEEL_FACTOR));
}

/** Two-finger pinch: the scale grows with the distance between the fingers. */
export function pinchScale(startScale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampScale(startScale);
  return clampScale(startScale * (distance / startDistance));
}

export interface Offset {
  x: number;
  y: number;
}

/**
 * Keeps a zoomed image covering its frame: the pan offset is limited to the
 * overflow on each side; at scale 1 there is nothing to pan.
 */
export function clampOffset(
  offset: Offset,
  scale: number,
  size: { width: number; height: number },
): Offset {
  const maxX = ((scale - 1) * size.width) / 2;
  const maxY = ((scale - 1) * size.height) / 2;
  const limit = (value: number, max: number) => Math.min(max, Math.max(-max, value)) || 0;
  return { x: limit(offset.x, maxX), y: limit(offset.y, maxY) };
}
