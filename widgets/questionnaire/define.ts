import { defineWidget } from '../../src/element/define-widget';
import { registerQuestionnaireTexts } from '../../src/i18n/questionnaire-texts';
import uiCss from '../../src/ui/ui.css?inline';
import rendererCss from '../../src/ui/questionnaire/questionnaire.css?inline';
import { QuestionnaireWidget } from './QuestionnaireWidget';
import widgetCss from './questionnaire.css?inline';

/**
 * `<imaging-questionnaire>`: the questionnaire flow of spec 4 in the survey
 * modal of spec 2.5. Before booking (examSlug given) it asks the exams'
 * questionnaires under the flow's booking key, lets the server process the
 * outcomes and continues the booking flow (deny page, exam change, minimum
 * date, booking request, Medicare number…). After booking (bookingKey and
 * types) it asks the booking's questionnaires, pain scores, feedback and
 * consent forms and returns to backUrl.
 *
 * @attr path - current path: /questionnaires, /q or /iframe/questionnaires
 * @attr search - current query string; every parameter is passed on (spec 2.2): examSlug (comma list), bookingKey, types (comma list of questionnaire types, or CONSENT_FORM), backUrl, redirectUrl, appointmentSlug, groupName, changedExamSlug, and the booking flow's own parameters
 * @attr api-base - origin of the provider's API (default: same origin)
 * @attr locale - en-AU (default), en-NZ, en-CA, en or mk
 * @fires imaging-navigated - {path, search, replace}: go to the next step (slots, deny page, back URL…); bubbles, composed
 * @csspart questionnaire, questionnaire-intro, questionnaire-result, message, modal, questionnaire-form, question, rating, signature, questionnaire-html, questionnaire-close
 * @cssprop the --imaging-* tokens; the provider's questionnaireCss (configuration) is adopted after the element's own styles
 */
registerQuestionnaireTexts();

defineWidget({
  tag: 'imaging-questionnaire',
  component: QuestionnaireWidget,
  css: `${uiCss}\n${rendererCss}\n${widgetCss}`,
  props: {
    path: 'string',
    search: 'string',
    apiBase: 'string',
    locale: 'string',
  },
});
