import { describe, expect, it } from 'vitest';
import {
  appointmentOutcome,
  bookingKeyState,
  bookingKindOf,
  movesKeyData,
  splitRequestItems,
  type RequestItem,
} from './booking-split';

const slot = {
  startTime: '2026-11-24T09:00:00+11:00',
  endTime: '2026-11-24T09:30:00+11:00',
  deviceId: 1,
};
const items: RequestItem[] = [
  { examSlug: 'mri-knee', slot, isEnquiry: false },
  { examSlug: 'mri-brain-contrast', slot: null, isEnquiry: true },
  { examSlug: 'ct-chest', slot: null, isEnquiry: false },
];
const options = { loggedIn: false, failWhenAllHaveErrors: true };
const response = (errorMessage: string | null = null) => ({
  ok: true as const,
  value: { errorMessage },
});

describe('creating bookings (spec 4)', () => {
  it('R-4-create-01/02: items with a slot and no enquiry are appointments; enquiries are booking requests', () => {
    const split = splitRequestItems(items);
    expect(split.appointments.map((i) => i.examSlug)).toEqual(['mri-knee']);
    expect(split.bookingRequests.map((i) => i.examSlug)).toEqual(['mri-brain-contrast']);
  });

  it('R-4-create-03/04: appointments are created when there are any, otherwise booking requests', () => {
    expect(bookingKindOf(splitRequestItems(items))).toBe('appointment');
    expect(bookingKindOf(splitRequestItems(items.slice(1)))).toBe('booking-request');
    expect(bookingKindOf(splitRequestItems([]))).toBeNull();
  });

  it('R-4-create-05: the result fails with the first error message when every call failed', () => {
    expect(
      appointmentOutcome(
        [
          { ok: false, messageKey: 'message.slot_conflict' },
          { ok: false, messageKey: 'message.error_general' },
        ],
        options,
      ),
    ).toEqual({ ok: false, messageKey: 'message.slot_conflict' });
  });

  it('R-4-create-06: a logged-in user fails when every response has an error message and the setting holds', () => {
    const results = [response('message.a'), response('message.b')];
    expect(appointmentOutcome(results, { ...options, loggedIn: true })).toEqual({
      ok: false,
      messageKey: 'message.a',
    });
    expect(appointmentOutcome(results, { loggedIn: true, failWhenAllHaveErrors: false }).ok).toBe(
      true,
    );
    expect(appointmentOutcome(results, options).ok).toBe(true);
  });

  it('R-4-create-07: otherwise the result succeeds, also when only some calls failed', () => {
    const outcome = appointmentOutcome(
      [response(), { ok: false, messageKey: 'message.x' }],
      options,
    );
    expect(outcome).toEqual({ ok: true, values: [{ errorMessage: null }] });
  });

  it('R-4-create-08/09: key rotation moves documents and answers only while the old key is merely issued', () => {
    expect(bookingKeyState(['message.error_status_503'])).toBe('issued');
    expect(bookingKeyState(['message.x', 'message.booking_key_used'])).toBe('used');
    expect(bookingKeyState(['message.booking_key_invalid'])).toBe('invalid');
    expect(movesKeyData('K1', 'issued')).toBe(true);
    expect(movesKeyData('K1', 'used')).toBe(false);
    expect(movesKeyData('K1', 'invalid')).toBe(false);
    expect(movesKeyData(null, 'issued')).toBe(false);
  });
});
