/**
 * The referring-doctor directory (migration 032; issue 16): the check-in
 * form's search and the name of a chosen referrer. Every suffix of every
 * word of a doctor's lower-cased `search` text has a row in
 * doctor_search_terms (migration 034), so "a word contains abc" is "a
 * suffix starts with abc": one btree prefix scan for the longest term word.
 */
import type { DoctorSearchResult } from '../../src/contract/check-in.js';
import type { Queryable } from './db.js';

/**
 * "surname given-names practice suburb post-code provider-number",
 * lower-cased: the surname comes first.
 */
export function doctorSearchText(doctor: DoctorSearchResult): string {
  const words = doctor.name.replace(/^Dr\.?\s+/i, '').split(/\s+/);
  const surname = words.pop() ?? '';
  const { practice, suburb, postalCode, providerNumber } = doctor;
  return [surname, ...words, practice, suburb, postalCode, providerNumber]
    .join(' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words a search term may be part of: each word, and without punctuation ("o'brien", "obrien"). */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const bare = words.map((word) => word.replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean);
  return [...new Set([...words, ...bare])];
}

/** What doctor_search_terms holds for a search text: every suffix of every word, once. */
export function searchSuffixes(text: string): string[] {
  const suffixes = new Set<string>();
  for (const word of searchWords(text)) {
    const chars = [...word];
    for (let i = 0; i < chars.length; i += 1) suffixes.add(chars.slice(i).join(''));
  }
  return [...suffixes];
}

export async function countDoctors(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM doctors');
  return rows[0]?.n ?? 0;
}

/** Writes the directory in two statements (the seed runs at build time and on a first start). */
export async function insertDoctors(q: Queryable, doctors: DoctorSearchResult[]): Promise<void> {
  const texts = doctors.map(doctorSearchText);
  await q.query(
    `INSERT INTO doctors (id, name, provider_number, practice, suburb, postal_code, state, search)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
       $7::text[], $8::text[])
     ON CONFLICT (id) DO NOTHING`,
    [
      doctors.map((d) => d.id),
      doctors.map((d) => d.name),
      doctors.map((d) => d.providerNumber),
      doctors.map((d) => d.practice),
      doctors.map((d) => d.suburb),
      doctors.map((d) => d.postalCode),
      doctors.map((d) => d.state),
      texts,
    ],
  );
  const terms = doctors.flatMap((d, i) =>
    searchSuffixes(texts[i] ?? '').map((suffix) => [suffix, d.id] as const),
  );
  await q.query(
    `INSERT INTO doctor_search_terms (word, doctor_id)
     SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
    [terms.map(([word]) => word), terms.map(([, id]) => id)],
  );
}

const likePrefix = (word: string): string => `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** 2: a surname starts with a term word; 1: another word does; 0: words only contain them. */
function matchRank(search: string, own: string[], words: string[]): number {
  const surname = search.split(' ')[0] ?? '';
  if (words.some((word) => surname.startsWith(word))) return 2;
  return words.every((word) => own.some((w) => w.startsWith(word))) ? 1 : 0;
}

/** A directory row with its search text (what both search paths rank). */
export interface DirectoryRow extends DoctorSearchResult {
  search: string;
}

/**
 * The rows among `rows` with a word containing each of `words`, at most
 * `limit`, distinct by id: surname prefix matches first, then word starts,
 * then words that only contain them; within each, by surname and given names.
 * `wordsOf` gives a row's words (the in-memory directory has them ready).
 */
export function rankDoctors(
  rows: Iterable<DirectoryRow>,
  words: string[],
  limit: number,
  wordsOf: (row: DirectoryRow) => string[] = (row) => searchWords(row.search),
): DoctorSearchResult[] {
  const found = new Map<string, { row: DirectoryRow; rank: number }>();
  for (const row of rows) {
    if (found.has(row.id)) continue;
    const own = wordsOf(row);
    if (!words.every((word) => own.some((w) => w.includes(word)))) continue;
    found.set(row.id, { row, rank: matchRank(row.search, own, words) });
  }
  return [...found.values()]
    .sort(
      (a, b) =>
        b.rank - a.rank ||
        (a.row.search < b.row.search ? -1 : a.row.search > b.row.search ? 1 : 0) ||
        (a.row.id < b.row.id ? -1 : 1),
    )
    .slice(0, limit)
    .map(({ row: { id, name, providerNumber, practice, suburb, postalCode, state } }) => ({
      id,
      name,
      providerNumber,
      practice,
      suburb,
      postalCode,
      state,
    }));
}

/** The distinct words of a term (already trimmed and lower-cased). */
export const termWords = (term: string): string[] => [
  ...new Set(term.split(/\s+/).filter(Boolean)),
];

/** Doctors one word may bring back; a 3-letter part matches a few hundred of 600. */
const CANDIDATES = 2000;

const DIRECTORY_COLUMNS = `d.id, d.name, d.provider_number AS "providerNumber",
  coalesce(d.practice, '') AS practice, coalesce(d.suburb, '') AS suburb,
  coalesce(d.postal_code, '') AS "postalCode", coalesce(d.state, '') AS state, d.search`;

/**
 * Doctors with a word containing each word of `term` (already trimmed and
 * lower-cased), ranked as rankDoctors says. The database finds the doctors
 * whose words contain the longest term word by the suffix index (one range
 * scan); the other words and the order are applied to those rows here. A
 * directory small enough to hold in memory is searched there instead
 * (server/services/doctor-directory.ts); this is the path of large ones.
 */
export async function searchDoctors(
  q: Queryable,
  term: string,
  limit: number,
): Promise<DoctorSearchResult[]> {
  const words = termWords(term);
  const longest = [...words].sort((a, b) => b.length - a.length)[0];
  if (!longest) return [];
  const { rows } = await q.query<DirectoryRow>(
    `SELECT ${DIRECTORY_COLUMNS}
     FROM doctors d
     WHERE d.id IN (SELECT t.doctor_id FROM doctor_search_terms t WHERE t.word LIKE $1 ESCAPE '\\')
     LIMIT ${CANDIDATES}`,
    [likePrefix(longest)],
  );
  return rankDoctors(rows, words, limit);
}

/** The whole directory when it has at most `atMost` doctors, else undefined (too large to hold). */
export async function wholeDirectory(
  q: Queryable,
  atMost: number,
): Promise<DirectoryRow[] | undefined> {
  const { rows } = await q.query<DirectoryRow>(
    `SELECT ${DIRECTORY_COLUMNS} FROM doctors d LIMIT ${atMost + 1}`,
  );
  return rows.length > atMost ? undefined : rows;
}

/** The name of a directory doctor ("Dr Jane Citizen"), or null for an unknown id. */
export async function findDoctorName(q: Queryable, id: string): Promise<string | null> {
  const { rows } = await q.query<{ name: string }>('SELECT name FROM doctors WHERE id = $1', [id]);
  return rows[0]?.name ?? null;
}
