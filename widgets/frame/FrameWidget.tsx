import { useEffect } from 'react';
import { Frame, type FrameProps } from '../../src/frame/Frame';
import { startIntegrations } from '../../src/integrations/start';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';

export type FrameWidgetProps = Omit<FrameProps, 'shadowRoot'> & SharedWidgetProps & WidgetProps;

export function FrameWidget({ container, ...frame }: FrameWidgetProps) {
  useEffect(startIntegrations, []);
  return <Frame {...frame} shadowRoot={container} />;
}
