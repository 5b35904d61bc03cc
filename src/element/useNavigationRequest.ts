/**
 * Reports a store's navigation requests as events (the pattern is described
 * in src/stores/navigation.store.ts): each target is emitted once from the
 * widget's root, then cleared, so a widget mounted later never repeats it.
 * A target with `href` leaves the portal (a REDIRECT outcome's absolute URL).
 * When no host page handles the event, the element follows it itself (navigation.ts).
 */
import { useEffect } from 'react';
import type { NavigationRequest, NavigationTarget } from '../stores/navigation.store';
import { requestNavigation } from './navigation';

export function useNavigationRequest<T extends NavigationTarget>(
  request: NavigationRequest<T>,
  root: () => Element | ShadowRoot | null,
  event: 'imaging-navigated' | 'imaging-booking-navigated' = 'imaging-navigated',
  beforeEmit?: () => void,
): void {
  useEffect(
    () =>
      request.subscribe((target) => {
        if (!target) return;
        const from = root();
        if (!from) return;
        request.set(null);
        beforeEmit?.();
        if ('href' in target) {
          window.location.assign(target.href);
          return;
        }
        const { path, search, replace = false } = target as Exclude<T, { href: string }>;
        requestNavigation(from, event, { path, search, replace });
      }),
    // The callbacks are read when a request arrives: only the atom and the event resubscribe.
    [request, event],
  );
}
