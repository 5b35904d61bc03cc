/**
 * The reminder's e-mail or SMS (issue 16 part 7) with the check-in link; the
 * e-mail also carries the link as a QR code (SVG made here, qr-code.ts) in
 * its HTML alternative. The HTML is built from escaped text only: nothing a
 * patient or provider typed reaches it as markup.
 */
import type { OutboxMessage } from '../db/booking.repo.js';
import type { DueReminder } from '../db/reminders.repo.js';
import { keyRef } from '../db/secrets.js';
import type { MailTexts } from './mail-texts.js';
import { encodeQr, qrSvg } from './qr-code.js';

/** Where the reminder sends the patient: the check-in page of the booking (spec 2.1). */
export function checkInLink(publicUrl: string, bookingKey: string): string {
  return `${publicUrl}/check-in?bookingKey=${encodeURIComponent(bookingKey)}`;
}

/** The link's QR code as an SVG data: URI (e-mail clients do not run inline SVG markup). */
export function qrDataUri(link: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(qrSvg(encodeQr(link))).toString('base64')}`;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function visitLines(reminder: DueReminder, texts: MailTexts): string[] {
  const exam = texts.examName({ slug: reminder.examSlug, name: reminder.examName });
  return [
    texts.t('email.appointment.exam', { exam }),
    texts.t('email.appointment.when', {
      when: texts.when(reminder.startMs, reminder.timeZone),
      zone: reminder.timeZone,
      abbr: texts.zone(reminder.startMs, reminder.timeZone),
    }),
    texts.t('email.appointment.where', {
      where: `${reminder.clinicName}, ${reminder.clinicAddress}`,
    }),
  ];
}

function reminderEmail(
  reminder: DueReminder & { email: string },
  link: string,
  texts: MailTexts,
): OutboxMessage {
  const { t } = texts;
  const greeting = t('email.greeting', {
    name: `${reminder.patientFirstName} ${reminder.patientLastName}`,
  });
  const before = [greeting, '', t('email.reminder.lead'), '', ...visitLines(reminder, texts), ''];
  const prompt = t('email.reminder.check_in');
  const paragraph = (lines: string[]) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`;
  const html = [
    paragraph([greeting]),
    paragraph([t('email.reminder.lead')]),
    paragraph(visitLines(reminder, texts)),
    paragraph([prompt]),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p><img src="${qrDataUri(link)}" width="200" height="200" alt="${escapeHtml(t('email.reminder.qr_alt'))}"></p>`,
  ].join('\n');
  return {
    channel: 'email',
    recipient: reminder.email,
    subject: t('email.reminder.subject', {
      exam: texts.examName({ slug: reminder.examSlug, name: reminder.examName }),
      when: texts.when(reminder.startMs, reminder.timeZone),
    }),
    body: [...before, prompt, link].join('\n'),
    html: `<!doctype html><html lang="${texts.locale}"><body>\n${html}\n</body></html>`,
    reference: null,
  };
}

/**
 * The reminder of one appointment: an e-mail when the patient gave an
 * address, else an SMS to their phone (as the one-time codes choose), else none.
 */
export function reminderMessage(
  reminder: DueReminder,
  bookingKey: string,
  publicUrl: string,
  texts: MailTexts,
): OutboxMessage | null {
  const link = checkInLink(publicUrl, bookingKey);
  const reference = keyRef(bookingKey);
  if (reminder.email)
    return { ...reminderEmail({ ...reminder, email: reminder.email }, link, texts), reference };
  if (!reminder.phone) return null;
  return {
    channel: 'sms',
    recipient: reminder.phone,
    subject: '',
    body: texts.t('sms.reminder', {
      exam: texts.examName({ slug: reminder.examSlug, name: reminder.examName }),
      clinic: reminder.clinicName,
      when: texts.when(reminder.startMs, reminder.timeZone),
      abbr: texts.zone(reminder.startMs, reminder.timeZone),
      link,
    }),
    reference,
  };
}
