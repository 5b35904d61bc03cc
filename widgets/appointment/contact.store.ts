/**
 * The page's contact actions (spec 2.4 "Appointment"): unsubscribing from
 * e-mails, a message to the call centre, a callback request.
 */
import {
  requestCallback,
  sendCallCentreEmail,
  unsubscribeEmails,
} from '../../src/api/appointments';
import { loaded } from '../../src/stores/loadable';
import { $notice, $summary, runAction } from './appointment.store';

export async function unsubscribe(slug: string): Promise<void> {
  const done = await runAction(
    'unsubscribe',
    null,
    () => unsubscribeEmails(slug).then(() => true),
    'unsubscribe',
  );
  if (!done) return;
  const current = $summary.get();
  if (current.state === 'loaded')
    $summary.set(
      loaded({
        ...current.value,
        appointments: current.value.appointments.map((a) => ({ ...a, emailsUnsubscribed: true })),
      }),
    );
  $notice.set({
    tone: 'success',
    text: { key: 'appointment.unsubscribed' },
    slug: null,
    at: 'unsubscribe',
  });
}

export async function sendMessage(slug: string, message: string): Promise<boolean> {
  const done = await runAction(
    'message',
    null,
    () => sendCallCentreEmail(slug, message).then(() => true),
    'message',
  );
  if (done)
    $notice.set({
      tone: 'success',
      text: { key: 'appointment.message_sent' },
      slug: null,
      at: 'message',
    });
  return done ?? false;
}

export async function askForCallback(slug: string, contactNumber: string): Promise<boolean> {
  const done = await runAction(
    'callback',
    null,
    () => requestCallback(slug, { contactNumber }).then(() => true),
    'callback',
  );
  if (done)
    $notice.set({
      tone: 'success',
      text: { key: 'appointment.callback_sent' },
      slug: null,
      at: 'callback',
    });
  return done ?? false;
}
