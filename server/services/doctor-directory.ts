/**
 * The referrer directory held in the API process's memory for the check-in
 * form's search (issue 16: p95 ≤ 20 ms at 50 concurrent clients). A search is
 * then a scan of a few hundred short strings instead of a statement whose
 * candidate rows PGlite's single thread has to produce and the driver to
 * parse (about 70% of a search's CPU time before). The answer is the same as
 * the database path's: the same words and the same ranking (rankDoctors).
 * The last answers are kept with the copy they came from, so the letters a
 * patient types again ("smi", "smit") cost a Map lookup.
 *
 * The directory changes rarely (the seed; a provider's import): the copy is
 * read again in the background once it is older than `refreshMs`, and a
 * search never waits for that. A directory larger than `inMemoryMax` is
 * searched in the database through its suffix index (migration 034), as
 * before: a national directory does not belong in every API process.
 */
import type { DoctorSearchResult } from '../../src/contract/check-in.js';
import type { Queryable } from '../db/db.js';
import {
  rankDoctors,
  searchDoctors,
  searchWords,
  termWords,
  wholeDirectory,
  type DirectoryRow,
} from '../db/doctors.repo.js';

export const DIRECTORY_REFRESH_MS = 60_000;
export const DIRECTORY_IN_MEMORY_MAX = 20_000;
/** Answers kept per copy: what patients type repeats (a surname's first letters). */
const ANSWERS_KEPT = 500;

interface Entry extends DirectoryRow {
  /** The row's words (searchWords), and the same joined by newlines for a quick first test. */
  own: string[];
  haystack: string;
}

/** A loaded directory: its entries, or `database` when it is too large to hold. */
type Loaded = { entries: Entry[]; answers: Map<string, DoctorSearchResult[]> } | { database: true };

function hold(rows: DirectoryRow[] | undefined): Loaded {
  if (!rows) return { database: true };
  return {
    answers: new Map(),
    entries: rows.map((row) => {
      const own = searchWords(row.search);
      return { ...row, own, haystack: own.join('\n') };
    }),
  };
}

export interface DoctorDirectory {
  /** `term` is trimmed and lower-cased (normaliseTerm). */
  search(term: string, limit: number): Promise<DoctorSearchResult[]>;
}

export function createDoctorDirectory(
  db: Queryable,
  { refreshMs = DIRECTORY_REFRESH_MS, inMemoryMax = DIRECTORY_IN_MEMORY_MAX, now = Date.now } = {},
): DoctorDirectory {
  let current: { loaded: Loaded; at: number } | undefined;
  let loading: Promise<Loaded> | undefined;

  const load = (): Promise<Loaded> =>
    (loading ??= wholeDirectory(db, inMemoryMax)
      .then(hold)
      .then((loaded) => {
        current = { loaded, at: now() };
        return loaded;
      })
      .finally(() => (loading = undefined)));

  async function directory(): Promise<Loaded> {
    if (!current) return load();
    // Stale: this search uses the copy in hand, the next ones the new one.
    if (now() - current.at > refreshMs) load().catch(() => undefined);
    return current.loaded;
  }

  return {
    async search(term, limit) {
      const loaded = await directory();
      if ('database' in loaded) return searchDoctors(db, term, limit);
      const key = `${limit} ${term}`;
      const kept = loaded.answers.get(key);
      if (kept) return kept;
      const words = termWords(term);
      // A term word has no white space, so the haystack contains it only within one word.
      const candidates = loaded.entries.filter((entry) =>
        words.every((word) => entry.haystack.includes(word)),
      );
      const answer = rankDoctors(candidates, words, limit, (row) => (row as Entry).own);
      // The oldest answer goes first (a Map keeps insertion order); a new copy starts empty.
      if (loaded.answers.size >= ANSWERS_KEPT)
        loaded.answers.delete(loaded.answers.keys().next().value!);
      loaded.answers.set(key, answer);
      return answer;
    },
  };
}
