import { withUploadFalse } from '../../domain/attachments/upload-param';
import { emit } from '../../element/emit';
import type { ImagingEventName } from '../../element/events';

type NavigatedEvent = Extract<ImagingEventName, 'imaging-navigated' | 'imaging-booking-navigated'>;

/**
 * R-2.2-17: asks the host page to merge upload=false into the URL (replace,
 * not a new history entry). The current location is the routed element's own
 * `path` and `search` attributes; an element with no `path` (a clinic page
 * without a router) has no URL to change.
 */
export function mergeUploadFalse(
  from: Element | null,
  event: NavigatedEvent = 'imaging-navigated',
): void {
  const root = from?.getRootNode();
  const host = root instanceof ShadowRoot ? root.host : null;
  const path = host?.getAttribute('path');
  if (!host || !path) return;
  const search = withUploadFalse(host.getAttribute('search') ?? '');
  if (search === host.getAttribute('search')) return;
  emit(host, event, { path, search, replace: true });
}
