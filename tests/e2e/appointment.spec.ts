import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, frameReady, keepScreenshot, logInAs, mailsTo } from './helpers';
import { answerSafetyQuestionnaires } from './questionnaire-helpers';
import { bookMriKnee, freeSlots, sydneyClinicId } from './booking-api';

/**
 * Appointment and booking-request pages  against the
 * real server. Bookings are made through the API in the test's own request
 * context; the browser then logs in as the holder through the development
 * route with its own fetch, so the session cookie is the browser's
 * (partitioned) cookie, as after a real login or a booking in the UI.
 */
const appointment = (page: Page) => page.locator('imaging-appointment');
const bookingRequest = (page: Page) => page.locator('imaging-booking-request');
const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });

const PATIENT = {
  firstName: 'Ava',
  lastName: 'Kowalski',
  dateOfBirth: '1979-03-14',
  email: 'ava.kowalski@example.org',
  contactNumber: '0412345678',
  sex: 'FEMALE',
  postalCode: '2000',
};

/** Books through the API (the test's own request context: no cookie reaches the browser). */
const bookViaApi = (api: APIRequestContext, slotIndex: number) =>
  bookMriKnee(api, { fromDay: 3, index: slotIndex, patient: PATIENT });

/** Two exams on one booking key (MRI Knee and CT Chest at Sydney CBD), through the API. */
async function bookTwoExams(api: APIRequestContext): Promise<{ bookingKey: string }> {
  const { bookingKey } = (await (await api.post('/api/booking/booking_key')).json()) as {
    bookingKey: string;
  };
  await answerSafetyQuestionnaires(api, bookingKey, ['mri-knee', 'ct-chest']);
  for (const [examSlug, index] of [
    ['mri-knee', 2],
    ['ct-chest', 3],
  ] as const) {
    const slot = (await freeSlots(api, examSlug, 3))[index]!;
    const res = await api.post('/api/booking/appointments', {
      data: {
        bookingKey,
        examSlug,
        clinicId: slot.clinicId,
        deviceId: slot.deviceId,
        startDateTime: slot.startDateTime,
        patient: PATIENT,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { bookingKey };
}

/** What the server holds: the status of the booking's first appointment, read with the browser's session. */
async function statusOf(page: Page, bookingKey: string): Promise<string> {
  return page.evaluate(async (key) => {
    const res = await fetch('/api/secured/appointments/summary', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bookingKey: key }),
      credentials: 'include',
    });
    const body = (await res.json()) as { appointments?: { status: string }[] };
    return body.appointments?.[0]?.status ?? `HTTP ${res.status}`;
  }, bookingKey);
}

test.describe('appointment pages', () => {
  test('R-2.4-29 R-4-cancel-03 R-4-quest-17 a booking holder sees the summary, confirms, downloads the calendar file and cancels through the cancel questionnaire', async ({
    page,
    request,
  }) => {
    const { bookingKey } = await bookViaApi(request, 0);
    await logInAs(page, bookingKey);
    await page.goto(`/appointments/${bookingKey}`);
    await frameReady(page);
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    const card = appointment(page).locator('[part="appointment-card"]');
    await expect(card.getByRole('heading', { name: 'MRI Knee' })).toBeVisible();
    await expect(card).toContainText('Harbour Imaging Sydney CBD');
    await expect(card).toContainText(/NSW 2000/);
    await expect(card).toContainText(/AEDT|AEST/);
    await expect(card.getByRole('link', { name: /in a map/ })).toHaveAttribute(
      'href',
      /openstreetmap/,
    );
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-desktop');

    await appointment(page).getByRole('button', { name: 'Confirm attendance' }).click();
    await expect(
      appointment(page).getByText('Thank you, your attendance is confirmed.'),
    ).toBeVisible();
    await expect(card.locator('.status-badge')).toHaveText('Confirmed');

    // A click downloads the file, as a patient clicks it; the page stays where it is.
    const pageUrl = page.url();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      appointment(page).getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    expect(page.url()).toBe(pageUrl);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    const { readFile } = await import('node:fs/promises');
    const body = (await readFile((await download.path())!, 'utf8')).replace(/\r\n /g, '');
    expect(body).toContain('DTSTART;TZID=Australia/Sydney:');
    expect(body).toMatch(/LOCATION:Harbour Imaging Sydney CBD\\, .*NSW 2000/);
    expect(body).toContain('BEGIN:VTIMEZONE');

    await appointment(page).getByRole('button', { name: 'Cancel appointment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this appointment?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();

    // R-4-cancel-03: the seeded cancel questionnaire applies to every exam; its questions are
    // asked in the cancel modal itself, and its saved answer cancels (R-4-quest-17).
    const survey = page.getByRole('dialog', { name: 'Cancel your appointment' });
    await expect(survey).toBeVisible();
    await survey.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(survey.getByText('Please choose an answer.')).toBeVisible();
    expect(await statusOf(page, bookingKey)).toBe('CONFIRMED');
    await survey.getByLabel('Another reason').check();
    await survey.getByLabel('Tell us more').fill('Travelling that week');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-cancel-questionnaire');
    await survey.getByRole('button', { name: 'Cancel appointment' }).click();

    // One step: the modal closes on a cancelled appointment, said where the patient looks.
    await expect(survey).toBeHidden();
    await expect(appointment(page).getByText('Your appointment has been cancelled.')).toBeVisible();
    await expect(card.locator('.status-badge')).toHaveText('Cancelled');
    expect(await statusOf(page, bookingKey)).toBe('CANCELED');
    await expect(page).toHaveURL(new RegExp(`/appointments/${bookingKey}$`));
    await keepScreenshot(page, 'appointment-cancelled');

    // Coming back to the link later (issue 13): the booking's own page, marked cancelled,
    // with the clinic to call and the way on, not a dead end.
    await page.reload();
    await expect(heading(page, 'Booking cancelled')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/appointments/${bookingKey}$`));
    const notice = appointment(page).locator('[part="cancelled-notice"]');
    await expect(
      notice.getByRole('link', { name: /^Questions about it\? Call .+ on / }),
    ).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(card.locator('.status-badge')).toHaveText('Cancelled');
    await expectNoAxeViolations(page);
    for (const [name, size] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(size);
      await keepScreenshot(page, `appointment-cancelled-reopened-${name}`);
    }
    await notice.getByRole('link', { name: 'Book a new appointment' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(heading(page, 'Choose your scan')).toBeVisible();
    expect(await statusOf(page, bookingKey)).toBe('CANCELED');
  });

  test('R-4-cancel-03 leaving the cancel modal halfway keeps the appointment, and the page says nothing was cancelled', async ({
    page,
    request,
  }) => {
    const { bookingKey } = await bookViaApi(request, 1);
    await logInAs(page, bookingKey);
    await page.goto(`/appointments/${bookingKey}`);
    await frameReady(page);
    await appointment(page).getByRole('button', { name: 'Cancel appointment' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel this appointment?' })
      .getByRole('button', { name: 'Yes, cancel it' })
      .click();
    const survey = page.getByRole('dialog', { name: 'Cancel your appointment' });
    await survey.getByLabel('I feel better').check();
    await page.keyboard.press('Escape');
    await expect(survey).toBeHidden();
    await expect(appointment(page).getByText('Your appointment has been cancelled.')).toHaveCount(
      0,
    );
    await expect(
      appointment(page).locator('[part="appointment-card"]').locator('.status-badge'),
    ).not.toHaveText('Cancelled');
    expect(await statusOf(page, bookingKey)).not.toBe('CANCELED');
    // Issue 13 part 1: said plainly, below the buttons the patient used, with the focus on it.
    const kept = appointment(page).getByText(
      'Your appointment is still booked: it was not cancelled.',
    );
    await expect(kept).toBeVisible();
    await expect(kept.locator('xpath=..')).toBeFocused();
    await page.reload();
    await frameReady(page);
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
  });

  test('R-4-cancel-09/10 close with a consent form waiting asks first, then goes home; the links are what the server has', async ({
    page,
    request,
  }) => {
    const { bookingKey } = await bookViaApi(request, 5);
    await logInAs(page, bookingKey);
    await page.goto(`/appointments/${bookingKey}`);
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    // MRI Knee: the seeded pain score, the MRI consent form and feedback (not given yet) apply.
    const actions = appointment(page).locator('[part="booking-actions"]');
    await expect(actions.getByRole('button', { name: 'Consent forms' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Pain score' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Give feedback' })).toBeVisible();
    // Issue 13 part 11: leaving the page comes last, below the documents the patient may still upload.
    const done = appointment(page).getByRole('button', { name: 'Done – go to the home page' });
    const documents = appointment(page).getByRole('heading', { name: 'Referral and documents' });
    await expect(documents).toBeVisible();
    expect((await done.boundingBox())!.y).toBeGreaterThan((await documents.boundingBox())!.y);

    await appointment(page)
      .getByRole('button', { name: 'Done – go to the home page', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Consent forms are waiting' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/appointments/${bookingKey}$`));
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-close-consent');
    await dialog.getByRole('button', { name: 'Consent forms' }).click();
    await expect(page).toHaveURL(/\/questionnaires\?.*types=CONSENT_FORM/);
    await expect(page.getByRole('dialog', { name: /Consent to/ }).first()).toBeVisible();

    await page.goto(`/appointments/${bookingKey}`);
    await appointment(page)
      .getByRole('button', { name: 'Done – go to the home page', exact: true })
      .click();
    await dialog.getByRole('button', { name: 'Close anyway' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('R-4-cancel-07 reschedule: into the booking flow, a new time; the old slot is freed and the new appointment shown', async ({
    page,
    request,
  }) => {
    const old = await bookViaApi(request, 1);
    await logInAs(page, old.bookingKey);
    await page.goto(`/appointments/${old.bookingKey}`);
    await frameReady(page);
    await appointment(page).getByRole('button', { name: 'Reschedule' }).click();
    await expect(page).toHaveURL(/\/select-clinic\?.*status=RESCHEDULED/);
    await expect(page).toHaveURL(new RegExp(`appointmentSlug=${old.slug}`));
    const booking = page.locator('imaging-booking');
    await expect(heading(page, 'Choose a time')).toBeVisible();
    // It reads as a reschedule, with the time being moved (R-4-status-04).
    await expect(booking.locator('[part="reschedule-notice"]')).toContainText(
      /You are moving your appointment, now on .*(AEDT|AEST)/,
    );
    const slots = booking.locator('button.slot');
    await expect(booking.getByText(/Loading free times/)).toHaveCount(0);
    if ((await slots.count()) === 0)
      await booking.getByRole('button', { name: 'Find next available' }).click();
    await slots.first().click();
    await booking.getByRole('button', { name: 'Continue' }).click();
    await expect(booking.locator('[part="reschedule-notice"]')).toBeVisible();
    await booking.getByLabel('First name').fill(PATIENT.firstName);
    await booking.getByLabel('Last name').fill(PATIENT.lastName);
    await booking.getByLabel('Date of birth').fill(PATIENT.dateOfBirth);
    await booking.getByLabel('Email').fill(PATIENT.email);
    await booking.getByLabel('Contact number').fill(PATIENT.contactNumber);
    await booking.getByLabel('Female', { exact: true }).check();
    await booking.getByLabel('Post code').fill(PATIENT.postalCode);
    await booking.getByRole('button', { name: 'Move my appointment' }).click();

    await expect(heading(page, 'Appointment rescheduled')).toBeVisible();
    // The arriving page puts focus on its title, not on the body.
    await expect(heading(page, 'Appointment rescheduled')).toBeFocused();
    await expect(page).not.toHaveURL(new RegExp(old.bookingKey));
    const newKey = new URL(page.url()).pathname.split('/')[2]!;
    const card = appointment(page).locator('[part="appointment-card"]');
    await expect(card).toContainText('MRI Knee');
    await expect(card.locator('[part="moved-notice"]')).toContainText(
      /Rescheduled from .* to this time/,
    );
    const free = await freeSlots(request, 'mri-knee', 3);
    expect(
      free.some(
        (s) => s.startDateTime === old.slot.startDateTime && s.deviceId === old.slot.deviceId,
      ),
    ).toBe(true);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-rescheduled');

    // The old e-mail link leads to the new time, not to a bare "cancelled".
    await logInAs(page, old.bookingKey);
    await page.goto(`/appointments/${old.bookingKey}`);
    await frameReady(page);
    await expect(heading(page, 'Your appointment was moved')).toBeVisible();
    await expect(appointment(page).locator('[part="moved-notice"]')).toContainText(
      /Moved to .* at Harbour Imaging Sydney CBD/,
    );
    expect(await statusOf(page, old.bookingKey)).toBe('CANCELED');
    await keepScreenshot(page, 'appointment-old-link-moved');
    // …and to the new appointment itself (its key was sealed under the old one).
    await appointment(page).getByRole('button', { name: 'Open your new appointment' }).click();
    await expect(page).toHaveURL(new RegExp(newKey));
  });

  test('R-6-09 without a session the page sends the patient to /authentication for this booking', async ({
    request,
    browser,
  }) => {
    const { bookingKey } = await bookViaApi(request, 2);
    const stranger = await browser.newPage();
    await stranger.goto(`/appointments/${bookingKey}`);
    await expect(stranger).toHaveURL(/\/authentication\?/);
    const params = new URL(stranger.url()).searchParams;
    expect(params.get('bookingKey')).toBe(bookingKey);
    expect(params.get('returnUrl')).toBe(`/appointments/${bookingKey}`);
    expect(params.get('type')).toBe('APPOINTMENT');
    await stranger.close();
  });

  test('R-4-deny-01 an appointment whose time has passed shows the expired deny page', async ({
    page,
    request,
  }) => {
    const { bookingKey } = await bookViaApi(request, 3);
    expect(
      (await request.post('/api/dev/appointments/expire', { data: { bookingKey } })).status(),
    ).toBe(204);
    await logInAs(page, bookingKey);
    await page.goto(`/appointments/${bookingKey}`);
    await expect(page).toHaveURL(/\/deny\?status=EXPIRED$/);
    const deny = page.locator('imaging-deny');
    if ((await deny.count()) > 0) await expect(deny).toContainText(/expired/i);
    await keepScreenshot(page, 'appointment-expired');
  });

  test('on a phone the appointment page is usable and accessible', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { bookingKey } = await bookViaApi(request, 4);
    await logInAs(page, bookingKey);
    await page.goto(`/appointments/${bookingKey}`);
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    await appointment(page).getByRole('button', { name: 'Instructions' }).click();
    await expect(page.getByRole('dialog', { name: 'Instructions for your visit' })).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-phone-instructions');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-phone');
  });
});

test.describe('booking-request pages', () => {
  test('R-2.4-37 a requester sees the request and cancels it', async ({ page, request }) => {
    const clinicId = await sydneyClinicId(request, 'mri-brain-contrast').catch(() => null);
    const { bookingKey } = (await (await request.post('/api/booking/booking_key')).json()) as {
      bookingKey: string;
    };
    await answerSafetyQuestionnaires(request, bookingKey, ['mri-brain-contrast']);
    const res = await request.post('/api/booking/booking_requests', {
      data: {
        bookingKey,
        examSlugs: ['mri-brain-contrast'],
        clinicId,
        patient: PATIENT,
        note: 'Afternoons suit me',
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    await logInAs(page, bookingKey);
    await page.goto(`/booking-requests/${bookingKey}`);
    // Not frameReady: its `imaging-frame header` also matches the page's own <header> (strict mode).
    await expect(heading(page, 'Booking request sent')).toBeVisible();
    await expect(bookingRequest(page)).toContainText('Afternoons suit me');
    await expect(bookingRequest(page)).toContainText('Waiting for the clinic');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'booking-request-desktop');
    await bookingRequest(page).getByRole('button', { name: 'Cancel request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking request?' });
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(heading(page, 'Booking request cancelled')).toBeVisible();
    await expect(
      bookingRequest(page).getByText('Your booking request has been cancelled.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('R-2.4-30 two exams: one "Referral and documents" section; an upload for the second exam is shown and held by the server', async ({
    page,
    request,
  }) => {
    const { bookingKey } = await bookTwoExams(request);
    await logInAs(page, bookingKey);
    await page.goto(`/appointments/${bookingKey}`);
    await frameReady(page);
    await expect(appointment(page).locator('[part="appointment-card"]')).toHaveCount(2);
    const sections = appointment(page).getByRole('region', { name: 'Referral and documents' });
    await expect(sections).toHaveCount(1);
    const section = sections.first();
    await expect(section.getByRole('heading', { name: 'MRI Knee' })).toBeVisible();
    await expect(section.getByRole('heading', { name: 'CT Chest' })).toBeVisible();

    await section
      .getByRole('button', { name: /^Upload .* for CT Chest$/ })
      .first()
      .click();
    const upload = page.getByRole('dialog').filter({ has: page.locator('input[type=file]') });
    await upload
      .locator('input[type=file]:not([capture])')
      .first()
      .setInputFiles('tests/fixtures/attachments/referral.pdf');
    await expect(upload).toBeHidden();
    await expect(section.getByRole('status')).toContainText('referral.pdf is uploaded.');
    await expect(section.getByText('referral.pdf', { exact: true })).toHaveCount(1);

    // What the server holds: the document, under CT Chest.
    const held = await page.evaluate(async (key) => {
      const summary = await fetch('/api/secured/appointments/summary', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bookingKey: key }),
        credentials: 'include',
      });
      const { appointments } = (await summary.json()) as { appointments: { slug: string }[] };
      const res = await fetch(
        `/api/secured/appointments/${appointments[0]!.slug}/attachments/response`,
        { credentials: 'include' },
      );
      return (await res.json()) as { attachments: { fileName: string; slug: string | null }[] };
    }, bookingKey);
    expect(held.attachments.map((a) => [a.fileName, a.slug])).toEqual([
      ['referral.pdf', 'ct-chest'],
    ]);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-two-exams-documents');
  });

  test('the call-centre message and the callback request are confirmed beside their buttons, and reach the clinic', async ({
    page,
    request,
  }) => {
    const { bookingKey } = await bookViaApi(request, 4);
    await logInAs(page, bookingKey);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/appointments/${bookingKey}`);
    await frameReady(page);
    const contact = appointment(page).locator('[part="contact"]');
    // Folded away below the appointment: one tap opens it.
    await contact.getByText('Questions about your appointment?').click();
    await contact.getByLabel('Message to our call centre').fill('Is there parking nearby?');
    const send = contact.getByRole('button', { name: 'Send message' });
    await send.click();
    const sent = contact.getByRole('status').filter({ hasText: 'Your message was sent' });
    await expect(sent).toBeVisible();
    // Where the patient is looking: right under the button, on a phone. Both
    // boxes are read in one go: the documents section above may still be
    // arriving, and two reads apart once straddled its growth (CI, stop 25).
    const gap = await contact.evaluate((details) => {
      const button = [...details.querySelectorAll('button')].find(
        (b) => b.textContent === 'Send message',
      )!;
      const status = [...details.querySelectorAll('[role="status"]')].find((s) =>
        s.textContent?.includes('Your message was sent'),
      )!;
      return status.getBoundingClientRect().top - button.getBoundingClientRect().bottom;
    });
    expect(Math.abs(gap)).toBeLessThan(80);
    await expect(appointment(page).locator('.appointment-page > [part="notice"]')).toHaveCount(0);

    await contact.getByRole('button', { name: 'Request a callback' }).click();
    await expect(contact.getByRole('status').filter({ hasText: /call you back/i })).toBeVisible();
    // What the server did: both reached the call centre's mailbox (the clinic's e-mail).
    const clinicEmail = await page.evaluate(async (key) => {
      const res = await fetch('/api/secured/appointments/summary', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bookingKey: key }),
        credentials: 'include',
      });
      const body = (await res.json()) as { appointments: { clinic: { email: string } }[] };
      return body.appointments[0]!.clinic.email;
    }, bookingKey);
    await expect
      .poll(async () => (await mailsTo(page.request, clinicEmail)).join('\n'), { timeout: 15_000 })
      .toContain('Is there parking nearby?');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'appointment-contact-phone');
  });
});
