// @vitest-environment node
/**
 * Issue 13 tried as an attacker with only what an e-mail link or a browser
 * reveals (docs/security.md "Issue 13 surfaces"): the request's language
 * (Accept-Language, `?lang=`), the reschedule prefill's summary call, the
 * cancelled booking's page and the decline, and the calendar file.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../src/contract/locales.js';
import { listOutbox } from '../db/booking.repo.js';
import type { Db } from '../db/db.js';
import { keyRef } from '../db/secrets.js';
import { idsByCode, newKey, openBookingApp, PATIENT } from './booking-helpers.js';
import {
  BROWSER_COOKIE_NAME,
  newBrowserToken,
  patientCookies,
  SESSION_COOKIE_NAME,
  setCookie,
  SETUP_TIMEOUT,
  closeTestApp,
} from './helpers.js';

const PORTAL = 'https://portal.example.org';
let db: Db;
let app: FastifyInstance;
let sydney: number;
let mri: number[];
let next = 0;

beforeAll(async () => {
  ({ db, app, sydney, mri } = await openBookingApp('journeys_attack', { publicUrl: PORTAL }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

/** Someone else's browser: it knows the key from the e-mail link, nothing more. */
const stranger = { [BROWSER_COOKIE_NAME]: newBrowserToken() };
const noBrowser = { [BROWSER_COOKIE_NAME]: '' };

const HOSTILE_LANGUAGES = [
  '*',
  'xx',
  'mk;q=0',
  'mk;q=abc',
  'mk;q=1e400',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'en-AU,'.repeat(1500),
  'x'.repeat(8000),
  ';;;,,,q=;=',
];

function as(cookies: Record<string, string>, options: InjectOptions) {
  return app.inject({ ...options, cookies });
}

/** A booking in this app's browser, in its own half hour; the answer carries its session. */
async function booked(headers: Record<string, string> = {}) {
  const i = next++;
  const res = await app.inject({
    method: 'POST',
    url: '/api/booking/appointments',
    headers,
    payload: {
      bookingKey: await newKey(app),
      examSlug: 'mri-knee',
      clinicId: sydney,
      deviceId: mri[i % 2] as number,
      startDateTime: `2026-11-${23 + Math.floor(i / 16)}T${String(9 + Math.floor((i % 16) / 2)).padStart(2, '0')}:00:00+11:00`,
      patient: PATIENT,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { slug, bookingKey } = res.json<{ slug: string; bookingKey: string }>();
  const session = /^[^=]+=([^;]+)/.exec(setCookie(res.headers, SESSION_COOKIE_NAME) ?? '')?.[1];
  return { slug, bookingKey, session: { [SESSION_COOKIE_NAME]: session ?? '' } };
}

describe('R-1-25 the request’s language: anything unsupported falls back to en-AU, never 500', () => {
  it('a booking in any hostile Accept-Language is stored and e-mailed in en-AU', async () => {
    for (const language of HOSTILE_LANGUAGES) {
      const { bookingKey } = await booked({ 'accept-language': language });
      const { rows } = await db.query<{ locale: string }>(
        'SELECT locale FROM appointments WHERE booking_key = $1',
        [keyRef(bookingKey)],
      );
      expect(rows[0]?.locale, language).toBe('en-AU');
      const [mail] = await listOutbox(db, keyRef(bookingKey));
      expect(mail?.body).toContain(`${PORTAL}/appointments/${bookingKey}?lang=en-AU`);
      expect(mail?.body).not.toContain('<script>');
    }
  });

  it('questionnaires and the one-time code answer hostile languages in en-AU; Vary names the header', async () => {
    const { bookingKey } = await booked();
    await db.query('UPDATE appointments SET locale = NULL WHERE booking_key = $1', [
      keyRef(bookingKey),
    ]);
    const id = (await idsByCode(db, 'questionnaires'))['pain-score-initial'];
    for (const language of HOSTILE_LANGUAGES) {
      const headers = { 'accept-language': language };
      const questionnaire = await app.inject({ url: `/api/questionnaires/${id}`, headers });
      expect(questionnaire.statusCode, language).toBeLessThan(500);
      expect(String(questionnaire.headers.vary)).toMatch(/accept-language/i);
    }
    const code = await app.inject({
      method: 'POST',
      url: '/api/authentication/patient',
      headers: { 'accept-language': '<script>' },
      payload: {
        bookingKey,
        dateOfBirth: PATIENT.dateOfBirth,
        contactNumber: '',
        isBookingRequest: false,
      },
    });
    expect(code.statusCode, code.body).toBe(200);
    const { rows } = await db.query<{ subject: string }>(
      'SELECT subject FROM outbox WHERE reference IS NULL ORDER BY id DESC LIMIT 1',
    );
    expect(rows[0]?.subject).toBe('Your verification code');
  });

  it('R-8-36 `?lang=` of the translations: a bundle of a shipped locale or 400 with a message key, no header echoed', async () => {
    const probes = [
      'mk',
      'MK',
      'xx-YY',
      '__proto__',
      'constructor',
      '%3Cscript%3E',
      'mk%0D%0ASet-Cookie:%20a=1',
      'a'.repeat(200),
      'mk&lang=en',
      '',
    ];
    for (const lang of probes) {
      const res = await app.inject({ url: `/api/assets/translations?lang=${lang}` });
      expect([200, 400], lang).toContain(res.statusCode);
      expect(res.headers['set-cookie']).toBeUndefined();
      if (res.statusCode === 400) expect(res.json().message).toMatch(/^message\.[a-z_]+$/);
      else expect(SUPPORTED_LOCALES).toContain(res.headers['content-language']);
    }
  });
});

describe('R-6-07 the reschedule prefill’s summary call opens only the session’s own booking', () => {
  it('no session: 401; another booking’s session, a booking request’s session, or a made-up key: 403 with no details', async () => {
    const victim = await booked();
    const attacker = await booked();
    const request = await as(stranger, {
      method: 'POST',
      url: '/api/booking/booking_requests',
      payload: {
        bookingKey: await as(stranger, { method: 'POST', url: '/api/booking/booking_key' }).then(
          (res) => res.json<{ bookingKey: string }>().bookingKey,
        ),
        examSlugs: ['mri-breast'],
        clinicId: sydney,
        patient: { ...PATIENT, firstName: 'Eve' },
      },
    });
    expect(request.statusCode, request.body).toBe(200);
    const requestSession = {
      [SESSION_COOKIE_NAME]:
        /^[^=]+=([^;]+)/.exec(setCookie(request.headers, SESSION_COOKIE_NAME) ?? '')?.[1] ?? '',
    };
    const summary = (cookies: Record<string, string>, bookingKey: string) =>
      as(cookies, {
        method: 'POST',
        url: '/api/secured/appointments/summary',
        payload: { bookingKey },
      });
    expect((await summary(noBrowser, victim.bookingKey)).statusCode).toBe(401);
    expect((await summary(stranger, victim.bookingKey)).statusCode).toBe(401);
    for (const [cookies, key] of [
      [attacker.session, victim.bookingKey],
      [requestSession, victim.bookingKey],
      [attacker.session, 'A'.repeat(24)],
    ] as const) {
      const res = await summary(cookies, key);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('message.forbidden');
      expect(res.body).not.toMatch(/Mia|Nguyen|1984|0412/);
    }
    const malformed = await summary(attacker.session, '../../x\u0000');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^message\./);
  });
});

describe('R-4-deny-02 the cancelled booking’s page and the decline', () => {
  it('someone else’s appointment: cancel, decline and its page are refused (401/403) and it stays booked', async () => {
    const victim = await booked();
    const attacker = await booked();
    const ids = await idsByCode(db, 'questionnaires');
    const attempts: [string, string, object?][] = [
      [
        'POST',
        `/api/secured/appointments/${victim.slug}/cancel`,
        { reason: { label: 'Other' }, note: '' },
      ],
      [
        'POST',
        `/api/secured/appointments/${victim.slug}/questionnaire_answers`,
        { questionnaireId: ids['decline-appointment'], questionnaireResult: { reason: 'place' } },
      ],
      [
        'POST',
        `/api/secured/appointments/${victim.slug}/questionnaire_answers`,
        { questionnaireId: ids['cancel-reasons'], questionnaireResult: { reason: 'time' } },
      ],
      ['GET', `/api/secured/appointments/${victim.slug}/can_change_status?action=CANCEL`],
    ];
    await db.query(`UPDATE appointments SET status = 'PENDING' WHERE slug = $1`, [victim.slug]);
    for (const [method, url, payload] of attempts) {
      const options = { method, url, ...(payload ? { payload } : {}) } as InjectOptions;
      expect((await as(noBrowser, options)).statusCode, url).toBe(401);
      const other = await as({ ...stranger, ...attacker.session }, options);
      expect(other.statusCode, url).toBe(403);
      expect(other.body).not.toMatch(/Mia|Nguyen|Sydney/);
    }
    const { rows } = await db.query<{ status: string }>(
      'SELECT status FROM appointments WHERE slug = $1',
      [victim.slug],
    );
    expect(rows[0]?.status).toBe('PENDING');
  });

  it('the holder’s cancelled page shows CANCELED; a second cancel or decline is 409, not a second e-mail', async () => {
    const mine = await booked();
    const ids = await idsByCode(db, 'questionnaires');
    const cookies = await patientCookies(app, mine.bookingKey);
    const cancel = () =>
      as(cookies, {
        method: 'POST',
        url: `/api/secured/appointments/${mine.slug}/cancel`,
        payload: { reason: { label: 'Other' }, note: 'x'.repeat(10) },
      });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(409);
    const decline = await as(cookies, {
      method: 'POST',
      url: `/api/secured/appointments/${mine.slug}/questionnaire_answers`,
      payload: {
        questionnaireId: ids['decline-appointment'],
        questionnaireResult: { reason: 'place' },
      },
    });
    expect(decline.statusCode).toBe(409);
    const page = await as(cookies, {
      method: 'POST',
      url: '/api/secured/appointments/summary',
      payload: { bookingKey: mine.bookingKey },
    });
    expect(page.json<{ appointments: { status: string }[] }>().appointments[0]?.status).toBe(
      'CANCELED',
    );
    const mails = await listOutbox(db, keyRef(mine.bookingKey));
    expect(mails.filter((m) => m.subject.endsWith('is cancelled'))).toHaveLength(1);
  });
});

describe('R-2.4-29 the calendar file', () => {
  const ics = (key: string, cookies: Record<string, string> = {}) =>
    as(cookies, { url: `/api/booking/appointments/${key}/calendar.ics` });

  it('only the booking’s browser or its session gets it; a key alone, another browser or another session gets 404', async () => {
    const victim = await booked();
    const attacker = await booked();
    for (const cookies of [noBrowser, stranger, { ...stranger, ...attacker.session }]) {
      const res = await ics(victim.bookingKey, cookies);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('message.appointment_not_found');
    }
    const secured = await as(attacker.session, {
      url: `/api/secured/appointments/${victim.slug}/calendar.ics`,
    });
    expect(secured.statusCode).toBe(403);
    expect((await ics('..%2F..%2Fetc', {})).statusCode).toBeLessThan(500);
    const own = await ics(victim.bookingKey);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers['content-disposition']).toMatch(
      /^attachment; filename="appointment-\d{4}-\d\d-\d\d\.ics"$/,
    );
  });

  it('a patient name with a line break (an e-mail header or calendar line) is refused with 400 before anything is written', async () => {
    const bookingKey = await newKey(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking/appointments',
      payload: {
        bookingKey,
        examSlug: 'mri-knee',
        clinicId: sydney,
        deviceId: mri[0] as number,
        startDateTime: '2026-11-27T09:00:00+11:00',
        patient: {
          ...PATIENT,
          firstName: 'Mia\r\nBcc: eve@evil.example',
          lastName: 'N\nSUMMARY:x',
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^message\./);
    expect(await listOutbox(db, keyRef(bookingKey))).toEqual([]);
  });

  it('names with line breaks, commas and semicolons stay inside their property (RFC 5545 3.3.11), lines folded at 75 octets', async () => {
    const mine = await booked();
    const { rows } = await db.query<{ name: string; address: string }>(
      'SELECT name, address FROM clinics WHERE id = $1',
      [sydney],
    );
    const injected =
      'Evil, Clinic; \\\r\nATTENDEE:mailto:eve@evil.example\r\nEND:VEVENT\nBEGIN:VALARM';
    await db.query('UPDATE clinics SET name = $1, address = $1 WHERE id = $2', [injected, sydney]);
    try {
      const res = await ics(mine.bookingKey);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
      const raw = res.body.split('\r\n');
      for (const line of raw) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const lines = res.body.replace(/\r\n /g, '').split('\r\n');
      expect(lines.filter((line) => line.startsWith('ATTENDEE'))).toEqual([]);
      expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
      expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
      expect(lines.filter((line) => line.startsWith('BEGIN:VALARM'))).toEqual([]);
      expect(lines.find((line) => line.startsWith('LOCATION:'))).toContain(
        'Evil\\, Clinic\\; \\\\\\nATTENDEE:mailto:eve@evil.example\\nEND:VEVENT\\nBEGIN:VALARM',
      );
    } finally {
      await db.query('UPDATE clinics SET name = $1, address = $2 WHERE id = $3', [
        rows[0]?.name,
        rows[0]?.address,
        sydney,
      ]);
    }
  });
});
