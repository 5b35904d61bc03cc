import { createHash } from 'node:crypto';
import {
  insertBodyPart,
  insertExam,
  insertModality,
  insertRegion,
  linkExamsToClinicsByDevices,
} from './catalogue.repo.js';
import { insertClinic, insertDevice, insertOpeningHours } from './clinics.repo.js';
import { MIGRATION_LOCK_KEY, type Db, type Queryable } from './db.js';
import { writeAsset } from './assets.repo.js';
import {
  insertMobileLocation,
  insertWalkInExam,
  listDemoVisits,
  rollDemoVisits,
  setVisitDates,
} from './mobile-locations.repo.js';
import { bodyParts, clinics, exams, modalities, regions } from './seed-catalogue.js';
import { DEMO_CYCLE_DAYS, mobileUnits, visitDates, walkIns } from './seed-mobile.js';
import { providerConfig, termsHtml, translations } from './seed-data.js';
import { seedAssets } from './seed-images.js';
import { redateImagingSeed, seedImaging } from './seed-imaging.js';
import { seedPainScores } from './seed-imaging-pain.js';
import { seedReferrerFeedback } from './seed-referrer-feedback.js';
import { countDoctors, insertDoctors } from './doctors.repo.js';
import { seedDoctors } from './seed-doctors.js';
import { seedQuestionnaireData } from './seed-questionnaires.js';
import { mkSeedBundle } from './seed-translations-mk.js';
import { markTopUps, takeTemplatePending, topUpsKey } from './seed-template.repo.js';
import { hasSettings, TERMS_SECTION, writeSetting } from './settings.repo.js';
import { writeBundle } from './translations.repo.js';
import { zonedDate } from '../../src/domain/time/zoned-time.js';

export interface SeedResult {
  seeded: boolean;
}

export interface SeedOptions {
  /** Mobile-unit visits are dated from this day on (default: now). */
  now?: Date;
}

function lookup<K extends string>(ids: Map<string, number>, key: K, what: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed data names an unknown ${what}: ${key}`);
  return id;
}

function assertTimeZone(zone: string): void {
  new Intl.DateTimeFormat('en', { timeZone: zone }); // throws RangeError for a zone that is not IANA
}

async function seedProvider(tx: Queryable): Promise<void> {
  for (const [section, value] of Object.entries(providerConfig))
    await writeSetting(tx, section, value);
  await writeSetting(tx, TERMS_SECTION, { html: termsHtml });
  for (const [locale, bundle] of Object.entries(translations))
    await writeBundle(tx, locale, bundle);
  await writeBundle(tx, 'mk', mkSeedBundle());
  for (const asset of seedAssets()) await writeAsset(tx, asset);
}

async function seedCatalogue(tx: Queryable, now: Date): Promise<void> {
  const regionIds = new Map<string, number>();
  for (const region of regions) regionIds.set(region.slug, await insertRegion(tx, region));
  const modalityIds = new Map<string, number>();
  for (const modality of modalities)
    modalityIds.set(modality.slug, await insertModality(tx, modality));
  const bodyPartIds = new Map<string, number>();
  for (const part of bodyParts) bodyPartIds.set(part.slug, await insertBodyPart(tx, part));

  for (const [index, exam] of exams.entries()) {
    await insertExam(tx, {
      slug: exam.slug,
      name: exam.name,
      modalityId: lookup(modalityIds, exam.modality, 'modality'),
      bodyPartId: exam.bodyPart === null ? null : lookup(bodyPartIds, exam.bodyPart, 'body part'),
      priority: (index + 1) * 10,
      examCode: exam.code,
      examNotes: exam.examNotes ?? '',
      notes: exam.notes ?? '',
      durationMinutes: exam.minutes,
      bookableOnline: exam.online,
      showBookingRequestInfoModal: exam.infoModal ?? false,
    });
  }

  for (const clinic of clinics) {
    assertTimeZone(clinic.timeZone);
    const { devices, hours, region, ...fields } = clinic;
    const clinicId = await insertClinic(tx, {
      ...fields,
      regionId: lookup(regionIds, region, 'region'),
    });
    for (const [modality, count] of Object.entries(devices)) {
      const modalityId = lookup(modalityIds, modality, 'modality');
      const label = modalities.find((m) => m.slug === modality)?.name ?? modality;
      for (let n = 1; n <= (count ?? 0); n++) {
        await insertDevice(tx, { clinicId, modalityId, name: `${label} ${n}` });
      }
    }
    for (const open of hours) await insertOpeningHours(tx, { clinicId, ...open });
  }
  await linkExamsToClinicsByDevices(tx);
  await seedWalkInsAndMobileUnits(tx, now, modalityIds);
}

async function seedWalkInsAndMobileUnits(
  tx: Queryable,
  now: Date,
  modalityIds: Map<string, number>,
): Promise<void> {
  const { rows } = await tx.query<{ id: number; slug: string; timeZone: string }>(
    'SELECT id, slug, time_zone AS "timeZone" FROM clinics',
  );
  const clinicIds = new Map(rows.map((row) => [row.slug, row.id]));
  for (const walkIn of walkIns) {
    await insertWalkInExam(tx, {
      name: walkIn.name,
      prepTime: walkIn.prepTime,
      minutesPrior: walkIn.minutesPrior,
      modalityId: lookup(modalityIds, walkIn.modality, 'modality'),
      clinicId: lookup(clinicIds, walkIn.clinic, 'clinic'),
    });
  }
  for (const unit of mobileUnits) {
    const clinic = rows.find((row) => row.slug === unit.clinic);
    if (!clinic) throw new Error(`Seed data names an unknown clinic: ${unit.clinic}`);
    const deviceId = await insertDevice(tx, {
      clinicId: clinic.id,
      modalityId: lookup(modalityIds, unit.modality, 'modality'),
      name: unit.name,
      mobile: true,
    });
    const today = zonedDate(now.getTime(), clinic.timeZone);
    for (const visit of unit.visits) {
      const { start, end } = visitDates(today, visit);
      await insertMobileLocation(tx, {
        clinicId: clinic.id,
        deviceId,
        name: visit.name,
        address: visit.address,
        latitude: visit.latitude,
        longitude: visit.longitude,
        startDate: start,
        endDate: end,
        demoCycleDays: DEMO_CYCLE_DAYS,
      });
    }
  }
}

/**
 * Dates the demonstration visits of a database made from the build's template
 * (pglite-template.ts) as seedWalkInsAndMobileUnits would have on `now`: the
 * template was seeded on the day of the build. A unit's visits all move by
 * the same number of days, so they are updated furthest-first in the
 * direction of the move and never overlap on the way (one place at a time).
 */
async function dateTemplateVisits(tx: Queryable, now: Date): Promise<void> {
  const moves = [];
  for (const row of await listDemoVisits(tx)) {
    const unit = mobileUnits.find((u) => u.clinic === row.clinicSlug && u.name === row.unitName);
    const visit = unit?.visits.find((v) => v.name === row.name);
    if (!visit) continue;
    const dates = visitDates(zonedDate(now.getTime(), row.timeZone), visit);
    moves.push({ id: row.id, dates, later: dates.start > row.startDate, from: row.startDate });
  }
  moves.sort((a, b) =>
    a.later || b.later ? b.from.localeCompare(a.from) : a.from.localeCompare(b.from),
  );
  for (const move of moves) await setVisitDates(tx, move.id, move.dates);
}

/** The referrer directory (issue 16), also into databases seeded before migration 032. */
async function seedDirectory(tx: Queryable): Promise<void> {
  if ((await countDoctors(tx)) > 0) return;
  await insertDoctors(tx, seedDoctors());
  // Statistics now: without them the planner scans every doctor for each search.
  await tx.query('ANALYZE doctors, doctor_search_terms');
}

/**
 * The parts of the seed added after databases were first seeded: each writes
 * only what is missing, so a database seeded by an earlier version gets them.
 * A new top-up goes in this list; its source changes TOP_UPS_KEY.
 */
const TOP_UPS: readonly ((tx: Queryable, now: Date) => Promise<void>)[] = [
  seedQuestionnaireData,
  seedReferrerFeedback,
  seedDirectory,
  seedImaging,
  seedPainScores,
];

/**
 * Changes with the top-ups' code: a restart on a database whose top-ups ran
 * with this key skips them (some 60 ms of a warm restart, issue 15 part 5).
 */
const TOP_UPS_KEY = createHash('sha256')
  .update(TOP_UPS.map(String).join('\n'))
  .digest('hex')
  .slice(0, 16);

async function topUp(tx: Queryable, now: Date): Promise<void> {
  if ((await topUpsKey(tx)) === TOP_UPS_KEY) return;
  for (const part of TOP_UPS) await part(tx, now);
  await markTopUps(tx, TOP_UPS_KEY);
}

/**
 * Writes the demonstration provider (seed-data.ts, seed-catalogue.ts,
 * seed-mobile.ts) when the database holds no provider settings yet. Every
 * start also moves demonstration mobile visits that have passed forward by
 * whole 8-week cycles, so the demo always shows upcoming visits; the first
 * start of a database made from the build's template dates them afresh.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    if (await hasSettings(tx)) {
      if (await takeTemplatePending(tx)) {
        await dateTemplateVisits(tx, now);
        await redateImagingSeed(tx, now);
      } else await rollDemoVisits(tx, now);
      await topUp(tx, now);
      return { seeded: false };
    }
    await seedProvider(tx);
    await seedCatalogue(tx, now);
    await topUp(tx, now);
    return { seeded: true };
  });
}
