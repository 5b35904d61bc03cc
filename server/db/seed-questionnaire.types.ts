/**
 * The shapes of the demonstration questionnaires and consent forms that
 * seed-questionnaires.ts writes.
 */
import type {
  OutcomeType,
  QuestionnaireJson,
  QuestionnaireType,
} from '../../src/contract/questionnaire.js';

export interface SeedRule {
  type: OutcomeType;
  expression: string;
  result?: unknown;
  evaluateResult?: boolean;
}

export interface SeedQuestionnaire {
  code: string;
  type: QuestionnaireType;
  title: string;
  json: QuestionnaireJson;
  general?: boolean;
  examSlugs?: string[];
  modalities?: string[];
  showClosingConfirmation?: boolean;
  modalSize?: 'sm' | 'md' | 'lg' | 'xl';
  rules?: SeedRule[];
}

export interface SeedConsentForm {
  code: string;
  title: string;
  json: QuestionnaireJson;
  general?: boolean;
  examSlugs?: string[];
  modalities?: string[];
  required?: boolean;
}
