/**
 * Slot generation, pure: a clinic's opening hours on its local calendar days,
 * turned into instants in its IANA zone and cut into exam-long slots, minus
 * times in the past and times a device is busy. No I/O; availability.service
 * feeds it from the database.
 */
import type { Slot } from '../../src/contract/booking.js';
import type { SlotRun } from '../../src/domain/booking/slot-intervals.js';
import type { BusyRow, OpeningHoursRow } from '../db/availability.repo.js';
import {
  addDays,
  daysBetween,
  formatZonedIso,
  isoWeekday,
  offsetMinutes,
  zonedToInstant,
} from '../../src/domain/time/zoned-time.js';

const MINUTE_MS = 60_000;

export interface GridClinic {
  id: number;
  slug: string;
  name: string;
  timeZone: string;
}

/** One opening window on one local day, as instants. */
export interface OpenWindow {
  date: string;
  openMs: number;
  closeMs: number;
}

/** The clinic's opening windows on the local days start..end (inclusive). */
export function openWindows(
  timeZone: string,
  hours: readonly OpeningHoursRow[],
  start: string,
  end: string,
): OpenWindow[] {
  const windows: OpenWindow[] = [];
  const days = daysBetween(start, end);
  for (let i = 0; i <= days; i++) {
    const date = addDays(start, i);
    const weekday = isoWeekday(date);
    for (const h of hours) {
      if (h.weekday !== weekday) continue;
      windows.push({
        date,
        openMs: zonedToInstant(date, h.opens, timeZone),
        closeMs: zonedToInstant(date, h.closes, timeZone),
      });
    }
  }
  return windows.sort((a, b) => a.openMs - b.openMs);
}

/** Slot starts of one window: from opening, every `durationMinutes`, ending by closing. */
export function slotStarts(window: OpenWindow, durationMinutes: number): number[] {
  const step = durationMinutes * MINUTE_MS;
  const starts: number[] = [];
  for (let t = window.openMs; t + step <= window.closeMs; t += step) starts.push(t);
  return starts;
}

/** Tells whether a device is busy in [start, end); calls must come in ascending start order. */
function busyChecker(
  busy: readonly BusyRow[],
): (deviceId: number, s: number, e: number) => boolean {
  const byDevice = new Map<number, BusyRow[]>();
  for (const row of busy) {
    const list = byDevice.get(row.deviceId);
    if (list) list.push(row);
    else byDevice.set(row.deviceId, [row]);
  }
  for (const list of byDevice.values()) list.sort((a, b) => a.startMs - b.startMs);
  const cursor = new Map<number, number>();
  return (deviceId, s, e) => {
    const list = byDevice.get(deviceId);
    if (!list) return false;
    // Everything before the cursor ended by an earlier (so by this) slot's start.
    let i = cursor.get(deviceId) ?? 0;
    while (i < list.length && (list[i] as BusyRow).endMs <= s) i++;
    cursor.set(deviceId, i);
    for (let j = i; j < list.length; j++) {
      const row = list[j] as BusyRow;
      if (row.startMs >= e) break;
      if (row.endMs > s) return true;
    }
    return false;
  };
}

export interface GridInput {
  clinic: GridClinic;
  hours: readonly OpeningHoursRow[];
  /** The clinic's devices of the exam's modality, in preference order. */
  deviceIds: readonly number[];
  busy: readonly BusyRow[];
  durationMinutes: number;
  start: string;
  end: string;
  /** No slot starts before this instant (now plus the lead time). */
  notBeforeMs: number;
}

/**
 * Free slots of one clinic, ascending: one per start time, on the first
 * device (lowest id) that is free for the whole slot. All devices of a clinic
 * share its opening hours, so their grids coincide.
 */
export function clinicSlots(input: GridInput): Slot[] {
  const { clinic, durationMinutes } = input;
  const isBusy = busyChecker(input.busy);
  const slots: Slot[] = [];
  if (input.deviceIds.length === 0) return slots;
  for (const window of openWindows(clinic.timeZone, input.hours, input.start, input.end)) {
    // One offset for the whole window unless DST changes inside it.
    const openOffset = offsetMinutes(clinic.timeZone, window.openMs);
    const steady = openOffset === offsetMinutes(clinic.timeZone, window.closeMs);
    for (const startMs of slotStarts(window, durationMinutes)) {
      if (startMs < input.notBeforeMs) continue;
      const endMs = startMs + durationMinutes * MINUTE_MS;
      const deviceId = input.deviceIds.find((id) => !isBusy(id, startMs, endMs));
      if (deviceId === undefined) continue;
      const offset = steady ? openOffset : undefined;
      slots.push({
        clinicId: clinic.id,
        clinicSlug: clinic.slug,
        clinicName: clinic.name,
        startDateTime: formatZonedIso(startMs, clinic.timeZone, offset),
        endDateTime: formatZonedIso(endMs, clinic.timeZone, offset),
        deviceId,
        timeZone: clinic.timeZone,
      });
    }
  }
  return slots;
}

export type RunInput = Omit<GridInput, 'clinic' | 'notBeforeMs'> & { timeZone: string };

/**
 * The free slots of clinicSlots (ignoring "now") as runs: back-to-back slots
 * of one opening window given to the same device. The fast path of
 * availability-cache.ts keeps these per clinic; the property test
 * (free-time.property.test.ts) holds them equal to clinicSlots.
 */
export function clinicRuns(input: RunInput): SlotRun[] {
  const isBusy = busyChecker(input.busy);
  const step = input.durationMinutes * MINUTE_MS;
  const runs: SlotRun[] = [];
  if (input.deviceIds.length === 0) return runs;
  for (const window of openWindows(input.timeZone, input.hours, input.start, input.end)) {
    let run: SlotRun | undefined;
    for (const startMs of slotStarts(window, input.durationMinutes)) {
      const deviceId = input.deviceIds.find((id) => !isBusy(id, startMs, startMs + step));
      if (deviceId === undefined) run = undefined;
      else if (run?.deviceId === deviceId) run.count++;
      else {
        run = { startMs, count: 1, deviceId };
        runs.push(run);
      }
    }
  }
  return runs;
}

/** The runs without slots that start before notBeforeMs. */
export function runsFrom(
  runs: readonly SlotRun[],
  durationMinutes: number,
  notBeforeMs: number,
): SlotRun[] {
  const step = durationMinutes * MINUTE_MS;
  const kept: SlotRun[] = [];
  for (const run of runs) {
    const skip = Math.max(0, Math.ceil((notBeforeMs - run.startMs) / step));
    if (skip === 0) kept.push(run);
    else if (skip < run.count)
      kept.push({
        startMs: run.startMs + skip * step,
        count: run.count - skip,
        deviceId: run.deviceId,
      });
  }
  return kept;
}

/** Whether an instant is the start of a slot on the clinic's grid for that local day. */
export function isGridStart(
  timeZone: string,
  hours: readonly OpeningHoursRow[],
  date: string,
  startMs: number,
  durationMinutes: number,
): boolean {
  return openWindows(timeZone, hours, date, date).some((window) =>
    slotStarts(window, durationMinutes).includes(startMs),
  );
}
