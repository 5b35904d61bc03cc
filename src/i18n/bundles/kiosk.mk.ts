import type { kioskEnAU } from './kiosk.en-AU';

/** Macedonian texts of `<imaging-kiosk>` (R-9-29). */
export const kioskMk: Record<keyof typeof kioskEnAU, string> = {
  'kiosk.title': 'Добредојдовте',
  'kiosk.lead': 'Што сакате да направите денес?',
  'kiosk.check_in': 'Пријавете се',
  'kiosk.check_in_hint': 'Имам термин денес',
  'kiosk.book': 'Закажете преглед',
  'kiosk.book_hint': 'Изберете преглед, клиника и време',
  'kiosk.choices': 'Избори на киоскот',
  'kiosk.device_title': 'Именувајте го уредот',
  'kiosk.device_text':
    'За персоналот: дајте му име на овој киоск, на пример клиниката и местото каде што стои. Се чува на овој уред.',
  'kiosk.device_label': 'Име на уредот',
  'kiosk.device_save': 'Зачувај',
  'kiosk.device_name': 'Овој уред: {{name}}',
  'kiosk.device_forget': 'Заборави го уредот',
};
