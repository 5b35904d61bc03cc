import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/useT';
import mapCss from './clinic-map.css?inline';
import { LAND_OUTLINE } from './land-outline';
import { mapView, type MapCenter } from './map-view';
import { probeTiles } from './tile-probe';

export interface MapClinic {
  id: number;
  name: string;
  address: string;
  suburb: string;
  latitude: number;
  longitude: number;
}

export interface ClinicMapProps {
  clinics: readonly MapClinic[];
  center: MapCenter | null;
  selectedId: number | null;
  /** Tile URL template from config (integration.mapsTileUrl); `{key}` becomes mapsKey. Empty: outline only. */
  tileUrl: string;
  mapsKey: string;
  onSelect: (id: number) => void;
  /**
   * Whether the maps service loaded: true once a tile came, false when the
   * map's script or the tile server failed (the map then stays without tiles).
   */
  onMapsLoad?: (loaded: boolean) => void;
}

type LeafletModule = typeof Leaflet;

const sheets = new Map<string, CSSStyleSheet>();

/** Leaflet's CSS and ours are adopted into the shadow root the map is in (document styles do not reach it). */
function adopt(node: Node, css: string): void {
  const root = node.getRootNode();
  if (!(root instanceof ShadowRoot)) return;
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

async function loadLeaflet(): Promise<{ L: LeafletModule; css: string }> {
  const [module, css] = await Promise.all([
    import('leaflet'),
    import('leaflet/dist/leaflet.css?inline'),
  ]);
  const L = ((module as unknown as { default?: LeafletModule }).default ?? module) as LeafletModule;
  return { L, css: css.default };
}

/**
 * The clinics on a Leaflet map (R-2.4-22), loaded on first use. A bundled
 * land outline lies under the tiles, so the map is readable without them.
 * The tile layer is added only after one tile loaded (tile-probe.ts); a
 * failed script or tile server is reported through onMapsLoad
 * (R-7-calls-54). Markers are keyboard-focusable buttons whose popups hold
 * a real "Choose" button.
 */
export function ClinicMap({
  clinics,
  center,
  selectedId,
  tileUrl,
  mapsKey,
  onSelect,
  onMapsLoad,
}: ClinicMapProps) {
  const t = useT();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<{ L: LeafletModule; map: Leaflet.Map; markers: Leaflet.LayerGroup } | null>(
    null,
  );
  const [ready, setReady] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(!tileUrl);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const onMapsLoadRef = useRef(onMapsLoad);
  onMapsLoadRef.current = onMapsLoad;

  useEffect(() => {
    let cancelled = false;
    const report = (loaded: boolean) => {
      if (!cancelled) onMapsLoadRef.current?.(loaded);
    };
    void loadLeaflet().then(
      async ({ L, css }) => {
        const node = element.current;
        if (cancelled || !node) return;
        adopt(node, css);
        adopt(node, mapCss);
        const instance = L.map(node, { worldCopyJump: false, attributionControl: true });
        instance.createPane('land').style.zIndex = '150';
        L.geoJSON(LAND_OUTLINE, {
          pane: 'land',
          interactive: false,
          style: { className: 'map-land' },
        }).addTo(instance);
        map.current = { L, map: instance, markers: L.layerGroup().addTo(instance) };
        setReady(true);
        if (!tileUrl) return;
        const url = tileUrl.replace('{key}', encodeURIComponent(mapsKey));
        const answered = await probeTiles(L, url);
        report(answered);
        if (!answered || cancelled) return;
        const layer = L.tileLayer(url, {
          attribution: '© OpenStreetMap contributors',
          maxZoom: 19,
        });
        layer.on('tileerror', () => setTilesFailed(true));
        layer.addTo(instance);
      },
      () => report(false),
    );
    return () => {
      cancelled = true;
      map.current?.map.remove();
      map.current = null;
    };
  }, [tileUrl, mapsKey]);

  useEffect(() => {
    const current = map.current;
    if (!ready || !current) return;
    const { L, markers } = current;
    markers.clearLayers();
    for (const clinic of clinics) {
      const marker = L.marker([clinic.latitude, clinic.longitude], {
        icon: L.divIcon({
          className: 'map-marker',
          iconSize: [28, 28],
          iconAnchor: [14, 28],
          popupAnchor: [0, -26],
        }),
        title: clinic.name,
        alt: clinic.name,
        keyboard: true,
      });
      marker.bindPopup(() =>
        popupContent(clinic, t('booking.map.choose'), () => onSelectRef.current(clinic.id)),
      );
      marker.addTo(markers);
      if (clinic.id === selectedId) marker.getElement()?.classList.add('map-marker--selected');
    }
  }, [ready, clinics, selectedId, t]);

  useEffect(() => {
    if (ready) show(false);
  }, [ready, clinics, center?.latitude, center?.longitude, center?.zoom, selectedId]);

  function show(reset: boolean): void {
    const current = map.current;
    if (!current) return;
    const view = mapView(clinics, center, selectedId, reset);
    if (view.kind === 'point') current.map.setView([view.latitude, view.longitude], view.zoom);
    else if (view.points.length > 0)
      current.map.fitBounds(
        current.L.latLngBounds(view.points.map((p) => [p.latitude, p.longitude])),
        {
          padding: [32, 32],
          maxZoom: 16,
        },
      );
    else current.map.setView([-28, 145], 4);
  }

  return (
    <div className="clinic-map" part="map">
      <div
        ref={element}
        className="clinic-map__canvas"
        role="region"
        aria-label={t('booking.map.label')}
      />
      <div className="clinic-map__bar">
        <button
          type="button"
          className="button"
          data-variant="ghost"
          disabled={!ready}
          onClick={() => show(true)}
        >
          {t('booking.map.reset')}
        </button>
        {tilesFailed && (
          <p className="clinic-map__note" role="status">
            {t('booking.map.offline')}
          </p>
        )}
      </div>
    </div>
  );
}

/** Popup content built as DOM nodes (never an HTML string): the name, the address and a real button. */
function popupContent(clinic: MapClinic, chooseLabel: string, onChoose: () => void): HTMLElement {
  const box = document.createElement('div');
  box.className = 'map-popup';
  const name = document.createElement('strong');
  name.textContent = clinic.name;
  const address = document.createElement('p');
  address.textContent = `${clinic.address}, ${clinic.suburb}`;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button';
  button.textContent = `${chooseLabel} ${clinic.name}`;
  button.addEventListener('click', onChoose);
  box.append(name, address, button);
  return box;
}
