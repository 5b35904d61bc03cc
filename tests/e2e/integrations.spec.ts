import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { frameReady, keepScreenshot, takeFirstFreeTime } from './helpers';
import { passQuestionnaires } from './questionnaire-helpers';
import { startVendorReceiver, type VendorReceiver } from './vendor-receiver';

// These journeys turn the provider's integrations on through the development
// route, against the real server, and point them at a local stand-in for the
// vendors (vendor-receiver.ts); the settings go back afterwards.
test.describe.configure({ mode: 'serial' });

const PATIENT = {
  firstName: 'Zephyrine',
  lastName: 'Quillfeather',
  email: 'Zephyrine.Quill@Example.org',
  phone: '0412345678',
  dateOfBirth: '1984-06-15',
};
/** Nothing of these may reach a vendor, in any form a page could send it. */
const PERSONAL = [
  PATIENT.firstName,
  PATIENT.lastName,
  PATIENT.email,
  PATIENT.email.toLowerCase(),
  encodeURIComponent(PATIENT.email.toLowerCase()),
  PATIENT.phone,
  '0412 345 678',
  PATIENT.dateOfBirth,
  '15/06/1984',
];
const EMAIL_HASH = createHash('sha256').update(PATIENT.email.trim().toLowerCase()).digest('hex');

const booking = (page: Page) => page.locator('imaging-booking');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

let receiver: VendorReceiver;

test.beforeAll(async () => {
  receiver = await startVendorReceiver(Number(process.env.E2E_PORT ?? 8181) + 1);
});

test.afterAll(async () => {
  await receiver?.close();
});

test.afterEach(async ({ request }) => {
  await request.patch('/api/dev/config/app', {
    data: {
      analyticsEnabled: false,
      analyticsMeasurementId: '',
      tagManagerScriptBaseUrl: 'https://www.googletagmanager.com',
    },
  });
  await request.patch('/api/dev/config/integration', { data: { sentryDSN: '' } });
});

/** The names of the GA4 events the collector received, in the order they were sent. */
const eventNames = () =>
  [...receiver.hits]
    .sort((a, b) => Number(a.params['_s']) - Number(b.params['_s']))
    .map((hit) => hit.params['en']);

/** MRI Knee at Sydney CBD, through the MRI questionnaires, as a patient books it; returns the booking key. */
async function bookMriKnee(page: Page, afterLoad: () => Promise<void> = async () => {}) {
  await page.goto('/');
  await frameReady(page);
  await expect(heading(page, 'Choose your scan')).toBeVisible();
  await afterLoad();
  await booking(page).getByRole('button', { name: 'MRI', exact: true }).click();
  await booking(page).getByRole('button', { name: 'MRI Knee', exact: true }).click();
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await passQuestionnaires(page);
  await expect(heading(page, 'Choose a clinic')).toBeVisible();
  await booking(page).getByLabel('Region').selectOption({ label: 'Sydney' });
  await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Sydney CBD' }).click();
  await expect(heading(page, 'Choose a time')).toBeVisible();
  await takeFirstFreeTime(booking(page));
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Your details')).toBeVisible();
  const form = booking(page);
  await form.getByLabel('First name').fill(PATIENT.firstName);
  await form.getByLabel('Last name').fill(PATIENT.lastName);
  await form.getByLabel('Date of birth').fill(PATIENT.dateOfBirth);
  await form.getByLabel('Email').fill(PATIENT.email);
  await form.getByLabel('Contact number').fill(PATIENT.phone);
  await form.getByLabel('Female', { exact: true }).check();
  await form.getByLabel('Post code').fill('2000');
  await form.getByRole('button', { name: 'Book appointment' }).click();
  await expect(heading(page, 'Booking confirmed')).toBeVisible();
  const key = (
    await page.locator('imaging-appointment .appointment__reference').first().innerText()
  ).trim();
  expect(key).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  return key;
}

test.describe('optional integrations against local stand-ins for the vendors', () => {
  test('R-1-28, R-7-calls-58: with the seeded configuration (all off), a booking asks nothing of any vendor', async ({
    page,
    baseURL,
  }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      // The map's tiles are the maps integration's (R-1-31), not an analytics or error vendor.
      if (url.origin !== new URL(baseURL!).origin && url.host !== 'tile.openstreetmap.org')
        foreign.push(request.url());
    });
    await bookMriKnee(page);
    expect(foreign).toEqual([]);
    expect(receiver.hits).toEqual([]);
    expect(
      await page.evaluate(() =>
        ['dataLayer', 'gtag', 'fbq', 'hj', 'plausible', '__SENTRY__'].filter(
          (name) => name in window,
        ),
      ),
    ).toEqual([]);
  });

  test('R-4-create-14, R-7-calls-59: GA4 receives one booking’s funnel in order, with procedure and location names and a hashed e-mail, and nothing personal', async ({
    page,
    request,
  }) => {
    receiver.hits.length = 0;
    await request.patch('/api/dev/config/app', {
      data: {
        analyticsEnabled: true,
        analyticsMeasurementId: 'G-E2ETEST1',
        tagManagerScriptBaseUrl: receiver.origin,
      },
    });
    // A patient takes a moment to read the page; analytics is there by then.
    const key = await bookMriKnee(page, () =>
      expect.poll(eventNames).toEqual(['booking_page_view']),
    );
    await expect
      .poll(eventNames)
      .toEqual([
        'booking_page_view',
        'booking_scan_type',
        'booking_search_availability',
        'booking_questionnaire',
        'booking_location',
        'booking_time_slot',
        'booking_form_start',
        'booking_form_submitted',
        'booking_completed',
      ]);
    const hit = (name: string) => receiver.hits.find((h) => h.params['en'] === name)!.params;
    expect(hit('booking_page_view')).toMatchObject({ tid: 'G-E2ETEST1', 'epn.funnel_step': '0' });
    expect(hit('booking_scan_type')).toMatchObject({
      'epn.funnel_step': '1',
      'ep.scan_type': 'MRI',
    });
    expect(hit('booking_search_availability')).toMatchObject({
      'epn.funnel_step': '2',
      'ep.procedure_name': 'MRI Knee',
    });
    expect(hit('booking_location')).toMatchObject({
      'epn.funnel_step': '4',
      'ep.procedure_name': 'MRI Knee',
      'ep.location_name': 'Harbour Imaging Sydney CBD',
    });
    for (const name of ['booking_form_submitted', 'booking_completed']) {
      expect(hit(name)).toMatchObject({
        'epn.funnel_step': '7',
        'ep.procedure_name': 'MRI Knee',
        'ep.location_name': 'Harbour Imaging Sydney CBD',
        'ep.email_sha256': EMAIL_HASH,
      });
    }
    expect(hit('booking_completed')['ep.booking_kind']).toBe('appointment');
    // Only the two steps after the form carry the hash.
    expect(receiver.hits.filter((h) => h.params['ep.email_sha256']).length).toBe(2);
    // Nothing personal, and no booking key, in any hit, raw or decoded; the page address is redacted.
    const everything = receiver.hits.map((h) => `${h.raw}\n${JSON.stringify(h.params)}`).join('\n');
    for (const secret of [...PERSONAL, key]) expect(everything).not.toContain(secret);
    expect(receiver.hits.every((h) => h.params['dl']!.startsWith('http://127.0.0.1:'))).toBe(true);
    await keepScreenshot(page, 'integrations-analytics-confirmed');
  });

  test('R-1-29, R-7-calls-57: a front-end error reaches the error-reporting endpoint with nothing personal in it', async ({
    page,
    request,
  }) => {
    receiver.envelopes.length = 0;
    const key = await bookMriKnee(page);
    await request.patch('/api/dev/config/integration', {
      data: { sentryDSN: `http://e2epublickey@${new URL(receiver.origin).host}/7` },
    });
    // The confirmation page: its address holds the booking key, the page the patient's details.
    await page.reload();
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    await expect.poll(() => page.evaluate(() => '__SENTRY__' in window)).toBe(true);
    await page.evaluate(
      ([email, phone, dateOfBirth, bookingKey]) => {
        setTimeout(() => {
          throw new Error(
            `Rendering failed for ${email} (${phone}, born ${dateOfBirth}) at /appointments/${bookingKey}`,
          );
        });
      },
      [PATIENT.email, '0412 345 678', '15/06/1984', key],
    );
    await expect.poll(() => receiver.envelopes.length).toBeGreaterThan(0);
    const envelope = receiver.envelopes.join('\n');
    const [header, itemHeader, payload] = receiver.envelopes[0]!.split('\n');
    expect(JSON.parse(itemHeader!)).toMatchObject({ type: 'event' });
    const event = JSON.parse(payload!) as {
      exception: { values: { type: string; value: string }[] };
      request: { url: string };
      user?: unknown;
    };
    expect(JSON.parse(header!)).toMatchObject({ trace: { public_key: 'e2epublickey' } });
    expect(event.exception.values[0]).toMatchObject({
      type: 'Error',
      value: 'Rendering failed for [email] ([number], born [date]) at /appointments/[redacted]',
    });
    expect(event.request.url).toMatch(/\/appointments\/\[redacted\]$/);
    expect(event.user).toBeUndefined();
    for (const secret of [...PERSONAL, key]) expect(envelope).not.toContain(secret);
  });
});
