// @vitest-environment node
/**
 * Delivery to the clinic's RIS (issue 16 part 6, R-4-checkin-11/13): the
 * check-in (FHIR R4 Appointment "arrived") and the prepared form
 * (QuestionnaireResponse) are POSTed to a real local HTTP receiver, retried
 * with back-off after a 500 until it answers 200; only then do
 * checkInPreparedSent and checkInSuccess turn true.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { risRetryDelayMs, startRisSender } from '../services/ris-sender.js';
import { insertAppointment, MEDICARE } from './check-in-helpers.js';
import { closeTestApp, openTestApp, patientCookies, SETUP_TIMEOUT } from './helpers.js';

let db: Db;
let app: FastifyInstance;
let receiver: Server;
let url: string;
const received: { status: number; type: string; body: Record<string, unknown> }[] = [];
/** The receiver's answers in turn; 200 once they run out. */
const answers: number[] = [];

beforeAll(async () => {
  ({ db, app } = await openTestApp(
    'check_in_ris',
    {},
    {
      clock: () => new Date('2026-11-26T10:00:00+11:00'),
    },
  ));
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answers.shift() ?? 200;
      received.push({
        status,
        type: request.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fhir`;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await closeTestApp(app, db);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RIS delivery through the outbox', () => {
  it('backs off 1 s, 2 s, 4 s … at most 5 minutes', () => {
    expect([1, 2, 3, 10, 30].map((n) => risRetryDelayMs(n))).toEqual([
      1000, 2000, 4000, 300_000, 300_000,
    ]);
  });

  it('retries after a 500 until the receiver answers 200, then the flags turn true', async () => {
    const a = await insertAppointment(db, {
      startIso: '2026-11-26T10:20:00+11:00',
      firstName: 'Rhea',
      lastName: 'Ris',
    });
    const cookies = await patientCookies(app, a.bookingKey);
    const base = `/api/secured/appointments/${a.slug}/check_in`;
    const prepare = await app.inject({
      method: 'POST',
      url: `${base}/prepare`,
      cookies,
      payload: {
        appointmentSlug: a.slug,
        referrer: 'doc-42',
        dateOfReferral: '2026-11-01',
        medicareNumber: MEDICARE,
        referenceNumber: '2',
      },
    });
    expect(prepare.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: base, cookies })).json()).toMatchObject({
      checkInSent: true,
      checkInSuccess: false,
    });

    answers.push(500, 500);
    const sender = startRisSender(db, { webhookUrl: url, retryBaseMs: 1500 }, false);
    expect(await sender.runOnce()).toBe(0);
    expect(received.map((r) => r.status)).toEqual([500, 500]);
    const poll = async () =>
      (await app.inject({ method: 'GET', url: `${base}/sent`, cookies })).json();
    expect(await poll()).toEqual({
      checkInPreparedSent: false,
      checkInSent: true,
      checkInSuccess: false,
    });
    // Not due again before the back-off.
    expect(await sender.runOnce()).toBe(0);
    expect(received).toHaveLength(2);
    await sleep(1700);
    expect(await sender.runOnce()).toBe(2);
    expect(received.map((r) => r.status)).toEqual([500, 500, 200, 200]);
    expect(await poll()).toEqual({
      checkInPreparedSent: true,
      checkInSent: true,
      checkInSuccess: true,
    });

    const [form, arrival] = received.slice(2);
    expect(form?.type).toBe('application/fhir+json');
    expect(form?.body).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      basedOn: [{ identifier: { value: a.slug } }],
      item: expect.arrayContaining([
        expect.objectContaining({
          linkId: 'referrer',
          answer: [{ valueCoding: expect.objectContaining({ code: 'doc-42' }) }],
        }),
        expect.objectContaining({ linkId: 'medicareNumber', answer: [{ valueString: MEDICARE }] }),
      ]),
    });
    expect(arrival?.body).toMatchObject({
      resourceType: 'Appointment',
      id: a.slug,
      status: 'arrived',
      start: '2026-11-26T10:20:00+11:00',
      participant: [{ actor: { display: 'Rhea Ris' } }, expect.anything()],
    });
    // Acknowledged messages are not sent again, and their bodies are gone.
    expect(await sender.runOnce()).toBe(0);
    const { rows } = await db.query<{ body: string; attempts: number }>(
      `SELECT body, attempts FROM outbox WHERE channel = 'ris' AND reference = $1`,
      [String(a.id)],
    );
    expect(rows).toEqual([
      { body: '', attempts: 2 },
      { body: '', attempts: 2 },
    ]);
  });
});
