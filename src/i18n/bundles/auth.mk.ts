import type { authEnAU } from './auth.en-AU';

/** Texts of `<imaging-auth>`, Macedonian. Loaded on demand by widgets/auth/define.ts. */
export const authMk: Record<keyof typeof authEnAU, string> = {
  'message.authentication_error':
    'Не можевме да ги потврдиме вашите податоци. Проверете го датумот на раѓање и обидете се повторно.',
  'message.authentication_otp_error':
    'Кодот е неточен или е истечен. Проверете го и обидете се повторно.',
  'message.authentication_cookies_error':
    'Колачињата се оневозможени во вашиот прелистувач. Овозможете ги за да продолжите.',
  'message.authentication_otp_expired':
    'Овој код е истечен или веќе е искористен. Побарајте нов код и обидете се повторно.',
  'message.max_attempts_reached': 'Премногу обиди. Обидете се повторно подоцна.',
  'message.otp_resend_too_soon': 'Почекајте неколку секунди пред да побарате нов код.',
  'message.authentication_try_later':
    'Направени се повеќе обиди за оваа резервација. Почекајте една минута, па обидете се повторно.',
  'message.otp_send_limit':
    'Испративме повеќе кодови за оваа резервација во последниот час. Користете го последниот код или обидете се подоцна.',
  'message.captcha_required': 'Не можевме да потврдиме дека сте човек. Обидете се повторно.',
  'message.authentication_no_contact':
    'Немаме адреса на е-пошта или мобилен број на кој да ви испратиме код. Јавете се во клиниката.',
  'auth.attempts_left_one': 'Имате уште 1 обид; потоа овој термин се заклучува 15 минути.',
  'auth.attempts_left_other':
    'Имате уште {{count}} обиди; потоа овој термин се заклучува 15 минути.',
  'auth.title_default': 'Потврдете го вашиот идентитет',
  'auth.missing_params':
    'Оваа врска е нецелосна. Отворете ја повторно врската од вашата е-пошта или SMS-порака.',
  'auth.title_appointment': 'Прегледајте го вашиот термин',
  'auth.body_appointment':
    'За да ја заштитиме вашата приватност, потврдете го датумот на раѓање. Потоа ќе ви испратиме 6-цифрен код на вашата е-пошта или мобилен телефон.',
  'auth.title_booking_request': 'Прегледајте го вашето барање за термин',
  'auth.body_booking_request':
    'За да ја заштитиме вашата приватност, потврдете го датумот на раѓање.',
  'auth.title_results': 'Прегледајте ги вашите резултати',
  'auth.body_results':
    'За да ја заштитиме вашата приватност, потврдете го датумот на раѓање. Потоа ќе ви испратиме 6-цифрен код.',
  'auth.title_patient_portal': 'Најавете се на порталот за пациенти',
  'auth.body_patient_portal': 'Потврдете го датумот на раѓање. Потоа ќе ви испратиме 6-цифрен код.',
  'auth.title_shared': 'Прегледајте споделени резултати',
  'auth.body_shared':
    'Некој сподели резултати од снимање со вас. Потврдете го датумот на раѓање на пациентот за да продолжите.',
  'auth.body_staff_booking':
    'Нашиот персонал го закажа овој термин за вас. Потврдете го датумот на раѓање за да го видите.',
  'auth.date_of_birth': 'Датум на раѓање',
  'auth.day': 'Ден',
  'auth.month': 'Месец',
  'auth.year': 'Година',
  'auth.contact_number': 'Телефонски број (незадолжително)',
  'auth.contact_number_hint': 'Мобилниот број што ни го дадовте, до 10 цифри.',
  'auth.send_code': 'Испрати код',
  'auth.continue': 'Продолжи',
  'auth.authenticating': 'Се потврдува…',
  'auth.authenticated': 'Потврдено. Се отвора вашата страница…',
  'auth.code_title': 'Внесете го кодот',
  'auth.code_sent_email': 'Ви испративме 6-цифрен код по е-пошта на {{destination}}.',
  'auth.code_sent_sms': 'Ви испративме 6-цифрен код по SMS на {{destination}}.',
  'auth.code_label': '6-цифрен код',
  'auth.code_hint': 'Кодот може да се искористи само еднаш и истекува по 10 минути.',
  'auth.code_noun': '6-цифрен код',
  'auth.code_invalid': 'Внесете ги 6-те цифри од кодот.',
  'auth.verify': 'Потврди',
  'auth.resend': 'Испрати нов код',
  'auth.resend_in': 'Нов код може да побарате за {{seconds}} с',
  'auth.change_details': 'Промени го датумот на раѓање',
  'form.required': 'Внесете {{field}}.',
  'form.please_enter_valid': 'Внесете валиден {{field}}.',
  'form.date_of_birth_future': 'Датумот на раѓање не може да биде во иднината.',
  'form.date_of_birth': 'датум на раѓање',
  'form.contact_number': 'телефонски број',
};
