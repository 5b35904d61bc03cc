/**
 * The booking-request pages' texts (spec 2.4 "Booking request"), English (Australia).
 * Registered by <imaging-booking-request>.
 */
export const bookingRequestEnAU = {
  'booking_request.title': 'Booking request sent',
  'booking_request.title_cancelled': 'Booking request cancelled',
  'booking_request.title_booked': 'Booking request booked',
  'booking_request.loading': 'Loading your booking request…',
  'booking_request.lead': 'The clinic will contact you to arrange a time.',
  'booking_request.exams': 'Exams',
  'booking_request.clinic': 'Clinic',
  'booking_request.any_clinic': 'Any clinic',
  'booking_request.patient': 'Patient',
  'booking_request.contact': 'Contact',
  'booking_request.sent': 'Sent',
  'booking_request.note': 'Your note',
  'booking_request.status': 'Status',
  'booking_request.status.PENDING': 'Waiting for the clinic',
  'booking_request.status.BOOKED': 'Booked by the clinic',
  'booking_request.status.CANCELED': 'Cancelled',
  'booking_request.action.cancel': 'Cancel request',
  'booking_request.action.booking_info': 'Booking info',
  'booking_request.action.view_referral': 'View referral',
  'booking_request.cancel_title': 'Cancel this booking request?',
  'booking_request.cancel_text': 'The clinic will not contact you about this request.',
  'booking_request.cancel_yes': 'Yes, cancel it',
  'booking_request.cancel_no': 'Keep my request',
  'booking_request.cancelled': 'Your booking request has been cancelled.',
  'booking_request.e_referral': 'e-referral',
  'booking_request.download': 'Download {{name}}',
  'booking_request.info_title': 'Booking info',
  'booking_request.info_text':
    'We have your request. Our team will check your referral and call you to choose a time that suits you.',
  'message.booking_request_not_found': 'We could not find this booking request.',
  'message.booking_request_not_cancellable': 'The clinic has already booked this request.',
};
