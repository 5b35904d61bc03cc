import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe (WCAG 2.0–2.2 A and AA; it walks open shadow roots) and expects no violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // evaluate() runs through the DevTools protocol, so the page's CSP does not block it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            c: unknown,
            o: unknown,
          ) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
    });
    return result.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }));
  });
  expect(violations).toEqual([]);
}

/** Keeps a screenshot of the page as an artefact of the run. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `tests/e2e/screenshots/${name}.png`, fullPage: true });
}

/** Waits until the frame has rendered its header inside the shadow root. */
export async function frameReady(page: Page): Promise<void> {
  await expect(page.locator('imaging-frame header[part="header"]').first()).toBeVisible();
}

/** Quoted-printable text as UTF-8 (soft line breaks joined, =XX bytes decoded). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A raw single-part mail as a person reads it: the headers (the subject's
 * encoded words decoded) and the body in its transfer encoding decoded, so
 * a Macedonian e-mail reads in Cyrillic.
 */
export function decodeMail(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  // A multipart mail (the reminder's text and HTML with its QR code): each part decoded.
  const boundary = /^content-type:\s*multipart\/[^;]+;.*?boundary="?([^";\s]+)"?/im.exec(head)?.[1];
  if (boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    return `${head}\n\n${parts.map((part) => decodeMail(part.replace(/^\r?\n/, ''))).join('\n')}`;
  }
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  const headers = head
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
  return `${headers}\n\n${text}`;
}

/**
 * The e-mails sent to `email`, newest last, as text: from the SMTP sink's
 * file (E2E_SMTP_FILE) when the run has one, else from the development
 * mailbox. Headers and body are decoded (decodeMail).
 */
export async function mailsTo(request: APIRequestContext, email: string): Promise<string[]> {
  const file = process.env.E2E_SMTP_FILE;
  if (file) {
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string[]; raw: string })
      .filter((mail) => mail.to.includes(email.toLowerCase()))
      .map((mail) => decodeMail(mail.raw));
  }
  const { messages } = (await (await request.get('/api/dev/mailbox')).json()) as {
    messages: { recipient: string; body: string }[];
  };
  return messages
    .filter((m) => m.recipient.toLowerCase() === email.toLowerCase())
    .map((m) => m.body);
}

/**
 * The browser becomes the booking's holder through the development login,
 * which stands in for the date of birth and the one-time code. It runs from
 * the page, so the browser stores the cookie as it stores the one booking
 * gave it (a partitioned cookie set by page.request would sit beside it).
 */
export async function logInAsHolder(page: Page, bookingKey: string): Promise<void> {
  const status = await page.evaluate(async (key) => {
    const response = await fetch('/api/dev/patient-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bookingKey: key }),
      credentials: 'include',
    });
    return response.status;
  }, bookingKey);
  expect(status).toBe(204);
}

/** Opens the portal, then logs in as the booking's holder. */
export async function logInAs(page: Page, bookingKey: string): Promise<void> {
  await page.goto('/about');
  await logInAsHolder(page, bookingKey);
}

export interface TestPatient {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  phone?: string;
  postCode: string;
}

/** Types a patient's details into the booking form inside `form` (the booking element), as a patient does. */
export async function fillPatientDetails(form: Locator, patient: TestPatient): Promise<void> {
  await form.getByLabel('First name').fill(patient.firstName);
  await form.getByLabel('Last name').fill(patient.lastName);
  await form.getByLabel('Date of birth').fill(patient.dateOfBirth);
  await form.getByLabel('Email').fill(patient.email);
  await form.getByLabel('Contact number').fill(patient.phone ?? '0412345678');
  await form.getByLabel('Female', { exact: true }).check();
  await form.getByLabel('Post code').fill(patient.postCode);
}

/** Takes the first free time of the time step inside `booking` (the next available week when this one has none). */
export async function takeFirstFreeTime(booking: Locator): Promise<void> {
  const slots = booking.locator('button.slot');
  await expect(booking.getByText(/Loading free times/)).toHaveCount(0);
  if ((await slots.count()) === 0)
    await booking.getByRole('button', { name: 'Find next available' }).click();
  await slots.first().click();
}
