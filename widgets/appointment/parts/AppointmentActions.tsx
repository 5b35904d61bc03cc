import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import type { AppointmentSummary, AppointmentView } from '../../../src/contract/appointments';
import { walkInBlocked } from '../../../src/domain/appointment/change-rules';
import { useT } from '../../../src/i18n/useT';
import { $busy, ACTIONS, checkCancel, confirm, decline, reschedule } from '../appointment.store';
import { $questionnaireLinks } from '../questionnaire-links.store';
import { importWithRetry } from '../../../src/ui/lazy-retry';
import { NoticeView } from './NoticeView';

/** The cancel dialogs load just after the page (issue 15 part 4: further elements ≤ 15 kB). */
const CancelFlow = lazy(() =>
  importWithRetry(() => import('./CancelFlow')).then((module) => ({ default: module.CancelFlow })),
);

const LIVE = new Set(['PENDING', 'BOOKED', 'CONFIRMED']);

/** Confirm, cancel, reschedule and change one appointment (R-2.4-29, spec 4). */
export function AppointmentActions({
  appointment,
  summary,
  when,
}: {
  appointment: AppointmentView;
  summary: AppointmentSummary;
  when: string;
}) {
  const t = useT();
  const busy = useStore($busy);
  const [cancelOpen, setCancelOpen] = useState(false);
  const links = useStore($questionnaireLinks);
  if (!LIVE.has(appointment.status) || appointment.expired) return null;
  const blocked = walkInBlocked(appointment.walkIn, summary.walkInRescheduleAllowed);
  const label = (key: string, action: string) =>
    busy === action ? t('appointment.working') : t(key);

  const startCancel = async () => {
    if (await checkCancel(appointment.slug)) setCancelOpen(true);
  };

  return (
    <>
      <div
        className="appointment__actions"
        role="group"
        aria-label={t('appointment.actions_label', { exam: appointment.examName })}
        part="appointment-actions"
      >
        {appointment.status !== 'CONFIRMED' && (
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() => void confirm(appointment.slug)}
          >
            {label('appointment.action.confirm', 'confirm')}
          </button>
        )}
        <button
          type="button"
          className="button"
          data-variant="ghost"
          disabled={busy !== null}
          onClick={() => void reschedule(appointment, 'RESCHEDULED', blocked)}
        >
          {label('appointment.action.reschedule', 'check-RESCHEDULE')}
        </button>
        <button
          type="button"
          className="button"
          data-variant="ghost"
          disabled={busy !== null}
          onClick={() => void reschedule(appointment, 'CHANGED', blocked)}
        >
          {t('appointment.action.change')}
        </button>
        <button
          type="button"
          className="button"
          data-variant="danger"
          disabled={busy !== null}
          onClick={() => void startCancel()}
        >
          {label('appointment.action.cancel', 'check-CANCEL')}
        </button>
        {links[appointment.slug]?.decline && (
          // Spec 4 DECLINE_APPOINTMENT: a pending appointment the patient does not want.
          <button
            type="button"
            className="button"
            data-variant="ghost"
            disabled={busy !== null}
            onClick={() => void decline(appointment.slug)}
          >
            {t('appointment.action.decline')}
          </button>
        )}
        <Suspense fallback={null}>
          <CancelFlow
            open={cancelOpen}
            appointment={appointment}
            reasons={summary.cancelReasons}
            when={when}
            onClose={() => setCancelOpen(false)}
          />
        </Suspense>
      </div>
      <NoticeView slug={appointment.slug} at={ACTIONS} />
    </>
  );
}
