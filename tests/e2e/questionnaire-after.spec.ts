import { freeSlots } from './booking-api';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, frameReady, keepScreenshot, logInAs } from './helpers';
import { answerSafetyQuestionnaires } from './questionnaire-helpers';

/**
 * After-booking questionnaires on the appointment page (spec 4
 * "Types after booking"): the REQUIRED_ON_CONFIRMATION notice and the
 * DECLINE_APPOINTMENT journey, against the real server. Bookings are made
 * through the API in the test's own request context; the browser logs in as
 * the holder with its own fetch (its partitioned session cookie).
 */
const appointment = (page: Page) => page.locator('imaging-appointment');
const PHONE = { width: 390, height: 844 };

const PATIENT = {
  firstName: 'Mia',
  lastName: 'Tran',
  dateOfBirth: '1985-07-02',
  email: 'mia.tran@example.org',
  contactNumber: '0412345679',
  sex: 'FEMALE',
  postalCode: '2000',
};

/** Books an MRI Knee (BOOKED, or PENDING through the pending call) and returns its key. */
async function book(api: APIRequestContext, slotIndex: number, pending = false): Promise<string> {
  const slot = (await freeSlots(api, 'mri-knee', 4))[slotIndex];
  if (!slot) throw new Error('no free slot');
  const { bookingKey } = (await (await api.post('/api/booking/booking_key')).json()) as {
    bookingKey: string;
  };
  await answerSafetyQuestionnaires(api, bookingKey, ['mri-knee']);
  const res = await api.post(
    pending ? '/api/booking/pending_appointments' : '/api/booking/appointments',
    {
      data: {
        bookingKey,
        examSlug: 'mri-knee',
        clinicId: slot.clinicId,
        deviceId: slot.deviceId,
        startDateTime: slot.startDateTime,
        patient: PATIENT,
      },
    },
  );
  expect(res.status(), await res.text()).toBe(200);
  return bookingKey;
}

test.describe('questionnaires after booking on the appointment page', () => {
  test('R-4-quest-14 spec 4 REQUIRED_ON_CONFIRMATION: the page asks for the required questionnaire until it is answered', async ({
    page,
    request,
  }) => {
    const bookingKey = await book(request, 0);
    await logInAs(page, bookingKey);
    await page.setViewportSize(PHONE);
    await page.goto(`/appointments/${bookingKey}`);
    await frameReady(page);
    const notice = appointment(page).locator('[part="required-action"]');
    await expect(
      notice.getByRole('heading', { name: 'One more step: a few questions' }),
    ).toBeVisible();
    // The page stays: the patient sees the booking first, then what is still needed.
    await expect(page).toHaveURL(new RegExp(`/appointments/${bookingKey}$`));
    await expect(appointment(page).getByRole('heading', { level: 1 })).toHaveText(
      'Booking confirmed',
    );
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-required-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await notice.getByRole('button', { name: 'Answer the questions' }).click();
    await expect(page).toHaveURL(/\/questionnaires\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('types')).toBe('REQUIRED_ON_CONFIRMATION');
    expect(params.get('backUrl')).toBe(`/appointments/${bookingKey}`);
    const dialog = page.getByRole('dialog', { name: 'Before your MRI visit' });
    await expect(dialog).toBeVisible();
    // The required answers are checked before anything is saved.
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.locator('.question__error').first()).toBeVisible();
    const groups = dialog.getByRole('radiogroup');
    await groups.nth(0).getByRole('radio', { name: 'Yes', exact: true }).check();
    await dialog.getByRole('textbox', { name: /Which language/ }).fill('Vietnamese');
    await groups.nth(1).getByRole('radio', { name: 'No', exact: true }).check();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-required-questionnaire');
    await dialog.getByRole('button', { name: 'Submit' }).click();

    // Back on the appointment page: answered, so the notice is gone, and the thanks is
    // said at the top, where the returning page opens.
    await expect(page).toHaveURL(
      new RegExp(`/appointments/${bookingKey}\\?answered=REQUIRED_ON_CONFIRMATION$`),
    );
    await expect(appointment(page).locator('[part="answered-notice"]')).toHaveText(
      'Thank you: your answers are saved.',
    );
    const actions = appointment(page).locator('[part="booking-actions"]');
    await expect(actions.getByRole('button', { name: 'Pain score' })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('R-4-quest-17 spec 4 DECLINE_APPOINTMENT: a pending appointment is declined through its questionnaire', async ({
    page,
    request,
  }) => {
    const bookingKey = await book(request, 1, true);
    await logInAs(page, bookingKey);
    await page.goto(`/appointments/${bookingKey}`);
    await frameReady(page);
    await expect(appointment(page).getByRole('heading', { level: 1 })).toHaveText(
      'Booking received',
    );
    const card = appointment(page).locator('[part="appointment-card"]');
    const declineButton = card.getByRole('button', { name: 'Decline this appointment' });
    await expect(declineButton).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-pending-decline');
    await declineButton.click();

    await expect(page).toHaveURL(/\/questionnaires\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('types')).toBe('DECLINE_APPOINTMENT');
    expect(params.get('appointmentSlug')).toBeTruthy();
    const dialog = page.getByRole('dialog', { name: 'Decline the offered appointment' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: 'The time does not suit me' }).check();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-decline-questionnaire');
    await dialog.getByRole('button', { name: 'Submit' }).click();

    // The server cancels on decline (status CANCELED): the booking's page says so, with the
    // clinic to call and a way to book again (issue 13; no longer a dead-end deny page).
    await expect(page).toHaveURL(new RegExp(`/appointments/${bookingKey}`));
    await expect(appointment(page).getByRole('heading', { level: 1 })).toHaveText(
      'Booking cancelled',
    );
    await expect(appointment(page).locator('[part="book-new"]')).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-declined');
  });
  test('R-8-07 the radiologist protocol: a staff session answers PROTOCOL for a booking request named by its slug', async ({
    page,
    request,
  }) => {
    const { bookingKey } = (await (await request.post('/api/booking/booking_key')).json()) as {
      bookingKey: string;
    };
    await answerSafetyQuestionnaires(request, bookingKey, ['mri-brain-contrast']);
    const created = await request.post('/api/booking/booking_requests', {
      data: { bookingKey, examSlugs: ['mri-brain-contrast'], clinicId: null, patient: PATIENT },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { slug } = (await created.json()) as { slug: string };

    await page.goto('/about');
    const login = await page.evaluate(async () => {
      const res = await fetch('/api/dev/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'radiologist' }),
        credentials: 'include',
      });
      return res.status;
    });
    expect(login).toBe(200);
    // Staff hold no booking: the server shows them this request's protocol and nothing else.
    const readAs = (types: string) =>
      page.evaluate(
        async ([s, t]) =>
          (
            await fetch(`/api/secured/booking_requests/${s}/questionnaires?types=${t}`, {
              credentials: 'include',
            })
          ).status,
        [slug, types] as const,
      );
    expect(await readAs('CREATE_BOOKING_REQUEST')).toBe(403);

    await page.goto(`/questionnaires?types=PROTOCOL&bookingRequestSlug=${slug}&backUrl=/about`);
    const dialog = page.getByRole('dialog', { name: 'Radiologist protocol' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox').first().selectOption({ label: 'With contrast' });
    await dialog.getByRole('spinbutton').or(dialog.getByRole('textbox')).first().fill('45');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'protocol-staff');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    // The path, not the whole URL: '…&backUrl=/about' ends with '/about' before the save.
    await expect(page).toHaveURL((url) => url.pathname === '/about');

    const saved = await page.evaluate(async (s) => {
      const res = await fetch(`/api/secured/booking_requests/${s}/questionnaires?types=PROTOCOL`, {
        credentials: 'include',
      });
      return (await res.json()) as { allQuestionnaireAnswers: { kind: string }[] };
    }, slug);
    expect(saved.allQuestionnaireAnswers.map((a) => a.kind)).toEqual(['PROTOCOL']);
  });
});
