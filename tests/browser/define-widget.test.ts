// define-widget reaches into r2wc's internals (the props record and the render
// method behind Symbol.for('r2wc.props' / 'r2wc.render'), and an
// attributeChangedCallback that replaces r2wc's own). These tests pin the
// behaviour that depends on them, so an upgrade of @r2wc/core that renames or
// reorders them fails here, loudly, instead of in a clinic's page.
import { createElement } from 'react';
import { defineWidget, type WidgetProps } from '../../src/element/define-widget';
import { assert, equal, waitFor } from './assert';

interface ProbeProps extends WidgetProps {
  label?: string;
  kioskMode?: boolean;
  count?: number;
  options?: { size: string };
}

function Probe({ label, kioskMode, count, options }: ProbeProps) {
  return createElement('output', {
    'data-label': label ?? '(none)',
    'data-kiosk': String(kioskMode ?? '(none)'),
    'data-count': String(count ?? '(none)'),
    'data-size': options?.size ?? '(none)',
  });
}

defineWidget<ProbeProps>({
  tag: 'imaging-probe',
  component: Probe,
  props: { label: 'string', kioskMode: 'boolean', count: 'number', options: 'json' },
  css: ':host { display: block; } output { color: rgb(1, 2, 3); }',
});

const output = (el: HTMLElement) =>
  waitFor(() => el.shadowRoot?.querySelector('output'), 'the rendered probe');

async function rendersWith(el: HTMLElement, name: string, value: string): Promise<void> {
  await waitFor(
    () => el.shadowRoot?.querySelector('output')?.getAttribute(`data-${name}`) === value,
    `data-${name}=${value} (got ${el.shadowRoot?.querySelector('output')?.getAttribute(`data-${name}`)})`,
  );
}

afterEach(() => document.querySelectorAll('imaging-probe').forEach((e) => e.remove()));

describe('defineWidget on @r2wc/core 1.3.1', () => {
  it('reads every attribute present before the first render, a bare boolean included', async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      `<imaging-probe label="MRI" kiosk-mode count="3" options='{"size":"lg"}'></imaging-probe>`,
    );
    const el = document.querySelector('imaging-probe') as HTMLElement;
    const out = await output(el);
    equal(out.dataset.label, 'MRI');
    equal(out.dataset.kiosk, 'true', 'bare boolean attribute');
    equal(out.dataset.count, '3');
    equal(out.dataset.size, 'lg');
  });

  it('re-renders on an attribute change and resets a prop when its attribute is removed', async () => {
    const el = document.createElement('imaging-probe');
    el.setAttribute('label', 'CT');
    document.body.append(el);
    await rendersWith(el, 'label', 'CT');
    el.setAttribute('label', 'X-ray');
    await rendersWith(el, 'label', 'X-ray');
    el.setAttribute('kiosk-mode', '');
    await rendersWith(el, 'kiosk', 'true');
    el.removeAttribute('kiosk-mode');
    await rendersWith(el, 'kiosk', '(none)');
    el.removeAttribute('label');
    await rendersWith(el, 'label', '(none)');
  });

  it('ignores attributes that are not props, and bad numbers and JSON parse to nothing', async () => {
    const el = document.createElement('imaging-probe');
    el.setAttribute('count', 'many');
    el.setAttribute('options', '{oops');
    el.setAttribute('data-other', 'x');
    document.body.append(el);
    const out = await output(el);
    equal(out.dataset.count, '(none)');
    equal(out.dataset.size, '(none)');
  });

  it('adopts the theme tokens and the widget sheet into an open shadow root', async () => {
    const el = document.createElement('imaging-probe');
    document.body.append(el);
    const out = await output(el);
    assert(el.shadowRoot, 'open shadow root');
    equal(el.shadowRoot.adoptedStyleSheets.length, 2, 'tokens + widget sheet');
    equal(getComputedStyle(out).color, 'rgb(1, 2, 3)');
  });

  it('defining a tag twice is harmless', () => {
    defineWidget<ProbeProps>({ tag: 'imaging-probe', component: Probe, props: {} as never });
    assert(customElements.get('imaging-probe'), 'still defined');
  });
});
