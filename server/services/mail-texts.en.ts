/**
 * The patient e-mails' texts in English (en-AU; the other English locales
 * use them too). A provider may override any key in its translation bundle
 * of a locale (the `translations` table), as it does the portal's texts.
 * `{{name}}` is replaced by the value of that parameter; times come with
 * `{{zone}}` (the clinic's IANA zone) and `{{abbr}}` (its abbreviation as the
 * clinic's patients read it, AEDT or AEST by the date, in every locale).
 */
export const MAIL_TEXTS_EN = {
  'email.greeting': 'Dear {{name}},',
  'email.appointment.booked': 'Your appointment is booked.',
  'email.appointment.booked_many': 'Your appointments are booked.',
  'email.appointment.pending':
    'We have reserved this appointment for you. The clinic will confirm it shortly.',
  'email.appointment.rescheduled': 'Your appointment is rescheduled from {{was}} to {{when}}.',
  'email.appointment.exam': 'Exam: {{exam}}',
  'email.appointment.when': 'When: {{when}} {{abbr}}',
  'email.appointment.was': 'Was: {{was}} {{abbr}}, now free for someone else',
  'email.appointment.where': 'Where: {{where}}',
  'email.appointment.prepare': 'How to prepare:',
  'email.appointment.link': 'See, change or cancel your appointment, and add it to your calendar:',
  'email.appointment.subject': 'Your {{exam}} appointment on {{when}}',
  'email.appointment.subject_pending': 'Your {{exam}} appointment request for {{when}}',
  'email.appointment.subject_many': 'Your appointments for {{exams}} from {{when}}',
  'email.appointment.subject_pending_many': 'Your appointment requests for {{exams}} from {{when}}',
  'email.appointment.subject_rescheduled': 'Your {{exam}} appointment is rescheduled to {{when}}',
  'email.walk_in.intro': 'Also walk in, no appointment needed, for:',
  'email.walk_in.item':
    '- {{name}}: come on the day of this appointment or any day the clinic is open, up to {{minutes}} minutes before it closes.',
  'email.walk_in.item_prepare':
    '- {{name}}: come on the day of this appointment or any day the clinic is open, up to {{minutes}} minutes before it closes, and allow {{prepare}} minutes to prepare.',
  'email.request.received':
    'We received your booking request and will contact you to arrange a time.',
  'email.request.exams': 'Exams: {{exams}}',
  'email.request.clinic': 'Clinic: {{clinic}}',
  'email.request.link': 'See your request:',
  'email.request.subject': 'We received your booking request',
  'email.cancel.done': 'Your appointment is cancelled, as you asked.',
  'email.cancel.was': 'Was: {{when}} {{abbr}}',
  'email.cancel.book_again': 'The time is free for someone else now. To book a new time:',
  'email.cancel.not_you':
    'If you did not cancel this appointment, please call {{clinic}} on {{phone}}.',
  'email.cancel.subject': 'Your {{exam}} appointment on {{when}} is cancelled',
  'email.code.subject': 'Your verification code',
  'email.code.body':
    'your verification code is {{code}}. It expires in {{minutes}} minutes and works once. If you did not ask for it, ignore this message.',
  'calendar.summary': '{{exam}} at {{clinic}}',
  'email.reminder.subject': 'Reminder: your {{exam}} appointment on {{when}}',
  'email.reminder.lead': 'This is a reminder of your appointment.',
  'email.reminder.check_in':
    'Save time at reception: check in on your phone. Open this link, or scan the QR code:',
  'email.reminder.qr_alt': 'QR code of your check-in link',
  'sms.reminder':
    'Reminder: {{exam}} at {{clinic}}, {{when}} {{abbr}}. Check in on your phone: {{link}}',
} as const;

export type MailKey = keyof typeof MAIL_TEXTS_EN;
