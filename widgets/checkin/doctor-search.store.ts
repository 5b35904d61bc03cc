/**
 * The referrer search of the check-in form (spec 5, R-5-15..19, spec 9):
 * debounced 200 ms, at least 3 characters, lower-cased, an identical term
 * not asked again, the doctors already chosen left out.
 */
import { atom } from 'nanostores';
import {
  DOCTOR_SEARCH_DEBOUNCE_MS,
  DOCTOR_SEARCH_MIN_LENGTH,
  type DoctorSearchResult,
} from '../../src/contract/check-in';
import { searchDoctors } from '../../src/api/check-in';
import { isAbortError } from '../../src/api/errors';
import { doctorSearchTerm } from '../../src/domain/check-in/check-in-form';

export interface DoctorSearch {
  term: string | null;
  results: DoctorSearchResult[];
  loading: boolean;
  failed: boolean;
}

const IDLE: DoctorSearch = { term: null, results: [], loading: false, failed: false };
export const $doctorSearch = atom<DoctorSearch>(IDLE);

let timer: ReturnType<typeof setTimeout> | undefined;
let controller: AbortController | null = null;
let asked: string | null = null;

/** Typing in the combobox: the search runs 200 ms after the last key. */
export function typeDoctorSearch(slug: string, input: string, excluded: readonly string[]): void {
  clearTimeout(timer);
  const term = doctorSearchTerm(input, DOCTOR_SEARCH_MIN_LENGTH);
  if (!term) {
    controller?.abort();
    asked = null;
    $doctorSearch.set(IDLE);
    return;
  }
  timer = setTimeout(() => void runSearch(slug, term, excluded), DOCTOR_SEARCH_DEBOUNCE_MS);
}

async function runSearch(slug: string, term: string, excluded: readonly string[]): Promise<void> {
  if (term === asked) return;
  asked = term;
  controller?.abort();
  controller = new AbortController();
  $doctorSearch.set({ ...$doctorSearch.get(), term, loading: true, failed: false });
  try {
    const found = await searchDoctors(slug, term, { signal: controller.signal });
    const seen = new Set(excluded);
    const results = found.filter((doctor) => !seen.has(doctor.id) && seen.add(doctor.id));
    $doctorSearch.set({ term, results, loading: false, failed: false });
  } catch (error) {
    if (isAbortError(error)) return;
    asked = null;
    $doctorSearch.set({ term, results: [], loading: false, failed: true });
  }
}

export function clearDoctorSearch(): void {
  clearTimeout(timer);
  controller?.abort();
  asked = null;
  $doctorSearch.set(IDLE);
}
