/**
 * The slot step's slots (spec 4 "Location and slots"): the free slots of the
 * chosen clinic (POST clinic_appointments, cancelled on navigation,
 * R-7-http-01) or of its mobile location, the combinations of several exams
 * at one clinic (reference appointments), and choosing one. The period in
 * view is slot-period.store, mobile locations mobile-locations.store, "find
 * next available" next-available.store.
 */
import { atom, computed, onMount } from 'nanostores';
import { getClinicAppointments, getReferenceAppointments } from '../../src/api/booking';
import { getGroupExams } from '../../src/api/booking-catalogue';
import type {
  ClinicSlots,
  ExamGroup,
  ReferenceAppointment,
  Slot,
} from '../../src/contract/booking';
import { clinicAppointmentRequests } from '../../src/api/request-group';
import {
  applyCombination,
  combinationsOf,
  type Combination,
} from '../../src/domain/booking/combinations';
import type { SlotsView } from '../../src/domain/booking/flow-params';
import { zonedTime } from '../../src/domain/booking/slots';
import { keyedLoader, valueOf, type Loadable } from '../../src/stores/loadable';
import { $booking, goToStep, updateParams } from './booking.store';
import { $selectedExams } from './catalogue.store';
import { $visibleStep, bookableIndices } from './flow.store';
import { $holdConflict, holdChosenSlots } from './hold.store';
import { $chosenMobileLocation } from './mobile-locations.store';
import { $activeExamIndex, $examTab, $period, restrictedMinDate } from './slot-period.store';

/**
 * Several exams booked online (procedureTab=multiple): the exams in order,
 * for GET group_exams (which clinics offer them all).
 */
const $groupQuery = computed(
  [$visibleStep, $booking, $selectedExams],
  (step, { params }, exams): string[] | null => {
    if (step !== 'slots' || params.procedureTab !== 'multiple') return null;
    const indices = bookableIndices(params.examSlugs, exams);
    return indices.length > 1 ? indices.map((index) => params.examSlugs[index]!) : null;
  },
);

export const $examGroup = atom<Loadable<ExamGroup>>({ state: 'idle' });
const groupLoader = keyedLoader($examGroup, $groupQuery, (examSlugs, signal) =>
  getGroupExams(examSlugs, { signal }),
);
onMount($examGroup, () => groupLoader.start());

/**
 * The chosen clinic offers every exam: the slot step offers combinations
 * that fit one visit (POST reference_appointments) instead of one exam at a time.
 */
export const $combinationMode = computed(
  [$groupQuery, $examGroup, $booking],
  (query, group, { params }) =>
    query !== null &&
    group.state === 'loaded' &&
    params.selectedClinic !== null &&
    group.value.clinicIds.includes(params.selectedClinic),
);

/** While group_exams is being asked, neither kind of slot is loaded yet. */
const $groupPending = computed(
  [$groupQuery, $examGroup],
  (query, group) => query !== null && (group.state === 'idle' || group.state === 'loading'),
);

interface SlotQuery {
  clinicId: number;
  examSlug: string;
  start: string;
  end: string;
  view: SlotsView;
  mobileLocationToken: string | null;
}

const $slotQuery = computed(
  [$visibleStep, $booking, $activeExamIndex, $period, $combinationMode, $groupPending],
  (step, { params }, index, period, combined, pending): SlotQuery | null => {
    const examSlug = params.examSlugs[index];
    if (step !== 'slots' || params.selectedClinic === null || !examSlug) return null;
    if (combined || pending) return null;
    return {
      clinicId: params.selectedClinic,
      examSlug,
      start: period.start,
      end: period.end,
      view: period.view,
      mobileLocationToken:
        params.mobileLocationId === null ? null : String(params.mobileLocationId),
    };
  },
);

export const $slots = atom<Loadable<ClinicSlots[]>>({ state: 'idle' });

const slotsLoader = keyedLoader($slots, $slotQuery, (query, signal) =>
  clinicAppointmentRequests.run(
    (tracked) =>
      getClinicAppointments(
        {
          clinicIds: [query.clinicId],
          examSlug: query.examSlug,
          start: query.start,
          end: query.end,
          clinicAppointmentsView: query.view,
          ...(query.mobileLocationToken ? { mobileLocationToken: query.mobileLocationToken } : {}),
        },
        { signal: tracked },
      ),
    signal,
  ),
);
onMount($slots, () => slotsLoader.start());

interface ReferenceQuery {
  clinicId: number;
  examSlugs: string[];
  start: string;
  end: string;
}

const $referenceQuery = computed(
  [$combinationMode, $groupQuery, $booking, $period],
  (combined, examSlugs, { params }, period): ReferenceQuery | null =>
    combined && examSlugs && params.selectedClinic !== null
      ? { clinicId: params.selectedClinic, examSlugs, start: period.start, end: period.end }
      : null,
);

export const $references = atom<Loadable<ReferenceAppointment[]>>({ state: 'idle' });
const referencesLoader = keyedLoader($references, $referenceQuery, (query, signal) =>
  clinicAppointmentRequests.run(
    (tracked) => getReferenceAppointments(query, { signal: tracked }),
    signal,
  ),
);
onMount($references, () => referencesLoader.start());

/** The combinations in view: one slot per exam booked online, in order, on one visit. */
export const $combinations = computed(
  [$references, $referenceQuery],
  (references, query): Combination[] =>
    combinationsOf(valueOf(references) ?? [], query?.examSlugs.length ?? 0),
);

/** R-4-slots-09: the slots load again (after a slot conflict). */
export function reloadSlots(): void {
  slotsLoader.reload();
  referencesLoader.reload();
}

/**
 * Every free slot in view, of every clinic returned; with a mobile location
 * chosen, only on its dates (clinic-local).
 */
export const $freeSlots = computed(
  [$slots, $chosenMobileLocation, $booking],
  (slots, mobile, { params }): Slot[] => {
    const minDate = restrictedMinDate(params);
    const all = (
      slots.state === 'loaded' ? slots.value.flatMap((clinic) => clinic.slots) : []
    ).filter((slot) => !minDate || zonedTime(slot.startDateTime, slot.timeZone).date >= minDate);
    if (!mobile) return all;
    return all.filter((slot) => {
      const day = zonedTime(slot.startDateTime, slot.timeZone).date;
      return day >= mobile.startDate && day <= mobile.endDate;
    });
  },
);

/**
 * Several exams at one clinic: picking a combination sets date, startTime,
 * endTime and deviceId per exam index (R-4-slots-12), then holds them.
 */
export function chooseCombination(combination: Combination): void {
  const { params } = $booking.get();
  const indices = bookableIndices(params.examSlugs, $selectedExams.get());
  updateParams(applyCombination(params, indices, combination));
  void holdChosenSlots();
}

/**
 * R-4-slots-07..09 for a hold refused with 409: after the static modal,
 * startTime, endTime and deviceId leave the URL and the slots reload.
 */
export function acknowledgeHoldConflict(): void {
  $holdConflict.set(false);
  updateParams({ slots: [] });
  reloadSlots();
}

/** Chooses a slot for the exam in view; with several exams the next one without a slot comes into view. */
export function chooseSlot(slot: Slot): void {
  const { params } = $booking.get();
  const index = $activeExamIndex.get();
  const slots = [...params.slots];
  const dates = [...params.dates];
  slots[index] = {
    startTime: slot.startDateTime,
    endTime: slot.endDateTime,
    deviceId: slot.deviceId,
  };
  dates[index] = zonedTime(slot.startDateTime, slot.timeZone).date;
  updateParams({ slots, dates });
  $examTab.set(null);
  void holdChosenSlots();
}

export function continueFromSlots(): void {
  goToStep('form');
}
