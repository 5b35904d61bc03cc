import type { denyEnAU } from './deny.en-AU';

/** Texts of `<imaging-deny>`, Macedonian. Loaded on demand by widgets/deny/define.ts. */
export const denyMk: Record<keyof typeof denyEnAU, string> = {
  'deny.call_title': 'Јавете ни се: можеме веднаш да ви помогнеме',
  'deny.call_clinic': '{{clinic}}: телефон {{phone}}',
  'deny.title': 'Не можеме да ја прикажеме оваа страница',
  'deny.expired': 'Оваа врска е истечена.',
  'deny.canceled': 'Овој термин е откажан.',
  'deny.declined_by_patient': 'Го одбивте овој термин.',
  'deny.removed_by_operator':
    'Оваа резервација ја отстрани нашиот персонал. Контактирајте ја клиниката.',
  'deny.waiting_protocol':
    'Вашата резервација чека да ја прегледа радиолог. Наскоро ќе ве контактираме.',
  'deny.restricted': 'Пристапот до оваа резервација е ограничен.',
  'deny.access_revoked': 'Пристапот до овие резултати е повлечен.',
  'deny.max_attempts_reached':
    'Премногу обиди. Заради ваша безбедност, пристапот е блокиран 15 минути. Обидете се повторно подоцна или контактирајте ја клиниката.',
  'deny.max_attempts_reached_shared':
    'Премногу обиди да се отворат овие споделени резултати. Замолете го лицето што ги сподели да ги сподели повторно.',
  'deny.max_attempts_reached_results':
    'Премногу обиди да се отворат вашите резултати. Обидете се повторно подоцна или контактирајте ја клиниката.',
  'deny.results_expired': 'Овие резултати веќе не се достапни преку интернет.',
  'deny.problem': 'Настана проблем при отворањето на оваа страница. Обидете се повторно подоцна.',
  'deny.close': 'Затвори',
  'deny.book_new': 'Закажете нов термин',
};
