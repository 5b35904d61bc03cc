/**
 * English (Australia): the complete base bundle. Keys are the spec's message
 * keys verbatim (flat, dots are part of the key); other locales fall back to
 * this text for any key they do not translate.
 */
export const enAU = {
  'message.loading': 'Loading…',
  'message.access_read_only': 'You have read-only access. Changes cannot be saved.',
  'message.inactivity_title': 'Are you still there?',
  'message.inactivity_text':
    'You have been inactive. You will be returned to the start in {{seconds}} seconds.',
  'message.kiosk_returning_one': 'Back to the start in {{count}} second.',
  'message.kiosk_returning_other': 'Back to the start in {{count}} seconds.',
  'message.authentication_error':
    'We could not verify your details. Check your date of birth and try again.',
  'message.authentication_otp_error':
    'The code is incorrect or has expired. Check it and try again.',
  'message.authentication_cookies_error':
    'Cookies are disabled in your browser. Enable cookies to continue.',
  'message.error_general': 'Something went wrong. Please try again later.',
  'message.error_status_500': 'The server had a problem with this request. Please try again later.',
  'message.error_status_501': 'The server does not support this request.',
  'message.error_status_502':
    'The service is temporarily unreachable. Please try again in a few minutes.',
  'message.error_status_503':
    'The service is temporarily unavailable. Please try again in a few minutes.',
  'message.error_status_504':
    'The service took too long to respond. Please try again in a few minutes.',
  'message.load_failed':
    'This part of the page could not load. Check your connection and try again: nothing you typed is lost.',
  'message.not_found': 'We could not find what you were looking for.',
  'message.booking_key_missing':
    'This page needs the link from your booking confirmation (e-mail or SMS). Open that link again, or contact the clinic.',
  'message.bad_request': 'The request could not be processed. Check your details and try again.',
  'message.too_many_requests': 'Too many attempts. Please wait a moment and try again.',
  'message.check_in_not_allowed':
    'Check-in is not open yet. You can check in from {{priorMinutes}} minutes before your appointment; if you are late, please see reception.',
  'message.check_in_not_ready':
    'You cannot check in yet. Please complete the steps above or see reception.',
  'message.check_in_form_required': 'Please fill in the check-in form before you check in.',
  'message.check_in_referral_required': 'Please upload your referral before you check in.',
  'message.check_in_feedback_required':
    'Please answer the clinic’s feedback questions before you check in.',
  'form.date_of_referral_future': 'The referral date cannot be in the future.',
  'message.forbidden_origin':
    'This request came from another website and was refused. Open the portal directly and try again.',
  'message.image_link_not_active':
    'This image link has expired or is not valid. Please ask the practice for a new link.',
  'message.image_link_expired': 'This image link has expired.',
  'message.images_not_available': 'Images are not available for this study yet.',
  'message.viewer_token_invalid': 'The image viewer session has expired. Please reopen the images.',
  'message.viewer_token_scope': 'This image viewer session is for another study.',
  'message.results_not_released':
    'Your results are not available yet. We will let you know when they are ready.',
  'message.results_expired': 'These results are no longer available online.',
  'message.idempotency_key_reused':
    'This booking was already sent with other details. Please reload the page and try again.',
  'message.hold_limit_reached':
    'We could not keep this time for you, but you can still book it. Continue to finish your booking.',
  'message.server_error': 'The server had a problem. Please try again later.',
  'message.success': 'Your request has been sent successfully.',
  'menu.home': 'Home',
  'menu.about': 'About {{name}}',
  'menu.contact': 'Contact',
  'menu.terms': 'Terms',
  'menu.privacy': 'Privacy',
  'menu.login': 'Log in',
  'menu.logout': 'Log out',
  'menu.admin': 'Admin',
  'menu.open': 'Menu',
  'menu.close': 'Close menu',
  'menu.label': 'Main menu',
  'menu.language': 'Language',
  'banner.close': 'Dismiss notice',
  'banner.label': 'Notice',
  'footer.label': 'Footer',
  'footer.copyright': '© {{year}} {{name}}',
  'footer.version': 'Version {{version}}',
  'footer.version_tooltip': 'Version {{version}} ({{hash}})',
  'footer.powered_by': 'Powered by Imaging Booking Portal',
  'footer.external_home': '{{name}} website',
  'page.about_title': 'About {{name}}',
  'page.contact_title': 'Contact',
  'page.terms_title': 'Terms and conditions',
  'page.privacy_title': 'Privacy Policy',
  'page.privacy_link': 'Read our privacy policy',
  'page.not_found_title': 'Page not found',
  'page.not_found_body': 'The page you are looking for does not exist or has moved.',
  'page.loading_terms': 'Loading the terms and conditions…',
  'page.unavailable': 'This part of the portal is not available yet.',
  'page.load_failed_title': 'This page could not be loaded',
  'page.load_failed_body': 'Check your connection, then reload the page.',
  'page.reload': 'Reload the page',
  'page.go_home': 'Go to the home page',
  'frame.environment': 'Environment: {{profiles}}',
  'frame.skip_to_content': 'Skip to main content',
  'action.cancel': 'Cancel',
  'action.try_again': 'Try again',
  'action.home': 'Home',
  'action.ok': 'OK',
  'action.close': 'Close',
  'action.done': 'Done',
} as const satisfies Record<string, string>;

/** Every key the base bundle defines. */
export type MessageKey = keyof typeof enAU;
