/**
 * Reference appointments, pure: slots for several exams, in order, that fit
 * one visit. Each next exam starts when the previous one ends or at most
 * `maxGapMs` later. No I/O; reference-appointments.service feeds it.
 */
import type { Slot } from '../../src/contract/booking.js';

interface Timed {
  slot: Slot;
  startMs: number;
  endMs: number;
}

function timed(slots: readonly Slot[]): Timed[] {
  return slots
    .map((slot) => ({
      slot,
      startMs: Date.parse(slot.startDateTime),
      endMs: Date.parse(slot.endDateTime),
    }))
    .sort((a, b) => a.startMs - b.startMs);
}

/** Index of the first slot starting at or after `ms` (slots ascending by start). */
function firstFrom(list: readonly Timed[], ms: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as Timed).startMs < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Up to `limit` combinations, one slot per list in list order, earliest
 * first (ordered by the first slot's start, then the second's, …).
 */
export function combineSlots(
  lists: readonly (readonly Slot[])[],
  maxGapMs: number,
  limit: number,
): Slot[][] {
  const sorted = lists.map(timed);
  const found: Slot[][] = [];
  const chosen: Slot[] = [];
  const extend = (index: number, previousEndMs: number): void => {
    const list = sorted[index];
    if (!list) {
      found.push([...chosen]);
      return;
    }
    const first = index === 0 ? 0 : firstFrom(list, previousEndMs);
    for (let i = first; i < list.length && found.length < limit; i++) {
      const next = list[i] as Timed;
      if (index > 0 && next.startMs > previousEndMs + maxGapMs) break;
      chosen.push(next.slot);
      extend(index + 1, next.endMs);
      chosen.pop();
    }
  };
  if (sorted.length > 0 && limit > 0) extend(0, 0);
  return found;
}
