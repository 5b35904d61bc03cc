import { atom } from 'nanostores';

/**
 * Whether the maps service answered (spec 3 "Map state"; spec 7: "a failed
 * load marks the maps API as not loaded", R-7-calls-54). 'unknown' until a
 * map first loads; 'not-loaded' once the map's script or its tiles failed,
 * for the rest of the page's life: the clinic step then offers the clinic
 * list alone instead of a broken map, and asks the tile server no more.
 */
export type MapsApiState = 'unknown' | 'loaded' | 'not-loaded';

export const $mapsApi = atom<MapsApiState>('unknown');

export function markMapsLoaded(): void {
  if ($mapsApi.get() === 'unknown') $mapsApi.set('loaded');
}

export function markMapsNotLoaded(): void {
  $mapsApi.set('not-loaded');
}
