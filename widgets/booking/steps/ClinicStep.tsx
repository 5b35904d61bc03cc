import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../../src/stores/useQuietStore';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { serializeFlowParams } from '../../../src/domain/booking/flow-params';
import { useT } from '../../../src/i18n/useT';
import type { ClinicMapProps } from '../../../src/ui/ClinicMap';
import { $integrationConfig, $radiologyConfig } from '../../../src/stores/config.store';
import { redirectTo } from '../booking-options.store';
import { $booking } from '../booking.store';
import { $clinicChoices, $clinics, reloadClinics, resolveLocation } from '../clinics.store';
import { chooseClinic } from '../flow.store';
import { $selectedRegion } from '../regions.store';
import { $mapsApi, markMapsLoaded, markMapsNotLoaded } from '../maps.store';
import { BookingSummary } from '../parts/BookingSummary';
import { ClinicList } from '../parts/ClinicList';
import { LocationSearch } from '../parts/LocationSearch';

// Leaflet loads only when the map is shown (not in the first load, checked by npm run bench).
// A chunk that does not arrive marks the maps as not loaded rather than breaking the step.
const NoMap: ComponentType<ClinicMapProps> = () => null;
const ClinicMap = lazy(() =>
  import('../../../src/ui/ClinicMap').then(
    (module) => ({ default: module.ClinicMap }),
    () => {
      markMapsNotLoaded();
      return { default: NoMap };
    },
  ),
);

const onMapsLoad = (loaded: boolean) => (loaded ? markMapsLoaded() : markMapsNotLoaded());

type View = 'list' | 'map';

/**
 * R-4-slots-19: a clinic page whose clinic does not offer the chosen exam
 * sends the patient to the full portal (radiology homeUrl), exam kept.
 */
function useRedirectToPortal(): void {
  const { params } = useStore($booking);
  const clinics = useStore($clinics);
  const choices = useStore($clinicChoices);
  const radiology = useQuietStore($radiologyConfig);
  const portal = radiology?.homeUrl ?? '';
  const notOffered =
    params.clinicId !== null &&
    params.examSlugs.length > 0 &&
    clinics.state === 'loaded' &&
    choices.length === 0;
  useEffect(() => {
    if (!notOffered || !portal) return;
    const query = serializeFlowParams(
      { ...params, clinicId: null, selectedClinic: null, extra: [] },
      'clinic',
    );
    redirectTo(
      new URL(`select-region?${query}`, portal.endsWith('/') ? portal : `${portal}/`).href,
      'booking.redirect.not_offered',
    );
  }, [notOffered, portal]);
}

/** Step 2: find a clinic by region, location or post code (R-1-12, R-2.4-22); the list is the primary view. */
export function ClinicStep() {
  const t = useT();
  const { params } = useStore($booking);
  const clinics = useStore($clinics);
  const choices = useStore($clinicChoices);
  const region = useStore($selectedRegion);
  const integration = useQuietStore($integrationConfig);
  const mapsApi = useStore($mapsApi);
  const [view, setView] = useState<View>('list');
  useRedirectToPortal();

  // R-4-slots-02: the location comes from the region, the URL, the kiosk, or is looked up.
  useEffect(() => {
    void resolveLocation();
  }, []);
  const center =
    params.lat !== null && params.lng !== null
      ? { latitude: params.lat, longitude: params.lng, zoom: 'location' as const }
      : region
        ? { latitude: region.latitude, longitude: region.longitude, zoom: 'region' as const }
        : null;

  return (
    <section className="step" aria-labelledby="booking-step-title" part="step" data-maps={mapsApi}>
      <h1 id="booking-step-title" className="step__title" tabIndex={-1}>
        {t('booking.clinic.title')}
      </h1>
      <BookingSummary upTo="exam" />
      <LocationSearch />
      <div className="segmented" role="group" aria-label={t('booking.clinic.view_label')}>
        <button
          type="button"
          className="segmented__option"
          aria-pressed={view === 'list'}
          onClick={() => setView('list')}
        >
          {t('booking.clinic.view_list')}
        </button>
        <button
          type="button"
          className="segmented__option"
          aria-pressed={view === 'map'}
          onClick={() => setView('map')}
        >
          {t('booking.clinic.view_map')}
        </button>
      </div>
      {clinics.state === 'failed' && (
        <div role="alert" className="notice notice--error">
          <p>{t(clinics.error.messageKey)}</p>
          <button type="button" className="button" data-variant="ghost" onClick={reloadClinics}>
            {t('booking.action.retry')}
          </button>
        </div>
      )}
      {clinics.state === 'loading' && (
        <p role="status" className="notice">
          {t('booking.clinic.loading')}
        </p>
      )}
      {clinics.state === 'loaded' && view === 'map' && mapsApi === 'not-loaded' && (
        <p role="status" className="notice">
          {t('booking.map.not_loaded')}
        </p>
      )}
      {clinics.state === 'loaded' && view === 'map' && mapsApi !== 'not-loaded' && (
        <Suspense
          fallback={
            <p role="status" className="notice">
              {t('booking.map.loading')}
            </p>
          }
        >
          <ClinicMap
            clinics={choices}
            center={center}
            selectedId={params.selectedClinic}
            tileUrl={integration?.mapsTileUrl ?? ''}
            mapsKey={integration?.mapsKey ?? ''}
            onSelect={chooseClinic}
            onMapsLoad={onMapsLoad}
          />
        </Suspense>
      )}
      {clinics.state === 'loaded' && (
        <ClinicList clinics={choices} selectedId={params.selectedClinic} onChoose={chooseClinic} />
      )}
    </section>
  );
}
