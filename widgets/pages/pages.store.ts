import { atom, onMount } from 'nanostores';
import type { ClinicContact } from '../../src/contract/portal';
import { getContactClinics, getTerms } from '../../src/api/config';

export type Loadable<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed' };

/** Terms HTML, fetched as text and shown only once loaded (R-2.4-04). */
export const $terms = atom<Loadable<string>>({ state: 'loading' });

onMount($terms, () => {
  getTerms()
    .then((value) => $terms.set({ state: 'ready', value }))
    .catch(() => $terms.set({ state: 'failed' }));
});

/** Clinic contacts: fetched for the contact page but not displayed (R-2.4-03). */
export const $contactClinics = atom<Loadable<ClinicContact[]>>({ state: 'loading' });

onMount($contactClinics, () => {
  getContactClinics()
    .then((value) => $contactClinics.set({ state: 'ready', value }))
    .catch(() => $contactClinics.set({ state: 'failed' }));
});
