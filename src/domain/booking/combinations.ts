/**
 * Several exams at one clinic (spec 3 "reference appointments"): slots of
 * every exam, in order, that fit one visit, offered as one choice. Picking
 * one sets date, startTime, endTime and deviceId per exam index.
 */
import type { ReferenceAppointment, Slot } from '../../contract/booking';
import type { SlotChoice } from './flow-params';
import { sameSlot, zonedTime } from './slots';

/** One choice of the slot step: its first slot's start places it in a day and a part of the day. */
export interface Combination {
  startDateTime: string;
  timeZone: string;
  slots: Slot[];
}

/**
 * The combinations that have one slot per exam, earliest first. Several
 * that start at the same time (other devices, longer waits) are one choice
 * for the patient: the one that ends first is kept.
 */
export function combinationsOf(
  references: readonly ReferenceAppointment[],
  examCount: number,
): Combination[] {
  const byStart = new Map<number, Combination>();
  for (const reference of references) {
    if (examCount === 0 || reference.slots.length !== examCount) continue;
    const first = reference.slots[0]!;
    const start = Date.parse(first.startDateTime);
    const kept = byStart.get(start);
    if (kept && endOf(kept) <= endOf(reference)) continue;
    byStart.set(start, {
      startDateTime: first.startDateTime,
      timeZone: first.timeZone,
      slots: reference.slots,
    });
  }
  return [...byStart].sort(([a], [b]) => a - b).map(([, combination]) => combination);
}

function endOf(combination: { slots: readonly Slot[] }): number {
  return Math.max(...combination.slots.map((slot) => Date.parse(slot.endDateTime)));
}

/**
 * The slot and date lists after picking a combination: its n-th slot goes to
 * the n-th of `indices` (the exam indices booked online, in order).
 */
export function applyCombination(
  current: { slots: readonly (SlotChoice | null)[]; dates: readonly (string | null)[] },
  indices: readonly number[],
  combination: Combination,
): { slots: (SlotChoice | null)[]; dates: (string | null)[] } {
  const slots = [...current.slots];
  const dates = [...current.dates];
  indices.forEach((index, position) => {
    const slot = combination.slots[position];
    if (!slot) return;
    slots[index] = {
      startTime: slot.startDateTime,
      endTime: slot.endDateTime,
      deviceId: slot.deviceId,
    };
    dates[index] = zonedTime(slot.startDateTime, slot.timeZone).date;
  });
  return {
    slots: Array.from({ length: slots.length }, (_, i) => slots[i] ?? null),
    dates: Array.from({ length: dates.length }, (_, i) => dates[i] ?? null),
  };
}

/** Whether the chosen slots are exactly this combination. */
export function isChosenCombination(
  chosen: readonly (SlotChoice | null)[],
  indices: readonly number[],
  combination: Combination,
): boolean {
  return (
    indices.length === combination.slots.length &&
    indices.every((index, position) => sameSlot(chosen[index], combination.slots[position]!))
  );
}
