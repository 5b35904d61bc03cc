/** The compact answer of clinic_appointments (issue 15 part 1), opted into with format 'intervals'. */

/** Media type of the format 'intervals' answer of clinic_appointments. */
export const SLOT_INTERVALS_MEDIA_TYPE = 'application/vnd.imaging.slot-intervals+json';

/**
 * A clinic's free time in the compact format: runs of back-to-back slots on
 * one device. src/domain/booking/slot-intervals.ts expands it into the same
 * ClinicSlots the default answer carries.
 */
export interface ClinicIntervals {
  clinicId: number;
  clinicSlug: string;
  clinicName: string;
  timeZone: string;
  /** Length of every slot, in minutes. */
  durationMinutes: number;
  /**
   * Flat triples [start, count, deviceId]: `count` slots one after another on
   * the device, the first starting at `start` (whole minutes since
   * 1970-01-01T00:00Z), in ascending start order.
   */
  runs: number[];
}
