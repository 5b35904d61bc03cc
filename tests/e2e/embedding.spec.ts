/**
 * A clinic's web developer embeds the portal on their own site, another
 * origin (R-1-24, docs/embedding.md): with one module script and one
 * element, and with one classic script (embed.js) that makes an iframe.
 * The patient books on the clinic's page; the server holds the booking.
 */
import { expect, test, type Page } from '@playwright/test';
import { clinicPage, startClinicSite, type ClinicSite } from './clinic-site';
import { expectNoAxeViolations, keepScreenshot } from './helpers';
import { passQuestionnaires } from './questionnaire-helpers';

const clinicPort = Number(process.env.E2E_CLINIC_PORT);
let portal: string;
let clinic: ClinicSite;
/** The same pages on an origin the provider does not list. */
let stranger: ClinicSite;

const EVENT_RECORDER = `<script>
  window.received = [];
  for (const name of ['imaging-booking-navigated', 'imaging-booking-created', 'imaging-frame-resized',
    'imaging-frame-navigated', 'imaging-booking-progressed', 'imaging-navigated'])
    document.addEventListener(name, (event) => window.received.push({ name, detail: event.detail }));
</script>`;

function pages(origin: string): Record<string, string> {
  return {
    '/book': clinicPage(
      'Book a scan',
      `<script type="module" src="${origin}/elements/booking.js"></script>
      <imaging-booking api-base="${origin}" url-state></imaging-booking>`,
    ),
    '/book-in-a-frame': clinicPage(
      'Book a scan',
      `${EVENT_RECORDER}
      <div id="book-a-scan"></div>
      <script src="${origin}/elements/embed.js" data-target="#book-a-scan"
        data-exam-slug="xray-chest" data-region-slug="perth"></script>`,
    ),
  };
}

test.beforeAll(async () => {
  portal = new URL(test.info().project.use.baseURL!).origin;
  clinic = await startClinicSite(clinicPort, pages(portal));
  stranger = await startClinicSite(clinicPort + 1, pages(portal));
});
test.afterAll(async () => {
  await clinic.close();
  await stranger.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Every API call the page made, by origin. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
  });
  return calls;
}

async function fillPatient(root: ReturnType<Page['locator']>) {
  await root.getByLabel('First name').fill('Ava');
  await root.getByLabel('Last name').fill('Nguyen');
  await root.getByLabel('Date of birth').fill('1990-02-03');
  await root.getByLabel('Email').fill('ava.nguyen@example.org');
  await root.getByLabel('Contact number').fill('0412345679');
  await root.getByLabel('Female', { exact: true }).check();
  await root.getByLabel('Post code').fill('6000');
}

async function chooseFirstFreeSlot(root: ReturnType<Page['locator']>) {
  const slots = root.locator('button.slot');
  await expect(root.getByText(/Loading free times/)).toHaveCount(0);
  if ((await slots.count()) === 0)
    await root.getByRole('button', { name: 'Find next available' }).click();
  await slots.first().click();
}

test.describe('embedding on a clinic site', () => {
  test('one script tag and one element: a patient books on the clinic page, Back and reload work, the server holds the booking', async ({
    page,
  }) => {
    const calls = apiCalls(page);
    await page.goto(`${clinic.origin}/book`);
    const booking = page.locator('imaging-booking');
    await expect(heading(page, 'Choose your scan')).toBeVisible();
    await booking.getByRole('button', { name: 'X-Ray', exact: true }).click();
    await booking.getByRole('button', { name: 'Chest X-ray', exact: true }).click();
    await booking.getByRole('button', { name: 'Continue' }).click();
    // The exam's questions come in the questionnaire element, in the booking element's place.
    await passQuestionnaires(page);
    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    // The element moved alone and mirrored its step into the clinic page's address.
    expect(new URL(page.url()).pathname).toBe('/book');
    expect(new URL(page.url()).hash).toMatch(/^#imaging:\/select-region\?/);
    await booking.getByLabel('Region').selectOption({ label: 'Perth' });
    await booking.getByRole('button', { name: 'Choose Harbour Imaging Perth CBD' }).click();
    await expect(heading(page, 'Choose a time')).toBeVisible();
    await page.goBack();
    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    await page.goForward();
    await expect(heading(page, 'Choose a time')).toBeVisible();
    await page.reload();
    await expect(heading(page, 'Choose a time')).toBeVisible();
    await chooseFirstFreeSlot(booking);
    await booking.getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 'Your details')).toBeVisible();
    await fillPatient(booking);
    await expectNoAxeViolations(page);
    await booking.getByRole('button', { name: 'Book appointment' }).click();

    // The confirmation is the appointment element, in the booking element's place.
    const appointment = page.locator('imaging-appointment');
    await expect(
      appointment.getByRole('heading', { level: 1, name: 'Booking confirmed' }),
    ).toBeVisible();
    const key = (await appointment.locator('.appointment__reference').first().innerText()).trim();
    expect(new URL(page.url()).hash).toBe(`#imaging:/appointments/${key}`);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'embedding-element-confirmed');

    // The server holds it, and this browser's session (a partitioned cookie) reads it from the clinic's page.
    const summary = await page.evaluate(
      async ({ portal, key }) => {
        const res = await fetch(`${portal}/api/secured/appointments/summary`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ bookingKey: key }),
        });
        return { status: res.status, body: await res.json() };
      },
      { portal, key },
    );
    expect(summary.status).toBe(200);
    expect(summary.body.appointments).toHaveLength(1);
    expect(summary.body.appointments[0]).toMatchObject({ examSlug: 'xray-chest' });

    await page.reload();
    await expect(page.locator('imaging-appointment .appointment__reference').first()).toHaveText(
      key,
    );
    // Every call went to the provider, from the first one on.
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.filter((url) => !url.startsWith(`${portal}/api/`))).toEqual([]);
  });

  test('embed.js: the portal in an iframe, sized to its content, prefilled, its events on the clinic page', async ({
    page,
  }) => {
    await page.goto(`${clinic.origin}/book-in-a-frame`);
    const iframe = page.locator('#book-a-scan iframe');
    await expect(iframe).toHaveAttribute('title', 'Book a scan');
    const frame = page.frameLocator('#book-a-scan iframe');
    // Prefill: the exam and the region came in the address.
    await expect(frame.getByRole('heading', { level: 1, name: 'Choose a clinic' })).toBeVisible();
    await expect(frame.getByLabel('Region')).toHaveValue(/perth/i);
    const src = await iframe.getAttribute('src');
    expect(src).toContain(`${portal}/iframe/select-region?`);
    expect(src).toContain('examSlug=xray-chest');
    // The iframe is as tall as the page inside (no inner scroll bar), and at least 600 px for modals.
    await expect
      .poll(async () => {
        const inner = await frame
          .locator('body')
          .evaluate((body) => body.getBoundingClientRect().height);
        const outer = await iframe.evaluate((element) => element.getBoundingClientRect().height);
        return { fits: Math.abs(Math.max(inner, 600) - outer) <= 2, inner, outer };
      })
      .toMatchObject({ fits: true });
    await frame.getByRole('button', { name: 'Choose Harbour Imaging Perth CBD' }).click();
    await expect(frame.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible();
    const received = await page.evaluate(
      () =>
        (
          window as unknown as {
            received: { name: string; detail: { path?: string; height?: number } }[];
          }
        ).received,
    );
    expect(
      received.some((e) => e.name === 'imaging-frame-resized' && (e.detail.height ?? 0) > 200),
    ).toBe(true);
    expect(
      received.some(
        (e) => e.name === 'imaging-booking-navigated' && e.detail.path === '/iframe/select-clinic',
      ),
    ).toBe(true);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'embedding-iframe');
  });

  test('an origin the provider does not list gets neither the elements, the API nor the frame', async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(`${stranger.origin}/book`);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => customElements.get('imaging-booking') === undefined)).toBe(
      true,
    );
    expect(refused.join('\n')).toMatch(/CORS/);
    const read = await page.evaluate(async (portal) => {
      try {
        await fetch(`${portal}/api/config/portal`, { credentials: 'include' });
        return 'read';
      } catch {
        return 'refused';
      }
    }, portal);
    expect(read).toBe('refused');

    await page.goto(`${stranger.origin}/book-in-a-frame`);
    await page.waitForLoadState('networkidle');
    // frame-ancestors: the browser does not show the portal inside the stranger's page.
    const inner = page.frameLocator('#book-a-scan iframe');
    await expect(inner.getByRole('heading', { level: 1 })).toHaveCount(0);
  });
});
