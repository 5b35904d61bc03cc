import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { injectStyles } from 'shadow-dom-inject-styles';
import { useT } from '../../../src/i18n/useT';
import { $bodyFigureConfig } from '../../../src/stores/config.store';
import { BodyFigure } from '../../../src/ui/BodyFigure';
import { $booking } from '../booking.store';
import { $bodyParts, $bookableBodyParts } from '../catalogue.store';
import { chooseBodyPart } from '../flow.store';

/** Choosing exams by body part (R-1-27) on the provider's body figure. */
export function BodyPartPicker() {
  const t = useT();
  const state = useStore($bodyParts);
  const parts = useStore($bookableBodyParts);
  const config = useStore($bodyFigureConfig);
  const { params } = useStore($booking);
  const ref = useRef<HTMLDivElement>(null);

  // The provider's bodyPartsCss arrives at run time, so it is injected rather than adopted.
  useEffect(() => {
    const root = ref.current?.getRootNode();
    if (config?.bodyPartsCss && root instanceof ShadowRoot) {
      injectStyles(root.host as HTMLElement, '.booking', config.bodyPartsCss);
    }
  }, [config?.bodyPartsCss]);

  if (state.state === 'failed') return <p role="alert" className="notice notice--error">{t(state.error.messageKey)}</p>;
  if (state.state !== 'ready') return <p role="status" className="notice">{t('message.loading')}</p>;
  const chosen = parts.find((part) => part.slug === params.bodyPart);
  return (
    <div ref={ref} className="picker" part="body-parts">
      <h2 className="picker__title">{t('booking.body.title')}</h2>
      <BodyFigure
        parts={parts}
        selected={params.bodyPart}
        config={config}
        onSelect={(slug) => chooseBodyPart(slug === params.bodyPart ? null : slug)}
      />
      <p className="notice" aria-live="polite">
        {chosen ? t('booking.body.chosen', { part: chosen.name }) : t('booking.body.hint')}
      </p>
    </div>
  );
}
