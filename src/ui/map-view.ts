/**
 * Which part of the map to show (R-9-13..15): a chosen clinic at the
 * default zoom 16, a region at 12, and "reset" at 13 around the search
 * point. With neither, the clinics themselves decide (fit their bounds).
 */

export const MAP_ZOOM = { default: 16, region: 12, reset: 13 } as const;

export interface MapPoint {
  latitude: number;
  longitude: number;
}

export interface MapCenter extends MapPoint {
  /** What the point is: a region's centre or the patient's search point. */
  zoom: 'region' | 'location';
}

export type MapView =
  | { kind: 'point'; latitude: number; longitude: number; zoom: number }
  | { kind: 'fit'; points: MapPoint[] };

/** The view for the current choices; `reset` is the view of the reset button. */
export function mapView(
  clinics: readonly (MapPoint & { id: number })[],
  center: MapCenter | null,
  selectedId: number | null,
  reset = false,
): MapView {
  const selected = clinics.find((clinic) => clinic.id === selectedId);
  if (reset) {
    const point = center ?? selected ?? clinics[0];
    if (point)
      return {
        kind: 'point',
        latitude: point.latitude,
        longitude: point.longitude,
        zoom: MAP_ZOOM.reset,
      };
  }
  if (selected)
    return {
      kind: 'point',
      latitude: selected.latitude,
      longitude: selected.longitude,
      zoom: MAP_ZOOM.default,
    };
  if (center?.zoom === 'region')
    return { kind: 'point', ...pointOf(center), zoom: MAP_ZOOM.region };
  if (center)
    return { kind: 'fit', points: [pointOf(center), ...clinics.slice(0, 3).map(pointOf)] };
  return { kind: 'fit', points: clinics.map(pointOf) };
}

function pointOf(point: MapPoint): MapPoint {
  return { latitude: point.latitude, longitude: point.longitude };
}
