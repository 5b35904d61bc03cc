import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailsTo } from './helpers';

/** Issue 16 journeys against the real server: an appointment soon, its code, what the server holds. */
export interface Booked {
  bookingKey: string;
  slug: string;
  lastName: string;
  email: string;
}

const STEP_MINUTES = 3;
const STEPS = 22;

/**
 * The minutes to try for a visit asked `minutes` ahead: that one, then 3, 6 …
 * 66 minutes later and earlier in turn, never across an edge of the check-in
 * window (it opens 90 minutes before the start and closes 30 after) nor across
 * the start itself, so a test of a closed, open or started visit keeps its kind.
 */
export function startsToTry(minutes: number): number[] {
  // Which side of each edge: closes 30 minutes after the start, the start, opens 90 before.
  const side = (m: number) => `${m < -30} ${m < 0} ${m < 90}`;
  const tries = [minutes];
  for (let k = 1; k <= STEPS; k++)
    tries.push(minutes + k * STEP_MINUTES, minutes - k * STEP_MINUTES);
  return tries.filter((m) => m !== 0 && side(m) === side(minutes));
}

/**
 * An appointment that starts `startsInMinutes` from now at Sydney CBD
 * (check-in opens 90 minutes before), made through the development route so
 * the journey runs at any hour. When every room of the exam is taken then
 * (the seed books at random, and other journeys book too), a few minutes
 * later or earlier (startsToTry).
 */
export async function appointmentStartingSoon(
  request: APIRequestContext,
  startsInMinutes = 20,
  examSlug = 'xray-chest',
): Promise<Booked> {
  const tag = randomBytes(3).toString('hex');
  const lastName = `Kiosk${tag}`;
  const email = `ava.kiosk.${tag}@example.org`;
  let res;
  for (const minutes of startsToTry(startsInMinutes)) {
    res = await request.post('/api/dev/appointments', {
      data: {
        startsInMinutes: minutes,
        clinicSlug: 'sydney-cbd',
        examSlug,
        firstName: 'Ava',
        lastName,
        dateOfBirth: '1979-02-03',
        email,
      },
    });
    if (res.status() !== 409) break;
  }
  expect(res!.status(), await res!.text()).toBe(200);
  return { ...((await res!.json()) as { bookingKey: string; slug: string }), lastName, email };
}

/** The newest one-time code in the patient's mailbox (from the body of the newest code e-mail). */
export async function codeFor(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        // Only the code e-mails: the reminder (its QR code's data) may arrive in between.
        const mails = (await mailsTo(request, email)).filter((mail) =>
          /verification code/i.test(mail),
        );
        code = /verification code is (\d{6})/.exec(mails.at(-1) ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return code;
}

/**
 * What the server holds of the appointment's check-in, asked with the
 * browser's session (from a clinic's page: `apiBase`, with its cookies).
 */
export async function heldCheckIn(page: Page, slug: string, apiBase = '') {
  return page.evaluate(
    async ([s, base]) => {
      const res = await fetch(`${base}/api/secured/appointments/${s}/check_in`, {
        credentials: 'include',
      });
      return (await res.json()) as { checkInSent: boolean; checkInSuccess: boolean };
    },
    [slug, apiBase] as const,
  );
}

export const checkinElement = (page: Page) => page.locator('imaging-checkin');

export const checkinStepIs = (page: Page, step: string) =>
  expect(checkinElement(page).locator('[part="checkin"]')).toHaveAttribute('data-step', step, {
    timeout: 15_000,
  });
