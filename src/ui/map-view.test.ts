import { describe, expect, it } from 'vitest';
import { MAP_ZOOM, mapView } from './map-view';

const clinics = [
  { id: 1, latitude: -33.86, longitude: 151.2 },
  { id: 2, latitude: -33.8, longitude: 151.0 },
];

describe('map view (spec 9 map zoom)', () => {
  it('R-9-13: a chosen clinic is shown at the default zoom 16', () => {
    expect(mapView(clinics, null, 2)).toEqual({
      kind: 'point',
      latitude: -33.8,
      longitude: 151.0,
      zoom: 16,
    });
  });

  it('R-9-14: a region is shown at zoom 12', () => {
    expect(
      mapView(clinics, { latitude: -31.9, longitude: 115.8, zoom: 'region' }, null),
    ).toMatchObject({ zoom: 12 });
  });

  it('R-9-15: reset shows zoom 13 around the search point', () => {
    const view = mapView(clinics, { latitude: -33, longitude: 151, zoom: 'location' }, 1, true);
    expect(view).toEqual({ kind: 'point', latitude: -33, longitude: 151, zoom: MAP_ZOOM.reset });
  });

  it('a search point is shown with the nearest clinics; nothing chosen fits every clinic', () => {
    expect(
      mapView(clinics, { latitude: -33, longitude: 151, zoom: 'location' }, null),
    ).toMatchObject({ kind: 'fit' });
    expect(mapView(clinics, null, null)).toEqual({
      kind: 'fit',
      points: clinics.map(({ latitude, longitude }) => ({ latitude, longitude })),
    });
  });
});
