/**
 * Free time per clinic, kept between requests (issue 15). An entry is the
 * clinic's free runs for one exam and range (before "now" is applied), with
 * the availability fingerprint it was computed from (020_availability_versions.sql:
 * triggers bump it in the same transaction as any booking, hold, opening-hours,
 * device or catalogue change) and the instant its first counted hold expires.
 * Each request reads the fingerprints first (one query) and reuses an entry
 * only while its fingerprint is still current and no hold it counts has run
 * out; otherwise it computes the clinic afresh. Reading the fingerprint before
 * the data means an entry is never labelled newer than what it holds, so
 * every process (several on one PostgreSQL) answers what its database says.
 * Nothing here is shared state: losing the cache only costs time.
 */
import type { KeyRef } from '../db/secrets.js';
import type { ClinicIntervals, Slot } from '../../src/contract/booking.js';
import {
  encodeClinicSlots,
  expandRuns,
  flattenRuns,
  type SlotRun,
} from '../../src/domain/booking/slot-intervals.js';
import {
  listAvailabilityVersions,
  listBusy,
  listDevices,
  listOpeningHours,
  listSlotClinics,
  type SlotClinicRow,
  type SlotExam,
} from '../db/availability.repo.js';
import type { Queryable } from '../db/db.js';
import { listLiveHolds, type LiveHoldRow } from '../db/holds.repo.js';
import { clinicRuns, runsFrom } from './slot-grid.js';
import { daysBetween } from '../../src/domain/time/zoned-time.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Entries kept (clinic × exam × range); the least recently used go first. */
const MAX_ENTRIES = 2_000;

export interface ClinicFreeTime {
  clinic: SlotClinicRow;
  durationMinutes: number;
  /** Free runs, ascending, "now" not yet applied. */
  runs: SlotRun[];
  /** The runs as slots, with their start instants (made on first use). */
  expanded?: { slots: Slot[]; starts: number[]; ascending: boolean };
}

interface Entry extends ClinicFreeTime {
  fingerprint: string;
  /** The entry is stale from this instant: a hold it counts expires. */
  validUntilMs: number;
  holdKeys: ReadonlySet<KeyRef>;
}

/** Every zone's local days start..end lie within these instants (UTC-12 to UTC+14). */
export function rangeInstants(start: string, end: string): { fromMs: number; toMs: number } {
  const [sy = 0, sm = 1, sd = 1] = start.split('-').map(Number);
  const fromMs = Date.UTC(sy, sm - 1, sd) - 14 * HOUR_MS;
  return { fromMs, toMs: fromMs + (daysBetween(start, end) + 1) * DAY_MS + 26 * HOUR_MS };
}

/** The slots of an entry whose start is at or after notBeforeMs. */
export function slotsFrom(free: ClinicFreeTime, notBeforeMs: number): Slot[] {
  free.expanded ??= (() => {
    const slots = expandRuns(
      {
        clinicId: free.clinic.id,
        clinicSlug: free.clinic.slug,
        clinicName: free.clinic.name,
        timeZone: free.clinic.timeZone,
      },
      free.durationMinutes,
      free.runs,
    );
    const starts = slots.map((slot) => Date.parse(slot.startDateTime));
    // Overlapping opening hours of one day give starts out of order.
    const ascending = starts.every((t, i) => i === 0 || (starts[i - 1] as number) <= t);
    return { slots, starts, ascending };
  })();
  const { slots, starts, ascending } = free.expanded;
  if (!ascending) return slots.filter((_, i) => (starts[i] as number) >= notBeforeMs);
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] as number) < notBeforeMs) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? slots : slots.slice(lo);
}

/** A clinic's free time in the compact format, from notBeforeMs and minDate (clinic-local) on. */
export function intervalsFrom(
  free: ClinicFreeTime,
  notBeforeMs: number,
  minDate: string | null,
): ClinicIntervals {
  const { id, slug, name, timeZone } = free.clinic;
  const head = { clinicId: id, clinicSlug: slug, clinicName: name, timeZone };
  if (minDate === null) {
    const runs = runsFrom(free.runs, free.durationMinutes, notBeforeMs);
    return { ...head, durationMinutes: free.durationMinutes, runs: flattenRuns(runs) };
  }
  // A restricted key: the rule of withoutRestrictedDays (the slot's local date), slot by slot.
  const slots = slotsFrom(free, notBeforeMs).filter(
    (slot) => slot.startDateTime.slice(0, 10) >= minDate,
  );
  return encodeClinicSlots({ ...head, slots }, free.durationMinutes);
}

export interface FreeTimeQuery {
  exam: SlotExam;
  clinicIds: number[];
  start: string;
  end: string;
  nowMs: number;
  /** Holds of this key stay free. */
  exceptKey?: KeyRef | undefined;
  /** The clinics' fingerprints when the caller read them already (before any other read). */
  fingerprints?: Map<number, string> | undefined;
}

export interface FreeTimeCache {
  /** Free time of the clinics that exist, by clinic id. */
  freeTime(query: FreeTimeQuery): Promise<Map<number, ClinicFreeTime>>;
}

export function createFreeTimeCache(db: Queryable): FreeTimeCache {
  const entries = new Map<string, Entry>();

  const keyOf = (q: FreeTimeQuery, clinicId: number) =>
    `${clinicId}|${q.exam.id}|${q.exam.modalityId}|${q.exam.durationMinutes}|${q.start}|${q.end}`;

  function remember(key: string, entry: Entry): void {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }

  /** Reads the clinics' calendars and computes their free runs (after the fingerprints). */
  async function compute(
    q: FreeTimeQuery,
    ids: number[],
    fingerprints: Map<number, string>,
  ): Promise<Map<number, ClinicFreeTime>> {
    const [clinics, devices, hours] = await Promise.all([
      listSlotClinics(db, ids, q.exam.id),
      listDevices(db, ids, q.exam.modalityId),
      listOpeningHours(db, ids),
    ]);
    const { fromMs, toMs } = rangeInstants(q.start, q.end);
    const deviceIds = devices.map((d) => d.id);
    const [booked, held] = await Promise.all([
      listBusy(db, deviceIds, fromMs, toMs),
      listLiveHolds(db, { deviceIds, fromMs, toMs, nowMs: q.nowMs }),
    ]);
    const result = new Map<number, ClinicFreeTime>();
    for (const clinic of clinics) {
      const own = devices.filter((d) => d.clinicId === clinic.id).map((d) => d.id);
      const holds = held.filter((h) => own.includes(h.deviceId));
      const runsWith = (counted: readonly LiveHoldRow[]) =>
        clinic.offersExam
          ? clinicRuns({
              timeZone: clinic.timeZone,
              hours: hours.filter((h) => h.clinicId === clinic.id),
              deviceIds: own,
              busy: [...booked.filter((b) => own.includes(b.deviceId)), ...counted],
              durationMinutes: q.exam.durationMinutes,
              start: q.start,
              end: q.end,
            })
          : [];
      const entry: Entry = {
        clinic,
        durationMinutes: q.exam.durationMinutes,
        runs: runsWith(holds),
        fingerprint: fingerprints.get(clinic.id) ?? '',
        validUntilMs: Math.min(Infinity, ...holds.map((h) => h.expiresAtMs)),
        holdKeys: new Set(holds.map((h) => h.bookingKey)),
      };
      if (fingerprints.has(clinic.id)) remember(keyOf(q, clinic.id), entry);
      const mine = q.exceptKey !== undefined && entry.holdKeys.has(q.exceptKey);
      result.set(
        clinic.id,
        mine
          ? { ...entry, runs: runsWith(holds.filter((h) => h.bookingKey !== q.exceptKey)) }
          : entry,
      );
    }
    return result;
  }

  return {
    async freeTime(q) {
      const ids = [...new Set(q.clinicIds)];
      const fingerprints = q.fingerprints ?? (await listAvailabilityVersions(db, ids));
      const result = new Map<number, ClinicFreeTime>();
      const stale: number[] = [];
      for (const id of ids) {
        const key = keyOf(q, id);
        const entry = entries.get(key);
        const fresh =
          entry !== undefined &&
          entry.fingerprint === fingerprints.get(id) &&
          q.nowMs < entry.validUntilMs &&
          !(q.exceptKey !== undefined && entry.holdKeys.has(q.exceptKey));
        if (fresh) {
          remember(key, entry);
          result.set(id, entry);
        } else stale.push(id);
      }
      if (stale.length > 0) {
        for (const [id, free] of await compute(q, stale, fingerprints)) result.set(id, free);
      }
      return result;
    },
  };
}
