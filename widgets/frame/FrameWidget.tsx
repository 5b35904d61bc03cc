import { Frame, type FrameProps } from '../../src/frame/Frame';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';

export type FrameWidgetProps = Omit<FrameProps, 'shadowRoot'> & SharedWidgetProps & WidgetProps;

export function FrameWidget({ container, ...frame }: FrameWidgetProps) {
  return <Frame {...frame} shadowRoot={container} />;
}
