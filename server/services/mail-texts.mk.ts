/** The patient e-mails' texts in Macedonian (see mail-texts.en.ts). */
import type { MailKey } from './mail-texts.en.js';

export const MAIL_TEXTS_MK: Record<MailKey, string> = {
  'email.greeting': 'Почитувани {{name}},',
  'email.appointment.booked': 'Вашиот термин е закажан.',
  'email.appointment.booked_many': 'Вашите термини се закажани.',
  'email.appointment.pending':
    'Го резервиравме овој термин за вас. Клиниката наскоро ќе го потврди.',
  'email.appointment.rescheduled': 'Вашиот термин е преместен од {{was}} на {{when}}.',
  'email.appointment.exam': 'Преглед: {{exam}}',
  'email.appointment.when': 'Кога: {{when}} {{abbr}}',
  'email.appointment.was': 'Претходно: {{was}} {{abbr}}, сега слободно за друг пациент',
  'email.appointment.where': 'Каде: {{where}}',
  'email.appointment.prepare': 'Како да се подготвите:',
  'email.appointment.link':
    'Погледнете, променете или откажете го терминот и додадете го во вашиот календар:',
  'email.appointment.subject': 'Вашиот термин за {{exam}} на {{when}}',
  'email.appointment.subject_pending': 'Вашето барање за термин за {{exam}} на {{when}}',
  'email.appointment.subject_many': 'Вашите термини за {{exams}} од {{when}}',
  'email.appointment.subject_pending_many': 'Вашите барања за термини за {{exams}} од {{when}}',
  'email.appointment.subject_rescheduled': 'Вашиот термин за {{exam}} е преместен на {{when}}',
  'email.walk_in.intro': 'Дојдете и без закажување за:',
  'email.walk_in.item':
    '- {{name}}: на денот на овој термин или секој ден кога клиниката работи, најдоцна {{minutes}} минути пред затворање.',
  'email.walk_in.item_prepare':
    '- {{name}}: на денот на овој термин или секој ден кога клиниката работи, најдоцна {{minutes}} минути пред затворање; предвидете {{prepare}} минути за подготовка.',
  'email.request.received':
    'Го примивме вашето барање за термин и ќе ве контактираме за да договориме време.',
  'email.request.exams': 'Прегледи: {{exams}}',
  'email.request.clinic': 'Клиника: {{clinic}}',
  'email.request.link': 'Погледнете го вашето барање:',
  'email.request.subject': 'Го примивме вашето барање за термин',
  'email.cancel.done': 'Вашиот термин е откажан, како што побаравте.',
  'email.cancel.was': 'Беше: {{when}} {{abbr}}',
  'email.cancel.book_again': 'Терминот сега е слободен за друг пациент. За да закажете нов термин:',
  'email.cancel.not_you':
    'Ако не го откажавте овој термин, ве молиме јавете се во {{clinic}} на {{phone}}.',
  'email.cancel.subject': 'Вашиот термин за {{exam}} на {{when}} е откажан',
  'email.code.subject': 'Вашиот код за потврда',
  'email.code.body':
    'вашиот код за потврда е {{code}}. Важи {{minutes}} минути и може да се употреби еднаш. Ако не сте го побарале, занемарете ја оваа порака.',
  'calendar.summary': '{{exam}} во {{clinic}}',
  'email.reminder.subject': 'Потсетник: вашиот термин за {{exam}} на {{when}}',
  'email.reminder.lead': 'Ова е потсетник за вашиот термин.',
  'email.reminder.check_in':
    'Заштедете време на рецепција: пријавете се преку телефонот. Отворете ја врската или скенирајте го QR-кодот:',
  'email.reminder.qr_alt': 'QR-код на вашата врска за пријавување',
  'sms.reminder':
    'Потсетник: {{exam}} во {{clinic}}, {{when}} {{abbr}}. Пријавете се преку телефонот: {{link}}',
};
