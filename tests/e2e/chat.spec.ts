import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  frameReady,
  keepScreenshot,
  fillPatientDetails,
  takeFirstFreeTime,
} from './helpers';

// The chat vendor is a local stand-in (fake-messenger.js) on an origin of its
// own, like the vendor's; the provider's settings point the portal at it
// through the development route, and are put back afterwards.
test.describe.configure({ mode: 'serial' });

const VENDOR_PORT = Number(process.env.E2E_CHAT_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 2);
const VENDOR = `http://127.0.0.1:${VENDOR_PORT}`;
const SCRIPT_URL = `${VENDOR}/genesys-bootstrap/genesys.min.js`;
const FIXTURES = 'tests/fixtures/attachments';

interface Recorded {
  at: number;
  kind: 'loaded' | 'command' | 'event';
  name?: string;
  options?: { message?: string; file?: { name: string; type: string }[] };
  config?: { environment: string; deploymentId: string };
}

let vendor: Server;
let vendorHits = 0;

test.beforeAll(async () => {
  const script = readFileSync('tests/e2e/fake-messenger.js', 'utf8');
  vendor = createServer((request, response) => {
    vendorHits += 1;
    if (request.url !== '/genesys-bootstrap/genesys.min.js') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
  });
  await new Promise<void>((resolve) => vendor.listen(VENDOR_PORT, '127.0.0.1', resolve));
});

test.afterAll(async ({ request }) => {
  await request.patch('/api/dev/config/integration', { data: { chatDeploymentId: '' } });
  await new Promise((resolve) => vendor.close(resolve));
});

const booking = (page: Page) => page.locator('imaging-booking');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const calls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __chatCalls?: Recorded[] }).__chatCalls ?? []);
const commands = async (page: Page, name: string) =>
  (await calls(page)).filter((call) => call.kind === 'command' && call.name === name);

/** Exam, clinic and time of a CT at Parramatta (no questionnaire), up to the details step. */
async function reachDetails(page: Page) {
  await expect(heading(page, 'Choose your scan')).toBeVisible();
  await booking(page).getByRole('button', { name: 'CT', exact: true }).click();
  await booking(page).getByRole('button', { name: 'CT Sinuses', exact: true }).click();
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Choose a clinic')).toBeVisible();
  await booking(page).getByLabel('Region').selectOption({ label: 'Sydney' });
  await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Parramatta' }).click();
  await expect(heading(page, 'Choose a time')).toBeVisible();
  await takeFirstFreeTime(booking(page));
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Your details')).toBeVisible();
  await fillPatientDetails(booking(page), {
    firstName: 'Ruby',
    lastName: 'Okafor',
    dateOfBirth: '1990-11-02',
    email: 'ruby.okafor@example.org',
    postCode: '2150',
  });
}

test.describe('chat with an agent through the vendor (R-1-30)', () => {
  test('R-1-30, R-7-calls-55: without a deployment id nothing of the vendor loads and no request leaves for it', async ({
    page,
    request,
  }) => {
    // The script URL is set, the deployment id is not.
    await request.patch('/api/dev/config/integration', {
      data: { chatDeploymentId: '', chatScriptUrl: SCRIPT_URL, chatEnvironment: 'prod-e2e' },
    });
    const toVendor: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().startsWith(VENDOR)) toVendor.push(sent.url());
    });
    vendorHits = 0;
    await page.goto('/');
    await frameReady(page);
    await expect(heading(page, 'Choose your scan')).toBeVisible();
    await page.goto('/about');
    await frameReady(page);
    await page.waitForTimeout(500);
    expect(toVendor).toEqual([]);
    expect(vendorHits).toBe(0);
    expect(await page.evaluate(() => 'Genesys' in window)).toBe(false);
    const csp = (await request.get('/', { headers: { accept: 'text/html' } })).headers()[
      'content-security-policy'
    ];
    expect(csp).not.toContain(VENDOR);
  });

  test('R-4-upload-03/04, R-9-17/18: the booking is announced once and the referral passed into the conversation with the delays', async ({
    page,
    request,
  }) => {
    await request.patch('/api/dev/config/integration', {
      data: {
        chatDeploymentId: 'e2e-deployment',
        chatScriptUrl: SCRIPT_URL,
        chatEnvironment: 'prod-e2e',
      },
    });
    await page.goto('/');
    await frameReady(page);
    const launcher = page.getByRole('button', { name: 'Chat with us' });
    await expect(launcher).toBeVisible(); // the vendor's script loaded, on demand
    const loaded = (await calls(page)).find((call) => call.kind === 'loaded');
    expect(loaded?.config).toEqual({ environment: 'prod-e2e', deploymentId: 'e2e-deployment' });

    // The patient opens the messenger; the conversation opens 2 s later.
    await launcher.click();
    await expect.poll(() => commands(page, 'MessagingService.startConversation')).toHaveLength(1);
    const opened = (await calls(page)).find((call) => call.name === 'Messenger.opened')!;
    const [started] = await commands(page, 'MessagingService.startConversation');
    expect(started!.at - opened.at).toBeGreaterThanOrEqual(1950);
    expect(started!.at - opened.at).toBeLessThan(3500);

    // Two documents in a row on the details step: the referral, then a photo that replaces it.
    await reachDetails(page);
    const upload = booking(page).locator('.upload');
    const input = upload.locator('input[type=file]:not([capture])').first();
    await input.setInputFiles(`${FIXTURES}/referral.pdf`);
    await expect(upload).toContainText('Uploaded: referral.pdf');
    const firstUploaded = Date.now();
    await input.setInputFiles(`${FIXTURES}/referral-photo.png`);
    await expect(upload).toContainText('Uploaded: referral-photo.png');
    await expectNoAxeViolations(page);
    await booking(page).getByRole('button', { name: 'Book appointment' }).click();
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    const key = /\/appointments\/([A-Za-z0-9_-]+)/.exec(page.url())?.[1] ?? '';
    expect(key).not.toBe('');

    await expect.poll(() => commands(page, 'MessagingService.requestUpload')).toHaveLength(2);
    const uploads = await commands(page, 'MessagingService.requestUpload');
    expect(uploads.map((call) => call.options?.file?.[0]?.name)).toEqual([
      'referral.pdf',
      'referral-photo.png',
    ]);
    // 3000 ms after the first document was uploaded (the test saw it a little later), then 1000 ms.
    expect(uploads[0]!.at - firstUploaded).toBeGreaterThanOrEqual(2500);
    expect(uploads[0]!.at - firstUploaded).toBeLessThan(5000);
    expect(uploads[1]!.at - uploads[0]!.at).toBeGreaterThanOrEqual(990);
    expect(uploads[1]!.at - uploads[0]!.at).toBeLessThan(2000);

    await expect
      .poll(async () => (await commands(page, 'MessagingService.sendMessage')).length)
      .toBe(3);
    const messages = (await commands(page, 'MessagingService.sendMessage')).map(
      (call) => call.options?.message,
    );
    expect(
      messages.filter((text) => text === 'I have just booked my appointment online.'),
    ).toHaveLength(1);
    expect(messages.filter((text) => text?.startsWith('I have uploaded document'))).toEqual([
      'I have uploaded document 1 for my booking.',
      'I have uploaded document 2 for my booking.',
    ]);
    // Nothing that identifies the patient or the booking went into the conversation's texts.
    const sent = JSON.stringify(await calls(page));
    for (const secret of [key, 'Okafor', 'ruby.okafor', '1990-11-02', '0412345678'])
      expect(sent).not.toContain(secret);

    // Once per booking: going back to the flow and forth does not announce it again.
    await page.goBack();
    await page.goForward();
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    await page.waitForTimeout(500);
    expect(await commands(page, 'MessagingService.sendMessage')).toHaveLength(3);

    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'chat-booking-confirmed');
  });
});
