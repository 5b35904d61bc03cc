/**
 * What counts as activity on a kiosk (spec 4 "Kiosk inactivity"): mouse,
 * keyboard, touch and scroll anywhere on the page (these reach the window
 * from inside shadow roots; scroll does not bubble, so it is caught on the
 * way down), and `storage` events, which another tab of the portal causes.
 */
const EVENTS = ['pointerdown', 'mousemove', 'keydown', 'touchstart', 'wheel'] as const;

export function listenForActivity(target: Window, onActivity: (event: Event) => void): () => void {
  const listener = (event: Event) => onActivity(event);
  for (const name of EVENTS) target.addEventListener(name, listener, { passive: true });
  target.addEventListener('scroll', listener, { passive: true, capture: true });
  target.addEventListener('storage', listener);
  return () => {
    for (const name of EVENTS) target.removeEventListener(name, listener);
    target.removeEventListener('scroll', listener, { capture: true });
    target.removeEventListener('storage', listener);
  };
}
