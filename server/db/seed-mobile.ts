/**
 * Demonstration walk-in exams and mobile mammography units of "Harbour
 * Imaging" (spec 3 "Walk-in exam", "Mobile location"). Read by seed.ts;
 * migration 004 writes the same rows into databases seeded before it, so
 * keep the two in step. Towns and coordinates are real; the visits are not.
 */
import type { ModalitySlug } from './seed-catalogue.js';
import { addDays, isoWeekday } from '../../src/domain/time/zoned-time.js';

export interface SeedWalkIn {
  clinic: string;
  modality: ModalitySlug;
  name: string;
  prepTime: number;
  minutesPrior: number;
}

const chest = (clinic: string): SeedWalkIn => ({
  clinic,
  modality: 'x-ray',
  name: 'Chest X-ray walk-in',
  prepTime: 0,
  minutesPrior: 30,
});

export const walkIns: SeedWalkIn[] = [
  chest('sydney-cbd'),
  { ...chest('sydney-cbd'), name: 'X-ray Hand and wrist walk-in', prepTime: 5 },
  chest('parramatta'),
  chest('chatswood'),
  chest('perth-cbd'),
  { ...chest('perth-cbd'), name: 'X-ray Lumbar spine walk-in', prepTime: 15 },
  chest('fremantle'),
  chest('auckland-cbd'),
  { ...chest('auckland-cbd'), name: 'X-ray Foot and ankle walk-in', prepTime: 10 },
];

export interface SeedVisit {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  /** Days after the first Monday following the seed date; each visit is Monday to Friday. */
  offsetDays: number;
}

export interface SeedMobileUnit {
  /** Home clinic: its time zone and opening hours apply at the visits. */
  clinic: string;
  modality: ModalitySlug;
  name: string;
  visits: SeedVisit[];
}

/** Demo visits roll forward by this many days once they have passed (8 weeks). */
export const DEMO_CYCLE_DAYS = 56;
const VISIT_DAYS = 5;

export const mobileUnits: SeedMobileUnit[] = [
  {
    clinic: 'north-sydney',
    modality: 'mammography',
    name: 'Mobile mammography unit',
    visits: [
      {
        name: 'Mobile mammography: Katoomba',
        address: 'Katoomba Civic Centre car park, Parke Street, Katoomba NSW 2780',
        latitude: -33.7128,
        longitude: 150.3114,
        offsetDays: 0,
      },
      {
        name: 'Mobile mammography: Gosford',
        address: 'Kibble Park, Mann Street, Gosford NSW 2250',
        latitude: -33.4258,
        longitude: 151.342,
        offsetDays: 14,
      },
      {
        name: 'Mobile mammography: Wollongong',
        address: 'Crown Street Mall, Wollongong NSW 2500',
        latitude: -34.4251,
        longitude: 150.8936,
        offsetDays: 28,
      },
    ],
  },
  {
    clinic: 'fremantle',
    modality: 'mammography',
    name: 'Mobile mammography unit',
    visits: [
      {
        name: 'Mobile mammography: Mandurah',
        address: 'Mandurah Forum car park, Pinjarra Road, Mandurah WA 6210',
        latitude: -32.5386,
        longitude: 115.7461,
        offsetDays: 7,
      },
    ],
  },
];

/** The visit's days (inclusive) for a seed on local day `today`: from the first Monday after it. */
export function visitDates(today: string, visit: SeedVisit): { start: string; end: string } {
  const monday = addDays(today, 8 - isoWeekday(today));
  const start = addDays(monday, visit.offsetDays);
  return { start, end: addDays(start, VISIT_DAYS - 1) };
}
