/**
 * Issue 16 part 3: the kiosk's idle watch starts and stops with a kiosk-mode
 * message, also from an iframe parent (postmate's `call('kioskMode', …)`, which
 * embedPortal sends with its `kioskMode` option). The clinic page here speaks
 * postmate's call message itself, after embed.js made the handshake.
 */
import { expect, test, type Page } from '@playwright/test';
import { clinicPage, startClinicSite, type ClinicSite } from './clinic-site';

const clinicPort = Number(process.env.E2E_CLINIC_PORT);
let portal: string;
let clinic: ClinicSite;

test.beforeAll(async () => {
  portal = new URL(test.info().project.use.baseURL!).origin;
  clinic = await startClinicSite(clinicPort, {
    '/kiosk-in-a-frame': clinicPage(
      'Our kiosk',
      `<div id="kiosk"></div>
      <script src="${portal}/elements/embed.js" data-target="#kiosk" data-path="/about"></script>`,
    ),
  });
});
test.afterAll(async () => {
  await clinic.close();
});

/** The parent's kiosk-mode message, as postmate's ParentAPI.call sends it. */
function sendKioskMode(page: Page, on: boolean) {
  return page.evaluate(
    ([origin, data]) => {
      const frame = document.querySelector<HTMLIFrameElement>('#kiosk iframe');
      frame?.contentWindow?.postMessage(
        { postmate: 'call', type: 'application/x-postmate-v1+json', property: 'kioskMode', data },
        origin as string,
      );
    },
    [portal, on] as const,
  );
}

test('an iframe parent\'s kiosk-mode message starts the idle watch, and "false" stops it', async ({
  page,
}) => {
  await page.goto(`${clinic.origin}/kiosk-in-a-frame`);
  const frame = page.frameLocator('#kiosk iframe');
  await expect(frame.locator('imaging-page')).toBeAttached();
  const idle = frame.locator('imaging-kiosk-idle');
  await expect(idle).toHaveCount(0);
  // The handshake may still be under way: the parent says it again until the portal heard it.
  await expect(async () => {
    await sendKioskMode(page, true);
    await expect(idle).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const inner = page.frames().find((f) => f.url().includes('/iframe/'));
  expect(inner?.url()).toMatch(/\/iframe\/about\?kioskMode=true/);
  await sendKioskMode(page, false);
  await expect(idle).toHaveCount(0);
  expect(inner?.url()).not.toMatch(/kioskMode/);
});
