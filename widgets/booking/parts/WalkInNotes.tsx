import type { WalkInNote } from '../../../src/contract/booking';
import { useT } from '../../../src/i18n/useT';

/** Spec 4 "Walk-in": the exams to walk in for, with when and how long to prepare. */
export function WalkInNotes({ walkIns }: { walkIns: readonly WalkInNote[] }) {
  const t = useT();
  return (
    <section className="notice notice--info walk-in-notes" aria-labelledby="booking-walk-ins-title">
      <h2 id="booking-walk-ins-title">{t('booking.confirmation.walk_ins_title')}</h2>
      <ul>
        {walkIns.map((walkIn) => (
          <li key={walkIn.name}>
            {t(
              walkIn.prepTime > 0
                ? 'booking.confirmation.walk_in_item'
                : 'booking.confirmation.walk_in_item_no_prep',
              {
                name: walkIn.name,
                minutesPrior: walkIn.minutesPrior,
                prepTime: walkIn.prepTime,
              },
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
