import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../../src/stores/useQuietStore';
import { useState } from 'react';
import { formatDistance } from '../../../src/domain/booking/format';
import { NO_REGION } from '../../../src/domain/booking/flow-params';
import { dateLocale } from '../../../src/i18n/dates';
import { useT } from '../../../src/i18n/useT';
import { $bookingFormConfig } from '../../../src/stores/config.store';
import { $locale } from '../../../src/stores/locale.store';
import { $booking } from '../booking.store';
import {
  $locationSearch,
  chooseRegion,
  dismissLocationProblem,
  locateMe,
  searchPostCode,
} from '../clinics.store';
import { $regions } from '../regions.store';
import { PostCodeModal } from './PostCodeModal';
import { useAfterOtherModals } from '../../../src/ui/useAfterOtherModals';

/** Region, "use my location" and post-code search (R-1-12, R-2.2-06/07, R-2.5-02, R-4-slots-03). */
export function LocationSearch() {
  const t = useT();
  const { params } = useStore($booking);
  const regions = useStore($regions);
  const search = useStore($locationSearch);
  const config = useQuietStore($bookingFormConfig);
  const locale = dateLocale(useQuietStore($locale));
  const [postCodeOpen, setPostCodeOpen] = useState(false);
  // Asked by itself when the step opens: after the frame's banner modal, never over it.
  const unlocatedOpen = useAfterOtherModals(search.state === 'unlocated');
  const regionList = regions.state === 'loaded' ? regions.value : [];
  const near = params.lat !== null && params.lng !== null;

  return (
    <div className="location" part="location">
      <div className="field location__region">
        <label className="field__label" htmlFor="booking-region">
          {t('booking.clinic.region_label')}
        </label>
        <select
          id="booking-region"
          className="field__input"
          value={near ? NO_REGION : params.regionSlug}
          onChange={(event) => chooseRegion(event.target.value)}
        >
          <option value={NO_REGION}>{t('booking.clinic.region_any')}</option>
          {regionList.map((region) => (
            <option key={region.slug} value={region.slug}>
              {region.name}
            </option>
          ))}
        </select>
      </div>
      <div className="location__actions">
        <button
          type="button"
          className="button"
          data-variant="ghost"
          onClick={() => void locateMe()}
        >
          {t('booking.clinic.use_location')}
        </button>
        <button
          type="button"
          className="button"
          data-variant="ghost"
          onClick={() => setPostCodeOpen(true)}
        >
          {t('booking.clinic.search_post_code')}
        </button>
      </div>
      <p className="location__status" role="status">
        {search.state === 'locating' && t('booking.clinic.locating')}
        {search.state === 'located' &&
          (search.via === 'default'
            ? t('booking.clinic.default_location')
            : search.via === 'too-far'
              ? t('booking.clinic.too_far', {
                  distance: formatDistance(config?.maximumDistanceKm ?? 0, locale),
                })
              : search.label
                ? t('booking.clinic.near_place', { place: search.label })
                : t('booking.clinic.near_you'))}
        {search.state === 'idle' && near && t('booking.clinic.near_you')}
        {search.state === 'failed' && !postCodeOpen && t(search.messageKey)}
      </p>
      <PostCodeModal
        open={postCodeOpen}
        title={t('booking.post_code.title')}
        error={search.state === 'failed' ? t(search.messageKey) : undefined}
        busy={search.state === 'locating'}
        onClose={() => {
          setPostCodeOpen(false);
          if (search.state === 'failed') dismissLocationProblem();
        }}
        onSubmit={async (code) => {
          if (await searchPostCode(code)) setPostCodeOpen(false);
        }}
      />
      <PostCodeModal
        open={unlocatedOpen}
        title={t('message.cant_locate')}
        message={t('message.location_message')}
        busy={false}
        onClose={dismissLocationProblem}
        onSubmit={(code) => void searchPostCode(code)}
      />
    </div>
  );
}
