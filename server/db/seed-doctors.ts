/**
 * The demonstration referrers (issue 16 part 5): at least 500 general
 * practitioners and specialists around the seeded Australian clinics, made
 * deterministically from name lists, with provider numbers in the Medicare
 * format (six-digit stem, practice location character, check character).
 */
import type { DoctorSearchResult } from '../../src/contract/check-in.js';

const GIVEN = [
  'Olivia',
  'James',
  'Charlotte',
  'William',
  'Amelia',
  'Jack',
  'Isla',
  'Noah',
  'Mia',
  'Thomas',
  'Grace',
  'Lachlan',
  'Chloe',
  'Oliver',
  'Sophie',
  'Henry',
  'Emily',
  'Samuel',
  'Ruby',
  'Benjamin',
  'Priya',
  'Arjun',
  'Mei',
  'Wei',
  'Nguyen',
  'Fatima',
  'Omar',
  'Elena',
  'Dimitri',
  'Aroha',
  'Hannah',
  'Daniel',
  'Zoe',
  'Matthew',
  'Lucy',
  'Patrick',
  'Ava',
  'Michael',
  'Sarah',
  'David',
] as const;

const FAMILY = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Johnson',
  'White',
  'Martin',
  'Anderson',
  'Thompson',
  'Nguyen',
  'Thomas',
  'Walker',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Davis',
  'Wright',
  'Evans',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Chen',
  'Wang',
  'Singh',
  'Tran',
  'Kaur',
  'Papadopoulos',
  'Rossi',
  'Murphy',
  "O'Brien",
  'McDonald',
  'Campbell',
  'Stewart',
  'Morris',
  'Mitchell',
  'Young',
  'Edwards',
  'Hughes',
  'Cooper',
  'Baker',
  'Khan',
  'Li',
  'Zhang',
  'Kumar',
  'Ali',
  'Costa',
] as const;

/** Suburbs of the seeded regions with their post codes (migration 002's AU codes). */
const PLACES = [
  ['Sydney', '2000', 'NSW'],
  ['Ultimo', '2007', 'NSW'],
  ['Pyrmont', '2009', 'NSW'],
  ['Surry Hills', '2010', 'NSW'],
  ['Potts Point', '2011', 'NSW'],
  ['Redfern', '2016', 'NSW'],
  ['Paddington', '2021', 'NSW'],
  ['Bondi Junction', '2022', 'NSW'],
  ['Bondi Beach', '2026', 'NSW'],
  ['Randwick', '2031', 'NSW'],
  ['Glebe', '2037', 'NSW'],
  ['Leichhardt', '2040', 'NSW'],
  ['Newtown', '2042', 'NSW'],
  ['North Sydney', '2060', 'NSW'],
  ['Crows Nest', '2065', 'NSW'],
  ['Chatswood', '2067', 'NSW'],
  ['Mosman', '2088', 'NSW'],
  ['Manly', '2095', 'NSW'],
  ['Macquarie Park', '2113', 'NSW'],
  ['Strathfield', '2135', 'NSW'],
  ['Parramatta', '2150', 'NSW'],
  ['Blacktown', '2148', 'NSW'],
  ['Liverpool', '2170', 'NSW'],
  ['Bankstown', '2200', 'NSW'],
  ['Hurstville', '2220', 'NSW'],
  ['Perth', '6000', 'WA'],
  ['Northbridge', '6003', 'WA'],
  ['East Perth', '6004', 'WA'],
  ['West Perth', '6005', 'WA'],
  ['North Perth', '6006', 'WA'],
  ['Subiaco', '6008', 'WA'],
  ['Nedlands', '6009', 'WA'],
  ['Joondalup', '6027', 'WA'],
  ['Mount Lawley', '6050', 'WA'],
  ['Victoria Park', '6100', 'WA'],
  ['South Perth', '6151', 'WA'],
  ['Fremantle', '6160', 'WA'],
] as const;

const PRACTICE_KINDS = [
  'Medical Centre',
  'Family Practice',
  'General Practice',
  'Health Clinic',
  'Orthopaedics',
  'Sports Medicine',
  'Women’s Health',
  'Specialist Centre',
] as const;

/** Medicare practice location characters, valued by position. */
const LOCATION_CHARS = '0123456789ABCDEFGHJKLMNPQRTUVWXY';
const CHECK_CHARS = 'YXWTLKJHFBA';
const STEM_WEIGHTS = [3, 5, 8, 4, 2, 1];

/** The check character of a provider number's stem and location (Medicare's weighted sum mod 11). */
export function providerCheckChar(stem: string, location: string): string {
  const sum = [...stem].reduce(
    (total, digit, i) => total + Number(digit) * (STEM_WEIGHTS[i] ?? 0),
    0,
  );
  return CHECK_CHARS[(sum + LOCATION_CHARS.indexOf(location) * 6) % 11] ?? '';
}

export const SEEDED_DOCTOR_COUNT = 600;

/** The same list on every build: index arithmetic, no randomness. */
export function seedDoctors(count = SEEDED_DOCTOR_COUNT): DoctorSearchResult[] {
  const doctors: DoctorSearchResult[] = [];
  for (let i = 0; i < count; i++) {
    const given = GIVEN[(i * 7) % GIVEN.length] ?? '';
    const family = FAMILY[(i * 13 + Math.floor(i / FAMILY.length)) % FAMILY.length] ?? '';
    const [suburb, postalCode, state] = PLACES[(i * 11) % PLACES.length] ?? PLACES[0];
    const stem = String(200000 + ((i * 7919) % 799999)).padStart(6, '0');
    const location = LOCATION_CHARS[i % LOCATION_CHARS.length] ?? '0';
    const kind = PRACTICE_KINDS[(i * 5) % PRACTICE_KINDS.length] ?? '';
    doctors.push({
      id: `dr-${String(i + 1).padStart(4, '0')}`,
      name: `Dr ${given} ${family}`,
      providerNumber: `${stem}${location}${providerCheckChar(stem, location)}`,
      practice: `${suburb} ${kind}`,
      suburb,
      postalCode,
      state,
    });
  }
  return doctors;
}
