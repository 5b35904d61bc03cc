import { useStore } from '@nanostores/react';
import type { AppointmentView } from '../../../src/contract/appointments';
import { telHref } from '../../../src/domain/contact-number';
import { homeTarget } from '../../../src/domain/appointment/navigation';
import { useT } from '../../../src/i18n/useT';
import { $pageContext, goHome } from '../appointment.store';

/**
 * A cancelled booking's page, reopened from its e-mail or reloaded (issue 13):
 * the clinic to call, tap-to-call, and the way on to a new booking.
 */
export function CancelledNotice({ appointment }: { appointment: AppointmentView }) {
  const t = useT();
  const { prefix, kioskMode } = useStore($pageContext);
  const home = homeTarget(prefix, kioskMode);
  const { clinic } = appointment;
  return (
    <div className="cancelled-notice notice notice--info" part="cancelled-notice">
      {clinic.phone && (
        <p>
          <a href={telHref(clinic.phone)}>
            {t('appointment.cancelled_call', { clinic: clinic.name, phone: clinic.phone })}
          </a>
        </p>
      )}
      <p>
        <a
          className="button"
          href={`${home.path}${home.search}`}
          part="book-new"
          onClick={(event) => {
            // The element's own move: a clinic page's router must not take the link to its own "/".
            event.preventDefault();
            event.stopPropagation();
            goHome();
          }}
        >
          {t('appointment.book_new')}
        </a>
      </p>
    </div>
  );
}
