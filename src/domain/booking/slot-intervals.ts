/**
 * The compact answer of clinic_appointments (format 'intervals', issue 15):
 * free time as runs of back-to-back slots on one device instead of one object
 * per slot. decodeClinicIntervals gives back exactly the ClinicSlots of the
 * default answer (same fields, same strings, same order); the server and the
 * tests encode with encodeClinicSlots. Pure: no I/O.
 */
import type { ClinicIntervals, ClinicSlots, Slot } from '../../contract/booking';
import { formatZonedIso, offsetMinutes } from '../time/zoned-time';

const MINUTE_MS = 60_000;

/** One run: `count` slots on `deviceId`, the first at `startMs`. */
export interface SlotRun {
  startMs: number;
  count: number;
  deviceId: number;
}

/** Expands one clinic's runs into its slots, in the clinic's zone. */
export function expandRuns(
  clinic: Pick<ClinicSlots, 'clinicId' | 'clinicSlug' | 'clinicName' | 'timeZone'>,
  durationMinutes: number,
  runs: Iterable<SlotRun>,
): Slot[] {
  const { timeZone } = clinic;
  const step = durationMinutes * MINUTE_MS;
  const slots: Slot[] = [];
  for (const run of runs) {
    const lastEnd = run.startMs + run.count * step;
    // One offset for the whole run unless a DST change falls inside it.
    const first = offsetMinutes(timeZone, run.startMs);
    const offset = first === offsetMinutes(timeZone, lastEnd) ? first : undefined;
    for (let i = 0; i < run.count; i++) {
      const startMs = run.startMs + i * step;
      slots.push({
        clinicId: clinic.clinicId,
        clinicSlug: clinic.clinicSlug,
        clinicName: clinic.clinicName,
        startDateTime: formatZonedIso(startMs, timeZone, offset),
        endDateTime: formatZonedIso(startMs + step, timeZone, offset),
        deviceId: run.deviceId,
        timeZone,
      });
    }
  }
  return slots;
}

/** The runs of a flat [start, count, deviceId, …] list. */
export function* runsOf(flat: readonly number[]): Generator<SlotRun> {
  for (let i = 0; i + 2 < flat.length; i += 3) {
    yield { startMs: flat[i]! * MINUTE_MS, count: flat[i + 1]!, deviceId: flat[i + 2]! };
  }
}

/** The compact answer expanded into the default one (what the slot step shows). */
export function decodeClinicIntervals(clinics: readonly ClinicIntervals[]): ClinicSlots[] {
  return clinics.map((clinic) => ({
    clinicId: clinic.clinicId,
    clinicSlug: clinic.clinicSlug,
    clinicName: clinic.clinicName,
    timeZone: clinic.timeZone,
    slots: expandRuns(clinic, clinic.durationMinutes, runsOf(clinic.runs)),
  }));
}

/** Flat triples of runs, starts in whole minutes. */
export function flattenRuns(runs: Iterable<SlotRun>): number[] {
  const flat: number[] = [];
  for (const run of runs) flat.push(Math.round(run.startMs / MINUTE_MS), run.count, run.deviceId);
  return flat;
}

/**
 * One clinic's slots as runs: a slot joins the run before it when it is on
 * the same device and starts where that run's last slot ends. Slots must be
 * in ascending start order, each `durationMinutes` long, starting on whole
 * minutes (the grid of slot-grid.ts).
 */
export function encodeClinicSlots(clinic: ClinicSlots, durationMinutes: number): ClinicIntervals {
  const step = durationMinutes * MINUTE_MS;
  const runs: SlotRun[] = [];
  let last: SlotRun | undefined;
  for (const slot of clinic.slots) {
    const startMs = Date.parse(slot.startDateTime);
    if (last && last.deviceId === slot.deviceId && last.startMs + last.count * step === startMs) {
      last.count++;
    } else {
      last = { startMs, count: 1, deviceId: slot.deviceId };
      runs.push(last);
    }
  }
  return {
    clinicId: clinic.clinicId,
    clinicSlug: clinic.clinicSlug,
    clinicName: clinic.clinicName,
    timeZone: clinic.timeZone,
    durationMinutes,
    runs: flattenRuns(runs),
  };
}
