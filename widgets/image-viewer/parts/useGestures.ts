/**
 * Pointer, touch and wheel input on the image: one pointer drags (scroll,
 * window or pan by mode; Shift drags the window and Ctrl or ⌘ pans whatever
 * the mode), two pointers pinch to zoom and pan, the wheel scrolls and
 * Ctrl+wheel (a trackpad pinch too) zooms about the pointer.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { DragMode } from '../view-state';

export interface GestureHandlers {
  /** A drag started; later moves report the total (dx, dy) since then. */
  dragStart(): void;
  drag(mode: DragMode, dx: number, dy: number): void;
  /** Zoom by factor about (x, y) from the element's centre, CSS pixels. */
  zoom(factor: number, x: number, y: number): void;
  /** Pan by (dx, dy) since the last call (pinch). */
  pan(dx: number, dy: number): void;
  /** The wheel: +1 next image, -1 previous. */
  step(delta: number): void;
}

export function useGestures(
  ref: RefObject<HTMLElement | null>,
  mode: DragMode,
  handlers: GestureHandlers,
): void {
  const latest = useRef({ mode, handlers });
  latest.current = { mode, handlers };

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let origin = { x: 0, y: 0 };
    let dragMode: DragMode = 'scroll';
    let pinch: { distance: number; x: number; y: number } | null = null;
    const centre = () => {
      const box = element.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    };
    const pinchOf = () => {
      const [a, b] = [...pointers.values()];
      return {
        distance: Math.hypot(a!.x - b!.x, a!.y - b!.y) || 1,
        x: (a!.x + b!.x) / 2,
        y: (a!.y + b!.y) / 2,
      };
    };

    const down = (event: PointerEvent) => {
      if (event.button > 0) return;
      try {
        element.setPointerCapture(event.pointerId);
      } catch {
        // A pointer the browser does not track (a synthetic event): the drag works without capture.
      }
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size === 1) {
        origin = { x: event.clientX, y: event.clientY };
        dragMode = event.shiftKey
          ? 'window'
          : event.ctrlKey || event.metaKey
            ? 'pan'
            : latest.current.mode;
        latest.current.handlers.dragStart();
      } else if (pointers.size === 2) pinch = pinchOf();
    };
    const move = (event: PointerEvent) => {
      if (!pointers.has(event.pointerId)) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const { handlers } = latest.current;
      if (pointers.size === 1) {
        handlers.drag(dragMode, event.clientX - origin.x, event.clientY - origin.y);
      } else if (pinch && pointers.size === 2) {
        const now = pinchOf();
        const c = centre();
        handlers.pan(now.x - pinch.x, now.y - pinch.y);
        handlers.zoom(now.distance / pinch.distance, now.x - c.x, now.y - c.y);
        pinch = now;
      }
    };
    const up = (event: PointerEvent) => {
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinch = null;
      // The finger that stays after a pinch starts a fresh drag, so the image does not jump.
      const rest = [...pointers.values()][0];
      if (rest) {
        origin = rest;
        latest.current.handlers.dragStart();
      }
    };
    let wheelRest = 0;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const { handlers } = latest.current;
      if (event.ctrlKey || event.metaKey) {
        const c = centre();
        handlers.zoom(Math.exp(-event.deltaY / 300), event.clientX - c.x, event.clientY - c.y);
        return;
      }
      // A mouse wheel notch is one image; a trackpad's small deltas add up to one.
      const lines = event.deltaMode === 0 ? event.deltaY / 50 : event.deltaY;
      wheelRest += Math.abs(lines) < 1 && Math.abs(wheelRest + lines) < 1 ? lines : 0;
      const delta = Math.abs(lines) >= 1 ? Math.sign(lines) : Math.trunc(wheelRest);
      if (delta) {
        wheelRest = 0;
        handlers.step(delta);
      }
    };
    element.addEventListener('pointerdown', down);
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointercancel', up);
    element.addEventListener('wheel', wheel, { passive: false });
    return () => {
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointercancel', up);
      element.removeEventListener('wheel', wheel);
    };
  }, [ref]);
}
