/**
 * The embedding journey in a browser that blocks third-party cookies (as
 * Safari does, and Chrome in incognito): the session cookies are
 * Partitioned, so a patient still books and reads their booking on the
 * clinic's page (R-1-24, docs/embedding.md).
 */
import { expect, test } from '@playwright/test';
import { bookOnClinicPage, clinicSitePages } from './clinic-journey';
import { CHROMIUM } from './chromium';
import { startClinicSite, startCookieProbe, type ClinicSite } from './clinic-site';

let portal: string;
let clinic: ClinicSite;

test.beforeAll(async () => {
  portal = new URL(test.info().project.use.baseURL!).origin;
  // The port the server lists in ALLOWED_ORIGINS; embedding.spec.ts has closed it by now (one worker).
  clinic = await startClinicSite(Number(process.env.E2E_CLINIC_PORT), clinicSitePages(portal));
});
test.afterAll(() => clinic.close());

test.use({
  launchOptions: { ...CHROMIUM, args: [...CHROMIUM.args, '--test-third-party-cookie-phaseout'] },
});

test("the patient's session still works on the clinic page (partitioned cookies)", async ({
  page,
}) => {
  // The browser really blocks them: an ordinary third-party cookie does not come back.
  const probe = await startCookieProbe(Number(process.env.E2E_CLINIC_PORT) + 3, clinic.origin);
  try {
    await page.goto(`${clinic.origin}/book`);
    const echoed = await page.evaluate(async (probe) => {
      await fetch(`${probe}/set`, { credentials: 'include' });
      return (await fetch(`${probe}/echo`, { credentials: 'include' })).text();
    }, probe.origin);
    expect(echoed).toBe('blocked');
  } finally {
    await probe.close();
  }
  await bookOnClinicPage(page, { clinic: clinic.origin, portal, travel: false });
});
