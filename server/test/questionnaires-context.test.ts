// @vitest-environment node
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentSummary } from '../../src/contract/appointments.js';
import type {
  ProcessedOutcomeResponse,
  QuestionnairesResponse,
} from '../../src/contract/questionnaire.js';
import { checkOutcomeRules, checkQuestionnaire } from '../../src/domain/questionnaire/check.js';
import { listOutbox } from '../db/booking.repo.js';
import type { Db } from '../db/db.js';
import { keyRef } from '../db/secrets.js';
import { seedQuestionnaires } from '../db/seed-questionnaires.js';
import {
  book,
  deviceIds,
  idsByCode,
  MRI_SAFE,
  newKey,
  openBookingApp,
  PATIENT,
} from './booking-helpers.js';
import { closeTestApp, patientCookies, SETUP_TIMEOUT } from './helpers.js';

/**
 * Issue 13, defect 10 "Questionnaires out of context": the exams the
 * questions are about come with them, a choice is offered only for the exams
 * it fits (the server refuses the others), and what an answer means for the
 * patient (PATIENT_NOTE) stays with the booking: its page and its e-mail.
 */
let db: Db;
let app: FastifyInstance;
let sydney: number;
let mri: number[];
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ db, app, sydney, mri } = await openBookingApp('questionnaires_context', {
    publicUrl: 'https://portal.example.org',
  }));
  Object.assign(ids, await idsByCode(db, 'questionnaires'));
}, SETUP_TIMEOUT);
afterAll(() => closeTestApp(app, db));

const list = async (query: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/questionnaires?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuestionnairesResponse>();
};
const save = (bookingKey: string, code: string, answers: object, examSlugs: string[]) =>
  app.inject({
    method: 'POST',
    url: '/api/questionnaires/temporary_answers',
    payload: {
      bookingKey,
      questionnaireId: ids[code],
      questionnaireResult: answers,
      examSlug: examSlugs[0],
      examSlugs,
    },
  });
const processOutcomes = async (bookingKey: string, examSlugs: string[]) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/questionnaires/process_outcomes',
    payload: { bookingKey, examSlugs },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProcessedOutcomeResponse>();
};
const CLAUSTROPHOBIA = 'message.questionnaire_note_claustrophobia';

describe('questionnaires in the context of the booking (issue 13)', () => {
  it('R-7-calls-29 the list names the exams asked about, with their modality and body part, in the order asked', async () => {
    const body = await list('examSlugs=ct-chest,mri-knee,xray-chest');
    expect(body.exams).toEqual([
      expect.objectContaining({ slug: 'ct-chest', name: 'CT Chest', modality: 'ct' }),
      expect.objectContaining({ slug: 'mri-knee', name: 'MRI Knee', bodyPart: 'knee' }),
      expect.objectContaining({ slug: 'xray-chest', modality: 'x-ray', bodyPart: 'chest' }),
    ]);
    expect(body.questionnaires.map((q) => q.id)).toEqual([
      ids['mri-safety'],
      ids['ct-contrast'],
      ids['modality-routing'],
    ]);
  });

  it('R-1-14 a choice not offered for the exams booked (breast screening for a knee and a chest) is refused', async () => {
    const key = await newKey(app);
    const knee = await save(key, 'modality-routing', { reason: 'screening' }, [
      'xray-knee',
      'xray-chest',
    ]);
    expect(knee.statusCode).toBe(400);
    expect(knee.json()).toMatchObject({
      message: 'message.error_answering_questionnaire',
      fields: { reason: 'questionnaire.error.choice' },
    });
    const breast = await save(key, 'modality-routing', { reason: 'screening' }, [
      'xray-knee',
      'mammogram-screening',
    ]);
    expect(breast.statusCode, breast.body).toBe(200);
  });

  it('R-4-quest-03 PATIENT_NOTE: claustrophobia on an MRI Brain changes no exam but gives the patient a note with the phone number', async () => {
    const key = await newKey(app);
    const saved = await save(key, 'mri-safety', { ...MRI_SAFE, claustrophobic: 'yes' }, [
      'mri-brain',
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const outcome = await processOutcomes(key, ['mri-brain']);
    expect(outcome.newExamSlug).toBeNull();
    expect(outcome.notes).toEqual([
      { message: CLAUSTROPHOBIA, messageParams: { phone: '(02) 5550 0100' } },
    ]);
    const neutral = await newKey(app);
    await save(neutral, 'mri-safety', MRI_SAFE, ['mri-brain']);
    expect((await processOutcomes(neutral, ['mri-brain'])).notes).toEqual([]);
  });

  it('R-4-quest-03 R-2.1-23 the note stays with the MRI it is about: on its page and under "How to prepare" in its e-mail, not on the CT of the same visit', async () => {
    const key = await newKey(app);
    const exams = ['mri-brain', 'ct-chest'];
    expect(
      (await save(key, 'mri-safety', { ...MRI_SAFE, claustrophobic: 'yes' }, exams)).statusCode,
    ).toBe(200);
    const ctSafe = { kidneyDisease: 'no', contrastAllergy: 'no', dvaCard: 'no' };
    expect((await save(key, 'ct-contrast', ctSafe, ['ct-chest', 'mri-brain'])).statusCode).toBe(
      200,
    );
    const common = { bookingKey: key, clinicId: sydney, patient: PATIENT };
    const mriBooked = await book(app, {
      ...common,
      examSlug: 'mri-brain',
      deviceId: mri[0] as number,
      startDateTime: '2026-11-25T09:00:00+11:00',
    });
    expect(mriBooked.statusCode, mriBooked.body).toBe(200);
    const ctBooked = await book(app, {
      ...common,
      examSlug: 'ct-chest',
      deviceId: (await deviceIds(db, 'sydney-cbd', 'ct'))[0] as number,
      startDateTime: '2026-11-25T10:00:00+11:00',
    });
    expect(ctBooked.statusCode, ctBooked.body).toBe(200);

    const res = await app.inject({
      method: 'POST',
      url: '/api/secured/appointments/summary',
      payload: { bookingKey: key },
      cookies: await patientCookies(app, key),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { appointments } = res.json<AppointmentSummary>();
    const byExam = Object.fromEntries(appointments.map((a) => [a.examSlug, a]));
    expect(byExam['mri-brain']?.patientNotes).toEqual([
      { message: CLAUSTROPHOBIA, messageParams: { phone: '(02) 5550 0100' } },
    ]);
    expect(byExam['ct-chest']?.patientNotes).toEqual([]);
    // "How to prepare" no longer asks about the pacemaker the screening asked about.
    expect(byExam['mri-brain']?.preparation).not.toMatch(/pacemaker/i);

    // One confirmation for the visit (issue 13), a block per exam: the note is in the MRI's block only.
    const mails = await listOutbox(db, keyRef(key));
    const confirmation = mails.find((mail) => mail.body.includes('MRI Brain'));
    const blocks = (confirmation?.body ?? '').split(/\n\n(?=Exam: )/);
    const mriBlock = blocks.find((block) => block.startsWith('Exam: MRI Brain'));
    expect(mriBlock).toContain('How to prepare:');
    expect(mriBlock).toContain('You told us enclosed spaces make you anxious.');
    expect(mriBlock).toContain('Call us on (02) 5550 0100.');
    expect(confirmation?.body).not.toMatch(/pacemaker/i);
    const ctBlock = blocks.find((block) => block.startsWith('Exam: CT Chest'));
    expect(ctBlock).toBeDefined();
    expect(ctBlock).not.toContain('enclosed spaces');
  });

  it('R-1-13 the seeded questionnaires and their rules fit the documented format', () => {
    for (const questionnaire of seedQuestionnaires) {
      expect(checkQuestionnaire(questionnaire.json), questionnaire.code).toEqual([]);
      expect(checkOutcomeRules(questionnaire.rules ?? []), questionnaire.code).toEqual([]);
    }
  });

  it('migration 017 gives a database seeded before it the same demonstration data, once', async () => {
    const old = 'Tell us about any pacemaker, implant or metal in your body before an MRI.';
    await db.query(
      "UPDATE exams SET exam_notes = $1 WHERE slug LIKE 'mri-%' AND exam_notes LIKE 'Leave%'",
      [old],
    );
    await db.query(
      `UPDATE questionnaires SET definition = definition #- '{pages,0,elements,0,choices,1,visibleIf}'
       WHERE code = 'modality-routing'`,
    );
    await db.query("DELETE FROM questionnaire_outcome_rules WHERE type = 'PATIENT_NOTE'");
    await db.query("DELETE FROM translations WHERE key LIKE 'message.questionnaire_note_%'");
    const sql = await readFile(
      new URL('../db/migrations/017_questionnaire_context.sql', import.meta.url),
      'utf8',
    );
    const dataPart = sql.slice(sql.indexOf('-- The demonstration data'));
    await db.exec(dataPart);
    await db.exec(dataPart);
    const notes = await db.query<{ exam_notes: string }>(
      "SELECT exam_notes FROM exams WHERE slug = 'mri-brain'",
    );
    expect(notes.rows[0]?.exam_notes).toMatch(/^Leave jewellery/);
    const routing = (await list('examSlugs=xray-knee')).questionnaires[0]!;
    expect(JSON.stringify(routing.json)).toContain("{booking.bodyParts} contains 'breast'");
    const rules = await db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM questionnaire_outcome_rules WHERE type = 'PATIENT_NOTE'",
    );
    expect(rules.rows[0]?.count).toBe(2);
    const key = await newKey(app);
    await save(key, 'mri-safety', { ...MRI_SAFE, claustrophobic: 'yes' }, ['mri-brain']);
    expect((await processOutcomes(key, ['mri-brain'])).notes.map((n) => n.message)).toEqual([
      CLAUSTROPHOBIA,
    ]);
  });
});
