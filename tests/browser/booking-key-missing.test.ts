import '../../widgets/appointment/define';
import '../../widgets/results/define';
import { equal, waitFor } from './assert';

/**
 * <imaging-appointment> and <imaging-results> on a page that gives them no
 * booking key (no booking-key attribute, an empty one, and no key in the
 * path): nothing can load, so instead of "Loading…" for ever they say, in
 * the page's language, what to do, as an alert a screen reader reads out.
 */
const ENGLISH =
  'This page needs the link from your booking confirmation (e-mail or SMS). Open that link again, or contact the clinic.';
const MACEDONIAN =
  'На оваа страница ѝ е потребна врската од потврдата за вашиот термин (е-пошта или SMS). Отворете ја таа врска повторно или контактирајте ја клиниката.';

const realFetch = globalThis.fetch;
let booking: string[] = [];

/** Records the calls that would load a booking; the others go to the fixture server. */
function watchBookingCalls(): void {
  booking = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (/\/api\/secured\/|appointments\/summary/.test(url)) booking.push(url);
    return realFetch(input, init);
  };
}

function mount(tag: string, attributes: Record<string, string>): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const alertOf = (element: HTMLElement) =>
  waitFor(
    () => element.shadowRoot?.querySelector<HTMLElement>('[part="booking-key-missing"]'),
    `the missing-key message of <${element.localName}>`,
  );

async function expectMessage(element: HTMLElement, text: string): Promise<void> {
  const alert = await alertOf(element);
  await waitFor(() => alert.textContent === text, `"${text}" (got "${alert.textContent}")`);
  equal(alert.getAttribute('role'), 'alert', 'announced to screen readers');
  const shown = element.shadowRoot?.textContent ?? '';
  equal(/Loading|Се вчитува/.test(shown), false, `no loading text (got "${shown}")`);
  equal(element.shadowRoot?.querySelector('[aria-busy="true"]'), null, 'the page is not busy');
}

afterEach(async () => {
  document.querySelectorAll('imaging-appointment, imaging-results').forEach((e) => e.remove());
  globalThis.fetch = realFetch;
  // Back to English for the other tests.
  const probe = mount('imaging-results', { locale: 'en-AU' });
  await expectMessage(probe, ENGLISH);
  probe.remove();
});

for (const tag of ['imaging-appointment', 'imaging-results']) {
  describe(`<${tag}> without a booking key`, () => {
    it('says the page needs the link from the confirmation instead of loading for ever', async () => {
      watchBookingCalls();
      await expectMessage(mount(tag, {}), ENGLISH);
      await expectMessage(mount(tag, { 'booking-key': '', path: '/', search: '' }), ENGLISH);
      await expectMessage(
        mount(tag, { 'booking-key': '', path: '/iframe/appointments/' }),
        ENGLISH,
      );
      equal(booking.length, 0, `no booking asked for (${booking.join(', ')})`);
    });

    it('says it in Macedonian on a Macedonian page', async () => {
      await expectMessage(mount(tag, { locale: 'mk' }), MACEDONIAN);
    });
  });
}
