/**
 * Mobile units in slot search (spec 3 "Mobile location", R-3-35
 * mobileLocationToken): a unit is a mobile device of its home clinic, offered
 * only on its visits' days and only when a visit is asked for.
 */
import type { ClinicAppointmentRequest } from '../../src/contract/booking.js';
import type { DeviceRow } from '../db/availability.repo.js';
import type { Queryable } from '../db/db.js';
import { findMobileLocation, type MobileLocationRow } from '../db/mobile-locations.repo.js';
import { ApiError } from '../http/errors.js';

/**
 * The visit named by mobileLocationToken (its id), if any: 400 for a
 * malformed token or a visit of a clinic not requested, 404
 * message.mobile_location_not_found for an unknown one.
 */
export async function visitOf(
  db: Queryable,
  request: ClinicAppointmentRequest,
): Promise<MobileLocationRow | undefined> {
  const token = request.mobileLocationToken;
  if (token === undefined || token === '') return undefined;
  if (!/^[1-9][0-9]{0,8}$/.test(token)) {
    throw new ApiError(400, 'message.bad_request', 'bad mobileLocationToken');
  }
  const visit = await findMobileLocation(db, Number(token));
  if (!visit) throw new ApiError(404, 'message.mobile_location_not_found', `no visit ${token}`);
  if (!request.clinicIds.includes(visit.clinicId)) {
    throw new ApiError(400, 'message.bad_request', 'the mobile location is of another clinic');
  }
  return visit;
}

/** The fixed devices of other clinics plus the visit's unit (when it does the exam's modality). */
export function withVisitUnit(
  fixed: readonly DeviceRow[],
  visit: MobileLocationRow,
  modalityId: number,
): DeviceRow[] {
  const others = fixed.filter((d) => d.clinicId !== visit.clinicId);
  if (visit.modalityId !== modalityId) return others;
  return [
    ...others,
    { id: visit.deviceId, clinicId: visit.clinicId, modalityId: visit.modalityId, mobile: true },
  ];
}
