import { useEffect, useRef, useState } from 'react';
import { toRgba } from '../../../src/domain/imaging/pixels';
import type { VoiWindow } from '../../../src/domain/imaging/window-level';
import type { DecodedInstance } from '../dicom-decode';
import type { ViewState } from '../view-state';

export interface ImageCanvasProps {
  image: DecodedInstance | undefined;
  window: VoiWindow;
  view: ViewState;
}

/** The canvas the image is drawn on, sized to its box at the device's pixel ratio. */
export function ImageCanvas({ image, window, view }: ImageCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const bitmap = useRef<{
    source: DecodedInstance;
    window: VoiWindow;
    canvas: OffscreenCanvas;
  } | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry!.contentRect;
      setSize({ width: box.width, height: box.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = globalThis.devicePixelRatio || 1;
    element.width = Math.round(size.width * ratio);
    element.height = Math.round(size.height * ratio);
    context.fillStyle = '#000';
    context.fillRect(0, 0, element.width, element.height);
    if (!image || !size.width || !size.height) return;
    const { rows, columns } = image.image;
    let cached = bitmap.current;
    if (!cached || cached.source !== image || cached.window !== window) {
      const offscreen =
        cached?.canvas.width === columns && cached.canvas.height === rows
          ? cached.canvas
          : new OffscreenCanvas(columns, rows);
      const data = new ImageData(columns, rows);
      toRgba(image.image, window, data.data);
      offscreen.getContext('2d')!.putImageData(data, 0, 0);
      cached = { source: image, window, canvas: offscreen };
      bitmap.current = cached;
    }
    const fit = Math.min(size.width / columns, size.height / rows) * view.zoom * ratio;
    const x = element.width / 2 + view.panX * ratio - (columns * fit) / 2;
    const y = element.height / 2 + view.panY * ratio - (rows * fit) / 2;
    context.imageSmoothingEnabled = fit < 4;
    context.drawImage(cached.canvas, x, y, columns * fit, rows * fit);
  }, [image, window, view.zoom, view.panX, view.panY, size]);

  return <canvas ref={canvas} className="viewer__canvas" part="canvas" aria-hidden="true" />;
}
