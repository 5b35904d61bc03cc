import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppointmentStatus } from '../db/appointments.repo.js';
import type { Db } from '../db/db.js';
import { keyRef } from '../db/secrets.js';
import { checkInLink } from '../services/reminder-messages.js';
import { createReminderService, type ReminderService } from '../services/reminders.service.js';
import { bookOne, openBookingApp } from './booking-helpers.js';
import { closeTestApp, patientCookies, SETUP_TIMEOUT } from './helpers.js';
import { decodeQr, svgMatrix } from './qr-decode.js';

const PUBLIC_URL = 'http://127.0.0.1:8080';
const HOUR = 3600_000;
let db: Db;
let app: FastifyInstance;

/** The appointment bookOne makes `dayOffset` days after Monday 23 November 2026, 9:00 in Sydney. */
const startOf = (dayOffset: number, hour = 9) =>
  Date.parse(`2026-11-${23 + dayOffset}T${String(hour).padStart(2, '0')}:00:00+11:00`);

/** The reminder job of one API process, its clock at `atMs`. */
const job = (atMs: number, leadHours = 24): ReminderService =>
  createReminderService(db, { publicUrl: PUBLIC_URL, leadHours, clock: () => new Date(atMs) });

interface Row {
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
}
const remindersOf = async (bookingKey: string): Promise<Row[]> =>
  (
    await db.query<Row>(
      `SELECT channel, recipient, subject, body, html FROM outbox
       WHERE reference = $1 AND body LIKE '%/check-in?bookingKey=%' ORDER BY id`,
      [keyRef(bookingKey)],
    )
  ).rows;

const reminderState = async (slug: string) =>
  (
    await db.query<{ sent: boolean; sealed: boolean }>(
      `SELECT reminder_sent_at IS NOT NULL AS sent, reminder_key IS NOT NULL AS sealed
       FROM appointments WHERE slug = $1`,
      [slug],
    )
  ).rows[0];

beforeAll(async () => {
  ({ db, app } = await openBookingApp('reminders'));
}, SETUP_TIMEOUT);
afterAll(() => closeTestApp(app, db));

describe('appointment reminders (issue 16 part 7)', () => {
  it('leaves REMINDER_LEAD_HOURS before the start, once, with the check-in link and its QR code', async () => {
    const { bookingKey, slug } = await bookOne(app, db, { dayOffset: 0 });
    expect(await reminderState(slug)).toEqual({ sent: false, sealed: true });
    const start = startOf(0);
    expect(await job(start - 24 * HOUR - 60_000).runOnce()).toEqual({ queued: 0, skipped: 0 });
    expect(await job(start - 24 * HOUR).runOnce()).toEqual({ queued: 1, skipped: 0 });
    expect(await job(start - 24 * HOUR).runOnce()).toEqual({ queued: 0, skipped: 0 });
    expect(await job(start - HOUR).runOnce()).toEqual({ queued: 0, skipped: 0 });

    const [mail, ...others] = await remindersOf(bookingKey);
    expect(others).toEqual([]);
    const link = checkInLink(PUBLIC_URL, bookingKey);
    expect(link).toBe(`${PUBLIC_URL}/check-in?bookingKey=${encodeURIComponent(bookingKey)}`);
    expect(mail?.channel).toBe('email');
    expect(mail?.recipient).toBe('Mia.Nguyen@Example.com');
    expect(mail?.subject).toBe(
      'Reminder: your MRI Knee appointment on Monday 23 November 2026 at 9:00 am',
    );
    expect(mail?.body).toContain(`\n${link}`);
    expect(mail?.body).toContain('When: Monday 23 November 2026 at 9:00 am AEDT');
    const uri = /<img src="data:image\/svg\+xml;base64,([^"]+)"/.exec(mail?.html ?? '')?.[1] ?? '';
    const svg = Buffer.from(uri, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    expect(decodeQr(svgMatrix(svg))).toBe(link);
    expect(mail?.html).toContain(`<a href="${link}">`);
    expect(await reminderState(slug)).toEqual({ sent: true, sealed: false });
  });

  it('is sent once when two API processes run the job at the same moment', async () => {
    const { bookingKey } = await bookOne(app, db, { dayOffset: 1 });
    const at = startOf(1) - 12 * HOUR;
    const runs = await Promise.all([job(at).runOnce(), job(at).runOnce(), job(at).runOnce()]);
    expect(runs.reduce((total, run) => total + run.queued, 0)).toBe(1);
    expect(await remindersOf(bookingKey)).toHaveLength(1);
  });

  it('never goes to a patient who unsubscribed, nor for a cancelled appointment', async () => {
    const unsubscribed = await bookOne(app, db, { dayOffset: 2, hour: 9 });
    const cancelled = await bookOne(app, db, { dayOffset: 2, hour: 11 });
    const res = await app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${unsubscribed.slug}/unsubscribe`,
      cookies: await patientCookies(app, unsubscribed.bookingKey),
    });
    expect(res.statusCode).toBeLessThan(300);
    await setAppointmentStatus(db, keyRef(cancelled.bookingKey), 'CANCELED');
    expect(await job(startOf(2) - 2 * HOUR).runOnce()).toEqual({ queued: 0, skipped: 0 });
    expect(await remindersOf(unsubscribed.bookingKey)).toEqual([]);
    expect(await remindersOf(cancelled.bookingKey)).toEqual([]);
    // Nothing is kept to send them later.
    expect(await reminderState(unsubscribed.slug)).toEqual({ sent: false, sealed: false });
    expect(await reminderState(cancelled.slug)).toEqual({ sent: false, sealed: false });
  });

  it('goes at once, by SMS in the booking language, when booked closer than the lead time with only a phone', async () => {
    const { bookingKey, slug } = await bookOne(app, db, { dayOffset: 3 });
    await db.query(`UPDATE appointments SET patient_email = NULL, locale = 'mk' WHERE slug = $1`, [
      slug,
    ]);
    const at = startOf(3) - 2 * HOUR;
    expect(await job(at, 1).runOnce()).toEqual({ queued: 0, skipped: 0 });
    expect(await job(at).runOnce()).toEqual({ queued: 1, skipped: 0 });
    const [sms] = await remindersOf(bookingKey);
    expect(sms?.channel).toBe('sms');
    expect(sms?.recipient).toMatch(/412 ?345 ?678$/);
    expect(sms?.html).toBeNull();
    expect(sms?.body).toMatch(/^Потсетник: /);
    expect(sms?.body).toContain(checkInLink(PUBLIC_URL, bookingKey));
  });

  it('is not sent once the appointment has started', async () => {
    const { bookingKey, slug } = await bookOne(app, db, { dayOffset: 4 });
    expect(await job(startOf(4) + 60_000).runOnce()).toEqual({ queued: 0, skipped: 0 });
    expect(await remindersOf(bookingKey)).toEqual([]);
    expect(await reminderState(slug)).toEqual({ sent: false, sealed: false });
  });
});
