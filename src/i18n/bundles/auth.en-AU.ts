/**
 * Texts of `<imaging-auth>` (spec 2.4 authentication page, 5, 8). The spec's
 * message keys (message.authentication_error, message.authentication_otp_error,
 * message.authentication_cookies_error) are in the base bundle and repeated
 * here so the element reads complete on its own.
 */
export const authEnAU = {
  'message.authentication_error':
    'We could not verify your details. Check your date of birth and try again.',
  'message.authentication_otp_error':
    'The code is incorrect or has expired. Check it and try again.',
  'message.authentication_cookies_error':
    'Cookies are disabled in your browser. Enable cookies to continue.',
  'message.authentication_otp_expired':
    'This code has expired or was already used. Send a new code and try again.',
  'message.max_attempts_reached': 'Too many attempts. Please try again later.',
  'message.otp_resend_too_soon': 'Please wait a few seconds before asking for a new code.',
  'message.authentication_try_later':
    'Several attempts were made on this booking. Please wait a minute, then try again.',
  'message.otp_send_limit':
    'We have sent several codes for this booking in the last hour. Use the latest code, or try again later.',
  'message.captcha_required': 'We could not check that you are a person. Please try again.',
  'message.authentication_no_contact':
    'We have no e-mail address or mobile number to send a code to. Please call the clinic.',
  'auth.attempts_left_one':
    'You have 1 more try; after that, this booking is locked for 15 minutes.',
  'auth.attempts_left_other':
    'You have {{count}} more tries; after that, this booking is locked for 15 minutes.',
  'auth.title_default': 'Verify your identity',
  'auth.missing_params': 'This link is incomplete. Open the link from your e-mail or SMS again.',
  'auth.title_appointment': 'View your appointment',
  'auth.body_appointment':
    'To protect your privacy, confirm your date of birth. We will then send a 6-digit code to your e-mail address or mobile phone.',
  'auth.title_booking_request': 'View your booking request',
  'auth.body_booking_request': 'To protect your privacy, confirm your date of birth.',
  'auth.title_results': 'View your results',
  'auth.body_results':
    'To protect your privacy, confirm your date of birth. We will then send you a 6-digit code.',
  'auth.title_patient_portal': 'Sign in to the patient portal',
  'auth.body_patient_portal': 'Confirm your date of birth. We will then send you a 6-digit code.',
  'auth.title_shared': 'View shared results',
  'auth.body_shared':
    'Someone shared imaging results with you. Confirm the patient’s date of birth to continue.',
  'auth.body_staff_booking':
    'Our staff booked this appointment for you. Confirm your date of birth to see it.',
  'auth.date_of_birth': 'Date of birth',
  'auth.day': 'Day',
  'auth.month': 'Month',
  'auth.year': 'Year',
  'auth.contact_number': 'Contact number (optional)',
  'auth.contact_number_hint': 'The mobile number you gave us, up to 10 digits.',
  'auth.send_code': 'Send code',
  'auth.continue': 'Continue',
  'auth.authenticating': 'Authenticating…',
  'auth.authenticated': 'Verified. Opening your page…',
  'auth.code_title': 'Enter your code',
  'auth.code_sent_email': 'We sent a 6-digit code by e-mail to {{destination}}.',
  'auth.code_sent_sms': 'We sent a 6-digit code by SMS to {{destination}}.',
  'auth.code_label': '6-digit code',
  'auth.code_hint': 'The code works once and expires after 10 minutes.',
  'auth.code_noun': '6-digit code',
  'auth.code_invalid': 'Enter the 6 digits of the code.',
  'auth.verify': 'Verify',
  'auth.resend': 'Send a new code',
  'auth.resend_in': 'Send a new code in {{seconds}} s',
  'auth.change_details': 'Change date of birth',
  'form.required': 'Enter your {{field}}.',
  'form.please_enter_valid': 'Please enter a valid {{field}}.',
  'form.date_of_birth_future': 'Date of birth cannot be in the future.',
  'form.date_of_birth': 'date of birth',
  'form.contact_number': 'contact number',
};
