// An element on a clinic's own page: the page's `lang` on the element and its
// global CSS (docs/embedding.md). Found by trying the elements on a clinic page.
import { createElement } from 'react';
import { defineWidget, type WidgetProps } from '../../src/element/define-widget';
import { useT } from '../../src/i18n/useT';
import { equal, waitFor } from './assert';

interface TextProps extends WidgetProps {
  locale?: string;
}

function Loading() {
  const t = useT();
  return createElement('p', null, t('message.loading'));
}

defineWidget<TextProps>({
  tag: 'imaging-lang-probe',
  component: Loading,
  props: { locale: 'string' },
});

const text = (el: HTMLElement) => el.shadowRoot?.querySelector('p')?.textContent;

async function mount(html: string): Promise<HTMLElement> {
  document.body.insertAdjacentHTML('beforeend', html);
  const el = document.body.lastElementChild as HTMLElement;
  await waitFor(() => text(el), 'the rendered probe');
  return el;
}

afterEach(async () => {
  document.querySelectorAll('imaging-lang-probe, style[data-host]').forEach((e) => e.remove());
  // Back to English for the other tests.
  const el = await mount('<imaging-lang-probe locale="en-AU"></imaging-lang-probe>');
  await waitFor(() => text(el) === 'Loading…', 'English again');
  el.remove();
});

describe('an element on a clinic page', () => {
  it('takes the lang the page gives it as its locale, and its lang names the language it shows', async () => {
    const el = await mount('<imaging-lang-probe lang="mk"></imaging-lang-probe>');
    await waitFor(() => text(el) === 'Се вчитува…', `Macedonian texts (got ${text(el)})`);
    equal(el.getAttribute('lang'), 'mk');
    el.setAttribute('lang', 'en-AU');
    await waitFor(() => text(el) === 'Loading…', `English texts (got ${text(el)})`);
    // A language the portal does not have: English, and the element says so.
    el.setAttribute('lang', 'fr');
    await waitFor(
      () => el.getAttribute('lang') === 'en-AU',
      `lang en-AU (got ${el.getAttribute('lang')})`,
    );
    equal(text(el), 'Loading…');
  });

  it('the locale attribute wins over lang, and lang is set back to it', async () => {
    const el = await mount('<imaging-lang-probe locale="en-AU" lang="mk"></imaging-lang-probe>');
    await waitFor(
      () => el.getAttribute('lang') === 'en-AU',
      `lang en-AU (got ${el.getAttribute('lang')})`,
    );
    equal(text(el), 'Loading…');
  });

  it("keeps its own text colour and font under the page's universal rules", async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<style data-host>* { color: rgb(255, 0, 0); font-family: fantasy; line-height: 3; text-align: center; }</style>',
    );
    const el = await mount('<imaging-lang-probe></imaging-lang-probe>');
    const style = getComputedStyle(el.shadowRoot!.querySelector('p')!);
    equal(style.color, 'rgb(27, 31, 36)', 'the --imaging-color-text token');
    equal(
      style.fontFamily.startsWith('system-ui'),
      true,
      `the --imaging-font-family token (got ${style.fontFamily})`,
    );
    equal(style.textAlign, 'start');
  });
});
