/**
 * The regions of the clinic step (R-2.2-06), named in the patient's
 * language (the provider's translations by slug, issue 13 part 8), and the
 * one the URL chose.
 */
import { atom, computed, onMount } from 'nanostores';
import { getRegions } from '../../src/api/booking-catalogue';
import type { Region } from '../../src/contract/booking';
import { catalogueKey, localizeNamed } from '../../src/domain/i18n/catalogue-texts';
import { $i18nVersion, textOr } from '../../src/i18n/i18n';
import { loadOnce, mapLoaded, valueOf, type Loadable } from '../../src/stores/loadable';
import { $booking } from './booking.store';

const $loadedRegions = atom<Loadable<Region[]>>({ state: 'idle' });
onMount(
  $loadedRegions,
  loadOnce($loadedRegions, () => getRegions()),
);
export const $regions = computed([$loadedRegions, $i18nVersion], (regions) =>
  mapLoaded(regions, (list) => list.map((r) => localizeNamed(r, catalogueKey.region, textOr))),
);

export const $selectedRegion = computed(
  [$regions, $booking],
  (regions, { params }) =>
    valueOf(regions)?.find((region) => region.slug === params.regionSlug) ?? null,
);
