import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { searchDoctors } from '../db/doctors.repo.js';
import { seedDoctors } from '../db/seed-doctors.js';
import { createDoctorDirectory } from '../services/doctor-directory.js';
import { normaliseTerm } from '../services/doctor-search.service.js';
import { openTestDb, SETUP_TIMEOUT } from './helpers.js';

let db: Db;

beforeAll(async () => {
  db = await openTestDb('doctor-directory');
}, SETUP_TIMEOUT);

afterAll(() => db.close());

/** Terms as patients type them, and parts of every kind of word the directory holds. */
function terms(): string[] {
  const fixed = ['smi', 'mith', 'nguyen', 'sarah wil', "o'b", 'obr', '2150', 'medical', 'zzz'];
  const doctors = seedDoctors();
  const parts: string[] = [];
  for (let i = 0; i < doctors.length; i += 37) {
    const d = doctors[i]!;
    const words = `${d.name} ${d.practice} ${d.suburb} ${d.postalCode} ${d.providerNumber}`
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word.length >= 3);
    const word = words[i % words.length]!;
    parts.push(word.slice(i % 2, (i % 2) + 3 + (i % 4)));
    parts.push(`${words[0]!.slice(0, 3)} ${word.slice(-3)}`);
  }
  return [...fixed, ...parts].map(normaliseTerm);
}

describe('the referrer directory in memory (issue 16: doctor search p95 ≤ 20 ms)', () => {
  it('answers every term exactly as the database path does (R-5-18, R-9-12)', async () => {
    const directory = createDoctorDirectory(db);
    const checked = terms();
    expect(checked.length).toBeGreaterThan(30);
    let nonEmpty = 0;
    for (const term of checked) {
      const fromMemory = await directory.search(term, 20);
      expect(fromMemory, term).toEqual(await searchDoctors(db, term, 20));
      if (fromMemory.length) nonEmpty += 1;
    }
    expect(nonEmpty).toBeGreaterThan(checked.length / 2);
  });

  it('reads the directory again once its copy is older than the refresh time, without waiting', async () => {
    let clock = 0;
    const directory = createDoctorDirectory(db, { refreshMs: 1000, now: () => clock });
    expect(await directory.search('zorblax', 20)).toEqual([]);
    await db.query(
      `INSERT INTO doctors (id, name, provider_number, practice, suburb, postal_code, state, search)
       VALUES ('dr-test-zorblax', 'Dr Ada Zorblax', '2429581T', 'Test Practice', 'Perth', '6000',
         'WA', 'zorblax ada test practice perth 6000 2429581t')`,
    );
    try {
      clock = 500;
      expect(await directory.search('zorblax', 20)).toEqual([]);
      clock = 1500;
      // This search starts the reading and answers from the copy in hand…
      expect(await directory.search('zorblax', 20)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // …the next one has the new copy.
      expect((await directory.search('zorblax', 20)).map((d) => d.id)).toEqual(['dr-test-zorblax']);
    } finally {
      await db.query(`DELETE FROM doctors WHERE id = 'dr-test-zorblax'`);
    }
  });

  it('searches a directory larger than it holds in the database, with the same answers', async () => {
    const directory = createDoctorDirectory(db, { inMemoryMax: 100 });
    for (const term of ['smi', 'sarah wil', 'medical']) {
      expect(await directory.search(term, 20)).toEqual(await searchDoctors(db, term, 20));
    }
  });
});
