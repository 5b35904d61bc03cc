import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../../src/stores/useQuietStore';
import { useEffect, useRef, useState } from 'react';
import { useInjectedCss } from '../../../src/element/useInjectedCss';
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
  const config = useQuietStore($bodyFigureConfig);
  const { params } = useStore($booking);
  const ref = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot>();

  useEffect(() => {
    const node = ref.current?.getRootNode();
    if (node instanceof ShadowRoot) setRoot(node);
  }, [state.state]);
  // The provider's bodyPartsCss (spec 3 "Body-figure config") restyles the figure.
  useInjectedCss(root, config?.bodyPartsCss);

  if (state.state === 'failed')
    return (
      <p role="alert" className="notice notice--error">
        {t(state.error.messageKey)}
      </p>
    );
  if (state.state !== 'loaded')
    return (
      <p role="status" className="notice" aria-busy="true">
        {t('message.loading')}
      </p>
    );
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
