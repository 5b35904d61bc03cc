import { Frame, type FrameProps } from '../../src/frame/Frame';
import type { WidgetProps } from '../../src/element/define-widget';
import { startIntegrations } from '../../src/integrations/start';
import { useEffect } from 'react';
import { useWidgetContext, type WidgetContextProps } from '../../src/element/useWidgetContext';

export type FrameWidgetProps = Omit<FrameProps, 'shadowRoot'> & WidgetContextProps & WidgetProps;

export function FrameWidget({ apiBase, locale, container, ...frame }: FrameWidgetProps) {
  useWidgetContext({ apiBase, locale });
  useEffect(startIntegrations, []);
  return <Frame {...frame} shadowRoot={container} />;
}
