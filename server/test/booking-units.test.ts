// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PatientDetails } from '../../src/contract/booking.js';
import { distanceKm } from '../services/booking-catalogue.service.js';
import { asConflict, retryOnDeadlock } from '../services/booking-common.js';
import { escapeText, foldLine } from '../services/ics.js';
import { patientErrors } from '../services/patient-validation.js';
import { clinicSlots, isGridStart } from '../services/slot-grid.js';
import {
  formatZonedIso,
  offsetMinutes,
  zonedToInstant,
  zoneTransitions,
} from '../../src/domain/time/zoned-time.js';

const SYDNEY = 'Australia/Sydney';
const local = (date: string, time: string, zone = SYDNEY) =>
  formatZonedIso(zonedToInstant(date, time, zone), zone);

describe('zoned time (R-3-33 slots are instants in the clinic zone)', () => {
  it('gives Sydney +10:00 before and +11:00 after the first Sunday of October', () => {
    expect(local('2026-10-03', '09:00')).toBe('2026-10-03T09:00:00+10:00');
    expect(local('2026-10-05', '09:00')).toBe('2026-10-05T09:00:00+11:00');
  });

  it('gives Sydney +11:00 before and +10:00 after the first Sunday of April', () => {
    expect(local('2027-04-03', '09:00')).toBe('2027-04-03T09:00:00+11:00');
    expect(local('2027-04-05', '09:00')).toBe('2027-04-05T09:00:00+10:00');
  });

  it('moves a time in the spring gap forward and takes the earlier of a repeated time', () => {
    expect(local('2026-10-04', '02:30')).toBe('2026-10-04T03:30:00+11:00');
    expect(local('2027-04-04', '02:30')).toBe('2027-04-04T02:30:00+11:00');
  });

  it('keeps Perth at +08:00 all year and Auckland on its own DST dates', () => {
    const perth = 'Australia/Perth';
    expect(local('2026-07-01', '09:00', perth)).toBe('2026-07-01T09:00:00+08:00');
    expect(local('2027-01-15', '09:00', perth)).toBe('2027-01-15T09:00:00+08:00');
    expect(zoneTransitions(perth, Date.UTC(2026, 0, 1), Date.UTC(2028, 0, 1))).toEqual([]);
    expect(local('2026-09-25', '09:00', 'Pacific/Auckland')).toBe('2026-09-25T09:00:00+12:00');
    expect(local('2026-09-28', '09:00', 'Pacific/Auckland')).toBe('2026-09-28T09:00:00+13:00');
  });

  it('finds the exact transitions of a zone', () => {
    const changes = zoneTransitions(SYDNEY, Date.UTC(2026, 6, 1), Date.UTC(2027, 6, 1));
    expect(changes.map((t) => [new Date(t.atMs).toISOString(), t.from, t.to])).toEqual([
      ['2026-10-03T16:00:00.000Z', 600, 660],
      ['2027-04-03T16:00:00.000Z', 660, 600],
    ]);
    expect(offsetMinutes(SYDNEY, Date.UTC(2026, 9, 3, 16) - 1)).toBe(600);
  });
});

describe('slot grid', () => {
  const clinic = { id: 1, slug: 'c', name: 'C', timeZone: SYDNEY };
  const hours = [5, 6, 7, 1].map((weekday) => ({
    clinicId: 1,
    weekday,
    opens: '08:00',
    closes: weekday === 6 ? '09:00' : '10:00',
  }));

  it('cuts opening hours into exam-long slots across the October DST change', () => {
    const slots = clinicSlots({
      clinic,
      hours,
      deviceIds: [7],
      busy: [],
      durationMinutes: 45,
      start: '2026-10-02',
      end: '2026-10-05',
      notBeforeMs: 0,
    });
    expect(slots.map((s) => `${s.startDateTime}/${s.endDateTime.slice(11)}`)).toEqual([
      '2026-10-02T08:00:00+10:00/08:45:00+10:00',
      '2026-10-02T08:45:00+10:00/09:30:00+10:00',
      '2026-10-03T08:00:00+10:00/08:45:00+10:00',
      '2026-10-04T08:00:00+11:00/08:45:00+11:00',
      '2026-10-04T08:45:00+11:00/09:30:00+11:00',
      '2026-10-05T08:00:00+11:00/08:45:00+11:00',
      '2026-10-05T08:45:00+11:00/09:30:00+11:00',
    ]);
  });

  it('skips busy devices, falls back to the next device, and drops past slots', () => {
    const at = (time: string) => zonedToInstant('2026-10-05', time, SYDNEY);
    const slots = clinicSlots({
      clinic,
      hours,
      deviceIds: [7, 8],
      busy: [
        { deviceId: 7, startMs: at('08:00'), endMs: at('09:15') },
        { deviceId: 8, startMs: at('09:10'), endMs: at('09:20') },
      ],
      durationMinutes: 30,
      start: '2026-10-05',
      end: '2026-10-05',
      notBeforeMs: at('08:30'),
    });
    expect(slots.map((s) => `${s.startDateTime.slice(11, 16)}@${s.deviceId}`)).toEqual([
      '08:30@8',
      '09:30@7',
    ]);
    expect(isGridStart(SYDNEY, hours, '2026-10-05', at('09:30'), 30)).toBe(true);
    expect(isGridStart(SYDNEY, hours, '2026-10-05', at('09:40'), 30)).toBe(false);
  });
});

describe('iCalendar text (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeText('Level 2, 60 Pitt St; Sydney\\NSW\nAU')).toBe(
      'Level 2\\, 60 Pitt St\\; Sydney\\\\NSW\\nAU',
    );
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });
});

describe('distance', () => {
  it('R-1-12 measures great-circle kilometres (Sydney–Perth about 3290 km)', () => {
    const sydney = { latitude: -33.8688, longitude: 151.2093 };
    const perth = { latitude: -31.9523, longitude: 115.8613 };
    expect(distanceKm(sydney, perth)).toBeGreaterThan(3270);
    expect(distanceKm(sydney, perth)).toBeLessThan(3310);
    expect(distanceKm(sydney, sydney)).toBe(0);
  });
});

describe('patient rules', () => {
  const now = new Date('2026-09-28T00:00:00Z');
  const valid: PatientDetails = {
    firstName: 'Mia',
    lastName: "O'Brien",
    dateOfBirth: '1984-02-29',
    email: 'mia@example.com',
    contactNumber: '+61 412 345 678',
    sex: 'FEMALE',
    postalCode: '2000',
  };

  it('R-2.4-25 R-2.4-26 accepts a complete patient', () => {
    expect(patientErrors(valid, now)).toEqual({});
    expect(patientErrors({ ...valid, contactNumber: '(02) 5550-0101' }, now)).toEqual({});
  });

  it('R-5-01 R-5-02 R-9-07 refuses a missing, impossible, too early or future birth date', () => {
    const dob = (dateOfBirth: string) => patientErrors({ ...valid, dateOfBirth }, now).dateOfBirth;
    expect(dob('')).toBe('form.required');
    expect(dob('1985-02-29')).toBe('form.please_enter_valid');
    expect(dob('1899-12-31')).toBe('form.please_enter_valid');
    expect(dob('2026-09-30')).toBe('form.date_of_birth_future');
    expect(dob('2026-09-28')).toBeUndefined();
  });

  it('refuses bad names, e-mail, number, sex and post code with message keys', () => {
    const errors = patientErrors(
      {
        firstName: ' ',
        lastName: 'x'.repeat(101),
        dateOfBirth: '1990-01-01',
        email: 'not-an-email',
        contactNumber: '1234567',
        sex: 'OTHER' as PatientDetails['sex'],
        postalCode: '200',
        medicareNumber: '123',
      },
      now,
    );
    expect(errors).toEqual({
      firstName: 'form.required',
      lastName: 'form.too_long',
      email: 'form.please_enter_valid',
      contactNumber: 'form.please_enter_valid',
      sex: 'form.please_enter_valid',
      postalCode: 'form.please_enter_valid',
      medicareNumber: 'form.please_enter_valid',
    });
    expect(patientErrors({ ...valid, contactNumber: '+1234567890123456' }, now)).toHaveProperty(
      'contactNumber',
    );
  });
});

describe('booking transactions on PostgreSQL', () => {
  const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('R-8-22 retries a transaction that lost a deadlock, then reports a slot conflict', async () => {
    let calls = 0;
    const flaky = () => (++calls < 3 ? Promise.reject(deadlock) : Promise.resolve('booked'));
    await expect(retryOnDeadlock(flaky)).resolves.toBe('booked');
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryOnDeadlock(() => (calls++, Promise.reject(deadlock)))).rejects.toBe(deadlock);
    expect(calls).toBe(3);
    expect(asConflict(deadlock)).toMatchObject({
      statusCode: 409,
      messageKey: 'message.slot_conflict',
    });
    const other = new Error('other');
    expect(asConflict(other)).toBe(other);
  });
});
