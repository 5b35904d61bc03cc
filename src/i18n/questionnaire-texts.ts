/**
 * The questionnaire renderer's texts, for a widget that renders a
 * questionnaire outside <imaging-questionnaire> (the cancel modal of the
 * appointment page). Registered once, when the module that renders the
 * questionnaire loads, so the texts travel with it and not with every
 * widget's first load.
 */
import { questionnaireEnAU } from './bundles/questionnaire.en-AU';
import type { FeatureTexts } from './bundles';
import { addFeatureTexts } from './i18n';

export const QUESTIONNAIRE_TEXTS: FeatureTexts = {
  'en-AU': questionnaireEnAU,
  lazy: {
    mk: () => import('./bundles/questionnaire.mk').then((module) => module.questionnaireMk),
  },
};

let registered = false;

export function registerQuestionnaireTexts(): void {
  if (registered) return;
  registered = true;
  addFeatureTexts(QUESTIONNAIRE_TEXTS);
}
