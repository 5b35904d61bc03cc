/**
 * Issue 13 tried from a browser as an attacker would (docs/security.md
 * "Issue 13 surfaces"): a page on an origin the provider does not list
 * (http://localhost:<E2E_PORT + 2001>) that knows a patient's booking key
 * and appointment from an e-mail. With the patient logged in, it reads no
 * summary or calendar file, cancels nothing by script or by form, and a
 * link of its making with a hostile `?lang=` runs nothing and leaves the
 * patient's language alone.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { clinicPage, startClinicSite, type ClinicSite } from './clinic-site';
import { frameReady, logInAs } from './helpers';
import { bookMriKnee } from './booking-api';

const clinicPort = Number(process.env.E2E_CLINIC_PORT);
const HOSTILE_LANG = '"><img src=x onerror=alert(1)>';
let portal: string;
let stranger: ClinicSite;

test.beforeAll(async () => {
  portal = new URL(test.info().project.use.baseURL!).origin;
  stranger = await startClinicSite(clinicPort + 1, {
    '/blank': clinicPage('Nothing here', '<p>A page.</p>'),
    '/links': clinicPage(
      'Your appointment',
      `<p><a id="hostile" href="${portal}/about?lang=${encodeURIComponent(HOSTILE_LANG)}">Open</a></p>
       <p><a id="mk" href="${portal}/about?lang=mk">Отвори</a></p>`,
    ),
    '/cancel-form': clinicPage(
      'Win a prize',
      `<form method="post" enctype="text/plain">
        <input type="hidden" name='{"reason":{"label":"Other"},"note":"' value='"}' />
        <button>Claim</button>
      </form>
      <script>
        document.querySelector('form').action =
          '${portal}/api/secured/appointments/' + new URLSearchParams(location.search).get('slug') + '/cancel';
      </script>`,
    ),
  });
});
test.afterAll(() => stranger.close());

/** An MRI Knee booked through the API in the test's own request context. */
const booking = (api: APIRequestContext) =>
  bookMriKnee(api, {
    fromDay: 11,
    patient: {
      firstName: 'Noor',
      lastName: 'Haddad',
      dateOfBirth: '1988-08-08',
      email: 'noor.haddad@example.org',
      contactNumber: '0412345678',
      sex: 'FEMALE',
      postalCode: '2000',
    },
  });

/** What a script on the current page gets from a fetch: the status and the start of the body, or 'blocked'. */
const tryFetch = ({ url, init }: { url: string; init: RequestInit }) =>
  fetch(url, { credentials: 'include', ...init }).then(
    async (response) => `${response.status} ${(await response.text()).slice(0, 60)}`,
    () => 'blocked',
  );

/** The appointment's status as the patient's own page reads it. */
async function statusOnPortal(page: Page, bookingKey: string): Promise<string> {
  await page.goto(`${portal}/about`);
  return page.evaluate(async (key) => {
    const response = await fetch('/api/secured/appointments/summary', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bookingKey: key }),
    });
    return ((await response.json()) as { appointments: { status: string }[] }).appointments[0]!
      .status;
  }, bookingKey);
}

test.describe('issue 13 from another origin in the patient’s browser', () => {
  test('R-6-07: an unlisted origin reads no summary or calendar file and cancels nothing, by script or by form', async ({
    page,
    request,
  }) => {
    const { bookingKey, slug } = await booking(request);
    await logInAs(page, bookingKey);
    const summary = {
      url: `${portal}/api/secured/appointments/summary`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bookingKey }),
      },
    };
    const calendar = {
      url: `${portal}/api/booking/appointments/${bookingKey}/calendar.ics`,
      init: {},
    };
    // On the portal the patient reads both.
    expect(await page.evaluate(tryFetch, summary)).toMatch(/^200 \{/);
    expect(await page.evaluate(tryFetch, calendar)).toMatch(/^200 BEGIN:VCALENDAR/);

    await page.goto(`${stranger.origin}/blank`);
    expect(await page.evaluate(tryFetch, summary)).toBe('blocked');
    expect(await page.evaluate(tryFetch, calendar)).toBe('blocked');
    // A simple request needs no preflight and is sent: the server must refuse it itself.
    const cancel = {
      url: `${portal}/api/secured/appointments/${slug}/cancel`,
      init: {
        method: 'POST',
        mode: 'no-cors' as const,
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ reason: { label: 'Other' }, note: '' }),
      },
    };
    await page.evaluate(tryFetch, cancel);
    // The calendar file as a script: refused (not JavaScript, nosniff, and no cookie of the patient).
    const script = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const element = document.createElement('script');
          element.src = url;
          element.onload = () => resolve('ran');
          element.onerror = () => resolve('refused');
          document.head.append(element);
        }),
      calendar.url,
    );
    expect(script).toBe('refused');

    // A top-level form post carries the patient's cookies; the origin check refuses it.
    await page.goto(`${stranger.origin}/cancel-form?slug=${slug}`);
    const answer = page.waitForResponse((response) => response.url().endsWith('/cancel'));
    await page.getByRole('button', { name: 'Claim' }).click();
    const refused = await answer;
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain('message.forbidden_origin');

    expect(await statusOnPortal(page, bookingKey)).toBe('BOOKED');
  });

  test('R-8-36: a link with a hostile ?lang= runs nothing, keeps <html lang> a shipped locale and the patient’s choice', async ({
    page,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${stranger.origin}/links`);
    await page.locator('#mk').click();
    await frameReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mk');
    await expect(page).not.toHaveURL(/lang=/);

    await page.goto(`${stranger.origin}/links`);
    await page.locator('#hostile').click();
    await frameReady(page);
    await expect(page).not.toHaveURL(/lang=/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mk');
    expect(await page.evaluate(() => localStorage.getItem('imaging-portal.locale'))).toBe('mk');
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    // A value planted in the tab's storage is ignored like an unsupported link.
    await page.evaluate((planted) => {
      sessionStorage.setItem('imaging-portal.locale', planted);
      localStorage.setItem('imaging-portal.locale', planted);
    }, HOSTILE_LANG);
    await page.reload();
    await frameReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', /^(en-AU|en|mk)$/);
    expect(dialogs).toEqual([]);
  });
});
