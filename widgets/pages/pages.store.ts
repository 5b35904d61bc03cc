import { atom, onMount } from 'nanostores';
import type { ClinicContact } from '../../src/contract/portal';
import { getContactClinics, getTerms } from '../../src/api/config';
import { IDLE, loadOnce, type Loadable } from '../../src/stores/loadable';

/** Terms HTML, fetched as text and shown only once loaded (R-2.4-04). */
export const $terms = atom<Loadable<string>>(IDLE);
onMount($terms, loadOnce($terms, getTerms));

/** Clinic contacts: fetched for the contact page but not displayed (R-2.4-03). */
export const $contactClinics = atom<Loadable<ClinicContact[]>>(IDLE);
onMount($contactClinics, loadOnce($contactClinics, getContactClinics));
