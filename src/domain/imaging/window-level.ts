/**
 * Window/level (VOI LUT) for CT and MR, as PS3.3 C.11.2.1.2.1 defines the
 * linear function, with the usual presets. Values are modality values
 * (after rescale: Hounsfield units for CT). Pure.
 */

export interface VoiWindow {
  center: number;
  width: number;
}

/** Named presets (window width / level in HU), in the order the viewer offers them. */
export const WINDOW_PRESETS = {
  soft_tissue: { center: 40, width: 400 },
  lung: { center: -600, width: 1500 },
  bone: { center: 400, width: 1800 },
  brain: { center: 40, width: 80 },
} as const satisfies Record<string, VoiWindow>;

export type WindowPreset = keyof typeof WINDOW_PRESETS;

/**
 * The display value 0..255 of a modality value x (PS3.3 C.11.2.1.2.1):
 * 0 at or below c − 0.5 − (w−1)/2, 255 above c − 0.5 + (w−1)/2, linear between.
 */
export function applyWindow(x: number, { center, width }: VoiWindow): number {
  const w = Math.max(1, width);
  const low = center - 0.5 - (w - 1) / 2;
  const high = center - 0.5 + (w - 1) / 2;
  if (x <= low) return 0;
  if (x > high) return 255;
  return ((x - (center - 0.5)) / (w - 1) + 0.5) * 255;
}

/** Modality value of a stored value (PS3.3 C.11.1.1.2: slope and intercept). */
export const rescale = (stored: number, slope: number, intercept: number) =>
  stored * slope + intercept;

/**
 * The window after a drag of (dx, dy) pixels: right widens, left narrows,
 * down raises the level (brighter to darker, as radiology viewers do). The
 * step follows the image's range so a CT (4000 HU) and an 8-bit image both
 * move at a usable pace.
 */
export function dragWindow(window: VoiWindow, dx: number, dy: number, range: number): VoiWindow {
  const step = Math.max(range, 1) / 512;
  return {
    center: Math.round(window.center + dy * step),
    width: Math.max(1, Math.round(window.width + dx * step)),
  };
}

/** A window that shows the full range of modality values, when the file names none. */
export function fullRangeWindow(min: number, max: number): VoiWindow {
  return { center: (min + max) / 2, width: Math.max(1, max - min + 1) };
}
