/**
 * The clinics a locked-out patient can call (R-4-auth-10, spec 8): the
 * provider's public contact list, loaded only when the deny page needs it.
 */
import { atom } from 'nanostores';
import { getContactClinics } from '../../src/api/config';
import type { ClinicContact } from '../../src/contract/portal';
import { IDLE, loadOnce, type Loadable } from '../../src/stores/loadable';

export const $clinicsToCall = atom<Loadable<ClinicContact[]>>(IDLE);

/** Loads the list once (the page calls it when it shows a lockout). */
export const loadClinicsToCall = loadOnce($clinicsToCall, getContactClinics);
