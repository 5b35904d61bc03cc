import { useEffect } from 'react';
import { Frame, type FrameProps } from '../../src/frame/Frame';
import { startChat } from '../../src/integrations/chat';
import { $config } from '../../src/stores/config.store';
import type { WidgetProps } from '../../src/element/define-widget';
import { useWidgetContext, type WidgetContextProps } from '../../src/element/useWidgetContext';

export type FrameWidgetProps = Omit<FrameProps, 'shadowRoot'> & WidgetContextProps & WidgetProps;

export function FrameWidget({ apiBase, locale, container, ...frame }: FrameWidgetProps) {
  useWidgetContext({ apiBase, locale });
  useEffect(() => $config.subscribe(startChat), []);
  return <Frame {...frame} shadowRoot={container} />;
}
