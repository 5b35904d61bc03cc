import { closeHref, denyMessage, parseDenyParams } from '../../src/domain/deny/deny-message';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';
import { useT } from '../../src/i18n/useT';
import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../src/stores/useQuietStore';
import { useEffect } from 'react';
import { telHref } from '../../src/domain/contact-number';
import { shellPrefix } from '../../src/domain/appointment/navigation';
import { $clinicsToCall, loadClinicsToCall } from './deny.store';
import { getApiBase } from '../../src/api/client';
import type { RadiologyConfig } from '../../src/contract/portal';
import { $radiologyConfig } from '../../src/stores/config.store';

/** Where a Close link may lead: this page's origin, the provider's portal and the provider's own sites. */
function trustedOrigins(radiology: RadiologyConfig | null): string[] {
  const urls = [
    location.href,
    getApiBase(),
    radiology?.homeUrl,
    radiology?.aboutUrl,
    radiology?.contactUrl,
  ];
  const origins: string[] = [];
  for (const url of urls) {
    try {
      if (url) origins.push(new URL(url, location.href).origin);
    } catch {
      // Not an address: nothing to trust.
    }
  }
  return origins;
}

export interface DenyWidgetProps extends SharedWidgetProps, WidgetProps {
  search?: string;
  path?: string;
}

/** The deny page (spec 2.4, 4 "Deny page message by input", 8). */
export function DenyWidget({ search = '', path }: DenyWidgetProps) {
  const t = useT();
  const input = parseDenyParams(search);
  const message = denyMessage(input);
  const radiology = useQuietStore($radiologyConfig);
  const href = closeHref(input, trustedOrigins(radiology));
  const clinics = useStore($clinicsToCall);
  // A locked-out patient, and one whose booking the clinic or they took out of the diary
  // (issue 13), get the clinics to call and, for a booking, the way to book again.
  const booking = !!input.status;
  const callable = !!input.maxAttempts || booking;
  useEffect(() => {
    if (callable) loadClinicsToCall();
  }, [callable]);
  return (
    <section className="deny" part="deny" data-state={input.status ?? 'none'}>
      <h1>{t('deny.title')}</h1>
      <p className="deny__message notice notice--error" part="message" role="alert">
        {'key' in message ? t(message.key) : message.text}
      </p>
      {callable && clinics.state === 'loaded' && clinics.value.length > 0 && (
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
      {booking && (
        <p>
          <a className="button" href={`${shellPrefix(path)}/`} part="book-new">
            {t('deny.book_new')}
          </a>
        </p>
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
