/**
 * The booking funnel of this page (R-4-create-14): the booking widget
 * appends the events it sees (widgets/booking/funnel.store.ts), the
 * analytics adapters read them (src/integrations/analytics). The list is
 * also the queue: an adapter that loads or is consented to later sends
 * every event from the one it has not sent yet. It holds names and a
 * hashed e-mail only, and loads only when analytics is enabled.
 */
import { atom } from 'nanostores';
import type { FunnelEvent } from '../domain/booking/funnel';

/** A page's funnel is a few dozen events; a kiosk left open all day stays bounded. */
export const FUNNEL_LIMIT = 500;

export const $funnel = atom<readonly FunnelEvent[]>([]);

/** The number of events dropped from the front of $funnel (so a reader's position stays valid). */
let dropped = 0;

export function trackFunnel(events: readonly FunnelEvent[]): void {
  if (events.length === 0) return;
  const next = [...$funnel.get(), ...events];
  const excess = Math.max(0, next.length - FUNNEL_LIMIT);
  dropped += excess;
  $funnel.set(next.slice(excess));
}

/** The events after `position` (a count of all events ever tracked) and the new position. */
export function funnelSince(position: number): {
  events: readonly FunnelEvent[];
  position: number;
} {
  const events = $funnel.get();
  return {
    events: events.slice(Math.max(0, position - dropped)),
    position: dropped + events.length,
  };
}
