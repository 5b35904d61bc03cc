import { describe, expect, it } from 'vitest';
import { applyOutcome, bookingSearch, emptyOutcome, examChangeSearch, noEffects } from './outcomes';

const response = emptyOutcome;

describe('questionnaire outcomes (spec 4 "Questionnaire flow")', () => {
  it('R-4-quest-04: a denial wins and carries its message and parameters', () => {
    const { step } = applyOutcome(
      noEffects(),
      response({
        success: false,
        message: 'message.questionnaire_denied_pacemaker',
        messageParams: { phone: '(02) 5550 0100' },
        newExamSlug: 'other',
      }),
    );
    expect(step).toEqual({
      kind: 'deny',
      message: 'message.questionnaire_denied_pacemaker',
      params: { phone: '(02) 5550 0100' },
    });
  });

  it('R-4-quest-08: an exam change comes next', () => {
    expect(applyOutcome(noEffects(), response({ newExamSlug: 'mri-knee-wide-bore' })).step).toEqual(
      {
        kind: 'change-exam',
        newExamSlug: 'mri-knee-wide-bore',
      },
    );
  });

  it('R-4-quest-05/06/07/09/10: the other outcomes accumulate; the later minimum date wins', () => {
    let effects = noEffects();
    effects = applyOutcome(
      effects,
      response({
        restrictMinDate: '2026-12-20',
        restrictQuestionnaireId: 4,
        medicareNumberRequired: true,
      }),
    ).effects;
    effects = applyOutcome(
      effects,
      response({
        restrictMinDate: '2026-12-10',
        createBookingRequest: true,
        validationCodeRequired: true,
        documentTypeId: 1,
        insuranceTypeId: 3,
        url: 'https://example.org/',
        walkInExamName: 'Chest X-ray walk-in',
        prepTime: 0,
        minutesPrior: 30,
        walkInEnabledGroup: 'x-ray',
      }),
    ).effects;
    expect(effects).toEqual({
      createBookingRequest: true,
      medicareNumberRequired: true,
      validationCodeRequired: true,
      restrictMinDate: '2026-12-20',
      restrictQuestionnaireId: 4,
      documentTypeId: 1,
      insuranceTypeId: 3,
      redirectUrl: 'https://example.org/',
      walkIn: { name: 'Chest X-ray walk-in', prepTime: 0, minutesPrior: 30, group: 'x-ray' },
      notes: [],
    });
  });

  it('R-4-quest-03 PATIENT_NOTE: the notes for the patient accumulate, each once', () => {
    const claustrophobia = {
      message: 'message.note_claustrophobia',
      messageParams: { phone: '1' },
    };
    const implant = { message: 'message.note_implant', messageParams: {} };
    let effects = applyOutcome(noEffects(), response({ notes: [claustrophobia] })).effects;
    effects = applyOutcome(effects, response({ notes: [claustrophobia, implant] })).effects;
    expect(effects.notes).toEqual([claustrophobia, implant]);
  });

  it('R-2.2-04, R-4-quest-11: the slots URL keeps every parameter but the questionnaire ones and adds the outcomes', () => {
    const incoming = new URLSearchParams(
      'examSlug=mri-knee&selectedClinic=2&utm_source=clinic&types=BOOKING_FORM&backUrl=%2F',
    );
    const effects = {
      ...noEffects(),
      createBookingRequest: true,
      medicareNumberRequired: true,
      restrictMinDate: '2026-12-07',
    };
    const params = new URLSearchParams(bookingSearch(incoming, 'BK1', ['mri-knee'], effects));
    expect([...params.keys()]).toEqual([
      'examSlug',
      'selectedClinic',
      'utm_source',
      'bookingKey',
      'isBookingRequest',
      'medicareNumberRequired',
      'restrictMinDate',
    ]);
    expect(params.get('restrictMinDate')).toBe('2026-12-07');
  });

  it('R-4-quest-08, spec 2.2: after an exam change the new exam replaces the old one, named in changedExamSlug', () => {
    const search = examChangeSearch(
      new URLSearchParams('examSlug=mri-knee&types=CREATE_BOOKING_REQUEST'),
      'BK1',
      ['mri-knee'],
      'mri-knee',
      'mri-knee-wide-bore',
    );
    const params = new URLSearchParams(search);
    expect(params.get('examSlug')).toBe('mri-knee-wide-bore');
    expect(params.get('changedExamSlug')).toBe('mri-knee');
    expect(params.get('bookingKey')).toBe('BK1');
    expect(params.get('types')).toBe('CREATE_BOOKING_REQUEST');
  });
});
