/**
 * The consent forms of an appointment (spec 2.4 "Appointment"): which apply
 * and are answered, in the request's language, and the patient's answers,
 * checked against the stored form.
 */
import type { ConsentAnswer, ConsentFormsResponse } from '../../src/contract/questionnaire.js';
import {
  listConsentAnswers,
  listConsentForms,
  saveConsentAnswer,
} from '../db/consent-forms.repo.js';
import type { Db } from '../db/db.js';
import { findExamFacts, type AppointmentFacts } from '../db/questionnaire-facts.repo.js';
import { bookingContext } from '../../src/domain/questionnaire/booking-facts.js';
import { ApiError } from '../http/errors.js';
import { checkAnswers } from './questionnaire-answers.js';
import type { BookingRef } from './questionnaire-common.js';
import { consentFormsInLocale } from './questionnaire-locale.js';

export interface ConsentForms {
  /** `locale` (the request's) translates the forms (questionnaire-locale.ts). */
  consentForms(appointment: BookingRef, locale?: string): Promise<ConsentFormsResponse>;
  saveConsent(
    appointment: BookingRef,
    consentFormId: number,
    result: Record<string, unknown>,
  ): Promise<ConsentAnswer>;
}

export function createConsentForms(
  db: Db,
  appointmentFacts: (ref: BookingRef) => Promise<AppointmentFacts>,
): ConsentForms {
  return {
    async consentForms(ref, locale) {
      const facts = await appointmentFacts(ref);
      const forms = await consentFormsInLocale(
        db,
        await listConsentForms(
          db,
          facts.examSlug === null ? [] : [facts.examSlug],
          facts.modalityId === null ? [] : [facts.modalityId],
        ),
        locale,
      );
      const answers = await listConsentAnswers(db, facts.id);
      const appointmentConsentForms = forms.map((form) => ({
        consentFormId: form.id,
        appointmentSlug: facts.slug,
        required: form.required,
        answered: answers.some((answer) => answer.consentFormId === form.id),
      }));
      return {
        appointmentConsentForms,
        notifyPatient:
          facts.status !== 'CANCELED' &&
          appointmentConsentForms.some((form) => form.required && !form.answered),
        consentForms: forms.map((form) => ({
          id: form.id,
          title: form.title,
          modalSize: form.modalSize,
          showClosingConfirmation: form.showClosingConfirmation,
          json: form.json,
        })),
        answers,
      };
    },

    async saveConsent(ref, consentFormId, questionnaireResult) {
      const facts = await appointmentFacts(ref);
      const forms = await listConsentForms(
        db,
        facts.examSlug === null ? [] : [facts.examSlug],
        facts.modalityId === null ? [] : [facts.modalityId],
      );
      const form = forms.find((f) => f.id === consentFormId);
      if (!form) throw new ApiError(404, 'message.consent_form_not_found', 'no such consent form');
      const exams = await findExamFacts(db, facts.examSlug === null ? [] : [facts.examSlug]);
      const result = checkAnswers(
        form.json,
        questionnaireResult,
        'message.error_answering_questionnaire',
        bookingContext(exams),
      );
      await saveConsentAnswer(db, facts.id, form.id, result);
      const saved = (await listConsentAnswers(db, facts.id)).find(
        (a) => a.consentFormId === form.id,
      );
      if (!saved) throw new Error('consent answer not stored');
      return saved;
    },
  };
}
