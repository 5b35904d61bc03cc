/** Texts of `<imaging-deny>` (spec 4 "Deny page message by input", 8 deny page texts). */
export const denyEnAU = {
  'deny.call_title': 'Call us: we can help you straight away',
  'deny.call_clinic': '{{clinic}}: {{phone}}',
  'deny.title': 'We cannot show this page',
  'deny.expired': 'This link has expired.',
  'deny.canceled': 'This appointment has been cancelled.',
  'deny.declined_by_patient': 'You declined this appointment.',
  'deny.removed_by_operator': 'This booking was removed by our staff. Please contact the clinic.',
  'deny.waiting_protocol':
    'Your booking is waiting for a radiologist to review it. We will contact you soon.',
  'deny.restricted': 'Access to this booking is restricted.',
  'deny.access_revoked': 'Access to these results has been revoked.',
  'deny.max_attempts_reached':
    'Too many attempts. For your security, access is blocked for 15 minutes. Please try again later or contact the clinic.',
  'deny.max_attempts_reached_shared':
    'Too many attempts to open these shared results. Please ask the person who shared them to share them again.',
  'deny.max_attempts_reached_results':
    'Too many attempts to open your results. Please try again later or contact the clinic.',
  'deny.results_expired': 'These results are no longer available online.',
  'deny.problem': 'There was a problem opening this page. Please try again later.',
  'deny.close': 'Close',
  'deny.book_new': 'Book a new appointment',
};
