import { closeHref, denyMessage, parseDenyParams } from '../../src/domain/deny/deny-message';
import type { WidgetProps } from '../../src/element/define-widget';
import { useWidgetContext, type WidgetContextProps } from '../../src/element/useWidgetContext';
import { useT } from '../../src/i18n/useT';

export interface DenyWidgetProps extends WidgetContextProps, WidgetProps {
  search?: string;
  path?: string;
}

/** The deny page (spec 2.4, 4 "Deny page message by input", 8). */
export function DenyWidget({ search = '', apiBase, locale }: DenyWidgetProps) {
  useWidgetContext({ apiBase, locale });
  const t = useT();
  const input = parseDenyParams(search);
  const message = denyMessage(input);
  const href = closeHref(input);
  return (
    <section className="deny" part="deny" data-state={input.status ?? 'none'}>
      <h1>{t('deny.title')}</h1>
      <p className="deny__message notice notice--error" part="message" role="alert">
        {'key' in message ? t(message.key) : message.text}
      </p>
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
