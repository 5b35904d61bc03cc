/**
 * The check-in form's referrer search (spec 5 "Doctor search", spec 7
 * doctor_search and {searchUrl}/{term}; issue 16): the directory in the
 * database, or the provider's own search service when DOCTOR_SEARCH_URL is set.
 */
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Type } from '@sinclair/typebox';
import { DOCTOR_SEARCH_MIN_LENGTH, type DoctorSearchResult } from '../../src/contract/check-in.js';
import type { Queryable } from '../db/db.js';
import { ApiError } from '../http/errors.js';
import { DoctorSearchResultSchema } from '../schemas/doctor-search.schema.js';
import { createDoctorDirectory } from './doctor-directory.js';

export const DOCTOR_SEARCH_LIMIT = 20;
export const DOCTOR_SEARCH_TIMEOUT_MS = 3000;

const externalAnswer = TypeCompiler.Compile(Type.Array(DoctorSearchResultSchema));

/** The term as searched: trimmed, lower-cased, inner spaces collapsed; 400 when shorter than 3. */
export function normaliseTerm(raw: string): string {
  const term = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  if ([...term].length < DOCTOR_SEARCH_MIN_LENGTH)
    throw new ApiError(400, 'message.doctor_search_term_too_short');
  return term;
}

/** At most 20, the first of each id. */
function distinctFirst(results: DoctorSearchResult[]): DoctorSearchResult[] {
  const seen = new Set<string>();
  return results
    .filter((doctor) => !seen.has(doctor.id) && seen.add(doctor.id))
    .slice(0, DOCTOR_SEARCH_LIMIT);
}

async function askExternal(url: string, term: string): Promise<DoctorSearchResult[]> {
  try {
    const response = await fetch(`${url.replace(/\/$/, '')}/${encodeURIComponent(term)}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(DOCTOR_SEARCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    const body: unknown = await response.json();
    if (!externalAnswer.Check(body)) throw new Error('answer of another shape');
    return body;
  } catch {
    throw new ApiError(502, 'message.doctor_search_unavailable');
  }
}

export interface DoctorSearch {
  search(rawTerm: string): Promise<DoctorSearchResult[]>;
}

export function createDoctorSearch(db: Queryable, searchUrl: string | undefined): DoctorSearch {
  const directory = createDoctorDirectory(db);
  return {
    async search(rawTerm) {
      const term = normaliseTerm(rawTerm);
      const found = searchUrl
        ? await askExternal(searchUrl, term)
        : await directory.search(term, DOCTOR_SEARCH_LIMIT);
      return distinctFirst(found);
    },
  };
}
