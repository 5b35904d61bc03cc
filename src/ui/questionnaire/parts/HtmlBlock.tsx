import type { HtmlElement } from '../../../contract/questionnaire-format';
import { SafeHtml } from '../../SafeHtml';

/** `html`: the questionnaire's own text, sanitised (DOMPurify); no answer, never numbered. */
export function HtmlBlock({ element }: { element: HtmlElement }) {
  return <SafeHtml html={element.html} className="question__html" part="questionnaire-html" />;
}
