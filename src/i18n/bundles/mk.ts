import type { MessageKey } from './en-AU';

/** Loaded with these texts: Macedonian dates where the browser's Intl has none. */
export { registerMkDates } from './mk.dates';

/** Macedonian. Keys not translated here show the en-AU text. */
export const mk: Partial<Record<MessageKey, string>> = {
  'message.loading': 'Се вчитува…',
  'message.access_read_only': 'Имате пристап само за читање. Промените не може да се зачуваат.',
  'message.inactivity_title': 'Дали сè уште сте тука?',
  'message.inactivity_text':
    'Бевте неактивни. Ќе бидете вратени на почетокот за {{seconds}} секунди.',
  'message.kiosk_returning_one': 'Назад на почетокот за {{count}} секунда.',
  'message.kiosk_returning_other': 'Назад на почетокот за {{count}} секунди.',
  'message.authentication_error':
    'Не можевме да ги потврдиме вашите податоци. Проверете го датумот на раѓање и обидете се повторно.',
  'message.authentication_otp_error':
    'Кодот е неточен или е истечен. Проверете го и обидете се повторно.',
  'message.authentication_cookies_error':
    'Колачињата се оневозможени во вашиот прелистувач. Овозможете ги за да продолжите.',
  'message.error_general': 'Нешто тргна наопаку. Обидете се повторно подоцна.',
  'message.error_status_500': 'Серверот имаше проблем со ова барање. Обидете се повторно подоцна.',
  'message.error_status_501': 'Серверот не го поддржува ова барање.',
  'message.error_status_502':
    'Услугата е привремено недостапна. Обидете се повторно за неколку минути.',
  'message.error_status_503':
    'Услугата привремено не е достапна. Обидете се повторно за неколку минути.',
  'message.error_status_504':
    'Услугата не одговори навреме. Обидете се повторно за неколку минути.',
  'message.load_failed':
    'Овој дел од страницата не можеше да се вчита. Проверете ја врската и обидете се повторно: ништо од она што го внесовте не е изгубено.',
  'message.not_found': 'Не го пронајдовме она што го барате.',
  'message.booking_key_missing':
    'На оваа страница ѝ е потребна врската од потврдата за вашиот термин (е-пошта или SMS). Отворете ја таа врска повторно или контактирајте ја клиниката.',
  'message.bad_request':
    'Барањето не може да се обработи. Проверете ги податоците и обидете се повторно.',
  'message.too_many_requests': 'Премногу обиди. Почекајте малку и обидете се повторно.',
  'message.check_in_not_allowed':
    'Пријавувањето сè уште не е отворено. Можете да се пријавите од {{priorMinutes}} минути пред терминот; ако доцните, обратете се на рецепција.',
  'message.check_in_not_ready':
    'Сè уште не можете да се пријавите. Завршете ги чекорите погоре или обратете се на рецепција.',
  'message.check_in_form_required': 'Пополнете го формуларот за пријавување пред да се пријавите.',
  'message.check_in_referral_required': 'Прикачете го упатот пред да се пријавите.',
  'message.check_in_feedback_required':
    'Одговорете на прашањата за повратна информација на клиниката пред да се пријавите.',
  'form.date_of_referral_future': 'Датумот на упатот не може да биде во иднина.',
  'message.forbidden_origin':
    'Барањето дојде од друга веб-страница и е одбиено. Отворете го порталот директно и обидете се повторно.',
  'message.image_link_not_active':
    'Оваа врска до снимките е истечена или не е важечка. Побарајте нова врска од ординацијата.',
  'message.image_link_expired': 'Оваа врска до снимките е истечена.',
  'message.images_not_available': 'Снимките за овој преглед сè уште не се достапни.',
  'message.viewer_token_invalid':
    'Сесијата за прегледување снимки истече. Отворете ги снимките повторно.',
  'message.viewer_token_scope': 'Оваа сесија за прегледување е за друг преглед.',
  'message.results_not_released':
    'Вашите резултати сè уште не се достапни. Ќе ве известиме кога ќе бидат подготвени.',
  'message.results_expired': 'Овие резултати веќе не се достапни преку интернет.',
  'message.idempotency_key_reused':
    'Оваа резервација веќе е испратена со други податоци. Вчитајте ја страницата повторно и обидете се пак.',
  'message.hold_limit_reached':
    'Не можевме да го задржиме овој термин за вас, но сè уште можете да го резервирате. Продолжете за да ја завршите резервацијата.',
  'message.server_error': 'Серверот имаше проблем. Обидете се повторно подоцна.',
  'message.success': 'Вашето барање е успешно испратено.',
  'menu.home': 'Почетна',
  'menu.about': 'За {{name}}',
  'menu.contact': 'Контакт',
  'menu.terms': 'Услови',
  'menu.privacy': 'Приватност',
  'menu.login': 'Најава',
  'menu.logout': 'Одјава',
  'menu.admin': 'Администрација',
  'menu.open': 'Мени',
  'menu.close': 'Затвори го менито',
  'menu.label': 'Главно мени',
  'menu.language': 'Јазик',
  'banner.close': 'Отфрли го известувањето',
  'banner.label': 'Известување',
  'footer.label': 'Подножје',
  'footer.copyright': '© {{year}} {{name}}',
  'footer.version': 'Верзија {{version}}',
  'footer.version_tooltip': 'Верзија {{version}} ({{hash}})',
  'footer.powered_by': 'Овозможено од Imaging Booking Portal',
  'footer.external_home': 'Веб-страница на {{name}}',
  'page.about_title': 'За {{name}}',
  'page.contact_title': 'Контакт',
  'page.terms_title': 'Услови и правила',
  'page.privacy_title': 'Политика за приватност',
  'page.privacy_link': 'Прочитајте ја нашата политика за приватност',
  'page.not_found_title': 'Страницата не е пронајдена',
  'page.not_found_body': 'Страницата што ја барате не постои или е преместена.',
  'page.loading_terms': 'Се вчитуваат условите…',
  'page.unavailable': 'Овој дел од порталот сè уште не е достапен.',
  'page.load_failed_title': 'Страницата не можеше да се вчита',
  'page.load_failed_body': 'Проверете ја врската, па повторно вчитајте ја страницата.',
  'page.reload': 'Повторно вчитај ја страницата',
  'page.go_home': 'Оди на почетната страница',
  'frame.environment': 'Околина: {{profiles}}',
  'frame.skip_to_content': 'Премини на главната содржина',
  'action.cancel': 'Откажи',
  'action.try_again': 'Обиди се повторно',
  'action.home': 'Почетна',
  'action.ok': 'Во ред',
  'action.close': 'Затвори',
  'action.done': 'Готово',
};
