import { useEffect, useLayoutEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import {
  clampOffset,
  clampScale,
  pinchScale,
  wheelScale,
  type Offset,
} from '../../domain/attachments/zoom';

export interface ZoomableImageProps {
  src: string;
  alt: string;
  /** The scale (1 = fitted, up to 3); the viewer owns it so its keys and buttons share it. */
  scale: number;
  onScaleChange: (scale: number) => void;
}

interface Gesture {
  pointers: Map<number, { x: number; y: number }>;
  startDistance: number;
  startScale: number;
  offset: Offset;
  panFrom: { x: number; y: number; offset: Offset } | null;
}

function distance(points: { x: number; y: number }[]): number {
  const [a, b] = points;
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
}

/**
 * An image of the attachment viewer (spec 2.5, 9): at most 600 px high,
 * pinch zoom with two pointers and wheel zoom (factor 0.2) up to a scale of
 * 3; a zoomed image pans with one pointer. The transform is applied to the
 * DOM directly while a gesture runs, so a pinch does not re-render React on
 * every pointer move.
 */
export function ZoomableImage({ src, alt, scale, onScaleChange }: ZoomableImageProps) {
  const frame = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const gesture = useRef<Gesture>({
    pointers: new Map(),
    startDistance: 0,
    startScale: 1,
    offset: { x: 0, y: 0 },
    panFrom: null,
  });
  const scaleRef = useRef(scale);
  const onScaleRef = useRef(onScaleChange);
  onScaleRef.current = onScaleChange;

  const apply = (next: number) => {
    const g = gesture.current;
    const box = image.current?.getBoundingClientRect();
    const size = {
      width: box ? box.width / scaleRef.current : 0,
      height: box ? box.height / scaleRef.current : 0,
    };
    scaleRef.current = next;
    g.offset = clampOffset(g.offset, next, size);
    if (image.current)
      image.current.style.transform = `translate(${g.offset.x}px, ${g.offset.y}px) scale(${next})`;
    frame.current?.setAttribute('data-scale', next.toFixed(2));
  };

  // The scale chosen with keys or buttons, applied in the commit, before the next wheel or pointer event.
  useLayoutEffect(() => {
    if (Math.abs(scale - scaleRef.current) > 1e-6 || scale === 1) apply(scale);
  }, [scale]);

  // React's wheel listener is passive, so the page would scroll too: listen ourselves.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const next = wheelScale(scaleRef.current, event.deltaY);
      apply(next);
      onScaleRef.current(next);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer that is no longer active cannot be captured; the gesture still works.
    }
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (g.pointers.size === 2) {
      g.startDistance = distance([...g.pointers.values()]);
      g.startScale = scaleRef.current;
      g.panFrom = null;
    } else if (g.pointers.size === 1 && scaleRef.current > 1) {
      g.panFrom = { x: event.clientX, y: event.clientY, offset: g.offset };
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g.pointers.has(event.pointerId)) return;
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (g.pointers.size >= 2) {
      apply(pinchScale(g.startScale, g.startDistance, distance([...g.pointers.values()])));
    } else if (g.panFrom) {
      g.offset = {
        x: g.panFrom.offset.x + event.clientX - g.panFrom.x,
        y: g.panFrom.offset.y + event.clientY - g.panFrom.y,
      };
      apply(scaleRef.current);
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g.pointers.delete(event.pointerId)) return;
    if (g.pointers.size < 2 && g.startDistance > 0) {
      g.startDistance = 0;
      onScaleRef.current(clampScale(scaleRef.current));
    }
    g.panFrom = null;
  };

  return (
    <div
      ref={frame}
      className="viewer__zoom"
      data-scale={scale.toFixed(2)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <img ref={image} className="viewer__image" src={src} alt={alt} draggable={false} />
    </div>
  );
}
