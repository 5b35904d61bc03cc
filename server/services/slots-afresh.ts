/**
 * The straightforward computation of free slots: everything read afresh and
 * cut by clinicSlots. It serves a mobile unit's visit (rare and short) and is
 * the reference the cached path is tested against (free-time.property.test.ts).
 */
import type { ClinicSlots } from '../../src/contract/booking.js';
import {
  listBusy,
  listDevices,
  listOpeningHours,
  listSlotClinics,
} from '../db/availability.repo.js';
import type { ExamRow } from '../db/booking-catalogue.repo.js';
import type { Queryable } from '../db/db.js';
import { listHeld } from '../db/holds.repo.js';
import type { MobileLocationRow } from '../db/mobile-locations.repo.js';
import type { KeyRef } from '../db/secrets.js';
import { rangeInstants } from './availability-cache.js';
import { withVisitUnit } from './mobile-visits.js';
import { clinicSlots } from './slot-grid.js';

export interface AfreshQuery {
  exam: ExamRow;
  /** Without duplicates, in the order of the answer. */
  clinicIds: number[];
  start: string;
  end: string;
  /** Holds of this key do not make slots busy. */
  exceptKey?: KeyRef | undefined;
  /** The visit's clinic gets only the visit's unit, on the visit's days. */
  visit?: MobileLocationRow | undefined;
  nowMs: number;
  /** No slot starts before this instant. */
  notBeforeMs: number;
}

/** Slots of the clinics on local days start..end, clinics in request order. */
export async function readSlotsAfresh(db: Queryable, q: AfreshQuery): Promise<ClinicSlots[]> {
  const { exam, clinicIds: ids, start, end, exceptKey, visit } = q;
  const [clinics, fixed, hours] = await Promise.all([
    listSlotClinics(db, ids, exam.id),
    listDevices(db, ids, exam.modalityId),
    listOpeningHours(db, ids),
  ]);
  const devices = visit ? withVisitUnit(fixed, visit, exam.modalityId) : fixed;
  const { fromMs, toMs } = rangeInstants(start, end);
  const allIds = devices.map((d) => d.id);
  const [booked, held] = await Promise.all([
    listBusy(db, allIds, fromMs, toMs),
    listHeld(db, { deviceIds: allIds, fromMs, toMs, nowMs: q.nowMs, exceptKey }),
  ]);
  const busy = [...booked, ...held];
  const result: ClinicSlots[] = [];
  for (const id of ids) {
    const clinic = clinics.find((c) => c.id === id);
    if (!clinic) continue;
    const deviceIds = devices.filter((d) => d.clinicId === id).map((d) => d.id);
    const onVisit = visit?.clinicId === id;
    const from = onVisit && visit.startDate > start ? visit.startDate : start;
    const to = onVisit && visit.endDate < end ? visit.endDate : end;
    const slots =
      clinic.offersExam && from <= to
        ? clinicSlots({
            clinic,
            hours: hours.filter((h) => h.clinicId === id),
            deviceIds,
            busy: busy.filter((b) => deviceIds.includes(b.deviceId)),
            durationMinutes: exam.durationMinutes,
            start: from,
            end: to,
            notBeforeMs: q.notBeforeMs,
          })
        : [];
    result.push({
      clinicId: clinic.id,
      clinicSlug: clinic.slug,
      clinicName: clinic.name,
      timeZone: clinic.timeZone,
      slots,
    });
  }
  return result;
}
