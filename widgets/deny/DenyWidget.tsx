import { closeHref, denyMessage, parseDenyParams } from '../../src/domain/deny/deny-message';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';
import { useT } from '../../src/i18n/useT';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { telHref } from '../../src/domain/contact-number';
import { $clinicsToCall, loadClinicsToCall } from './deny.store';

export interface DenyWidgetProps extends SharedWidgetProps, WidgetProps {
  search?: string;
  path?: string;
}

/** The deny page (spec 2.4, 4 "Deny page message by input", 8). */
export function DenyWidget({ search = '' }: DenyWidgetProps) {
  const t = useT();
  const input = parseDenyParams(search);
  const message = denyMessage(input);
  const href = closeHref(input);
  const clinics = useStore($clinicsToCall);
  useEffect(() => {
    if (input.maxAttempts) loadClinicsToCall();
  }, [input.maxAttempts]);
  return (
    <section className="deny" part="deny" data-state={input.status ?? 'none'}>
      <h1>{t('deny.title')}</h1>
      <p className="deny__message notice notice--error" part="message" role="alert">
        {'key' in message ? t(message.key) : message.text}
      </p>
      {input.maxAttempts && clinics.state === 'loaded' && clinics.value.length > 0 && (
        <section className="deny__call" aria-labelledby="deny-call-title" part="call">
          <h2 id="deny-call-title">{t('deny.call_title')}</h2>
          <ul>
            {clinics.value.map((clinic) => (
              <li key={clinic.id}>
                <a href={telHref(clinic.phone)}>
                  {t('deny.call_clinic', { clinic: clinic.name, phone: clinic.phone })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {href && (
        <p>
          <a className="button" href={href} part="close">
            {t('deny.close')}
          </a>
        </p>
      )}
    </section>
  );
}
