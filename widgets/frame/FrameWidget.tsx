import { useEffect } from 'react';
import { Frame, type FrameProps } from '../../src/frame/Frame';
import { startChat } from '../../src/integrations/chat';
import { $config } from '../../src/stores/config.store';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';

export type FrameWidgetProps = Omit<FrameProps, 'shadowRoot'> & SharedWidgetProps & WidgetProps;

export function FrameWidget({ container, ...frame }: FrameWidgetProps) {
  useEffect(() => $config.subscribe(startChat), []);
  return <Frame {...frame} shadowRoot={container} />;
}
