/**
 * The drawing of the body figure (viewBox 0 0 160 360): a silhouette and
 * one shape per body part slug of the seed catalogue, front and back.
 * Parts are drawn in order, so smaller parts (breast, heart) sit above the
 * chest they overlap.
 */

export type Shape =
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; rx: number }
  | { kind: 'path'; d: string };

export type FigureView = 'front' | 'back';

export const FIGURE_VIEWBOX = '0 0 160 360';

export const SILHOUETTE: readonly Shape[] = [
  { kind: 'circle', cx: 80, cy: 32, r: 22 },
  { kind: 'rect', x: 68, y: 50, width: 24, height: 22, rx: 4 },
  { kind: 'path', d: 'M44 68 Q80 60 116 68 L120 120 L112 192 L48 192 L40 120 Z' },
  { kind: 'path', d: 'M44 70 L30 76 L16 196 L30 200 L46 110 Z' },
  { kind: 'path', d: 'M116 70 L130 76 L144 196 L130 200 L114 110 Z' },
  { kind: 'ellipse', cx: 22, cy: 208, rx: 9, ry: 13 },
  { kind: 'ellipse', cx: 138, cy: 208, rx: 9, ry: 13 },
  { kind: 'path', d: 'M50 188 L78 188 L74 332 L56 332 Z' },
  { kind: 'path', d: 'M82 188 L110 188 L104 332 L86 332 Z' },
  { kind: 'ellipse', cx: 63, cy: 341, rx: 12, ry: 7 },
  { kind: 'ellipse', cx: 97, cy: 341, rx: 12, ry: 7 },
];

const pair = (left: Shape, dx: number): Shape[] => {
  if (left.kind === 'ellipse') return [left, { ...left, cx: 160 - left.cx + dx }];
  if (left.kind === 'circle') return [left, { ...left, cx: 160 - left.cx + dx }];
  return [left];
};

const head: Shape[] = [{ kind: 'circle', cx: 80, cy: 32, r: 20 }];
const neck: Shape[] = [{ kind: 'rect', x: 70, y: 53, width: 20, height: 15, rx: 4 }];
const shoulder = pair({ kind: 'circle', cx: 47, cy: 78, r: 10 }, 0);
const handWrist = pair({ kind: 'ellipse', cx: 22, cy: 206, rx: 9, ry: 13 }, 0);
const knee = pair({ kind: 'ellipse', cx: 65, cy: 262, rx: 10, ry: 11 }, 0);
const footAnkle = pair({ kind: 'ellipse', cx: 63, cy: 336, rx: 11, ry: 9 }, 0);
const pelvis: Shape[] = [{ kind: 'rect', x: 52, y: 160, width: 56, height: 30, rx: 10 }];

/** Shapes by view, then by body-part slug, in drawing order. */
export const PART_SHAPES: Readonly<
  Record<FigureView, ReadonlyArray<readonly [string, readonly Shape[]]>>
> = {
  front: [
    ['head', head],
    ['neck', neck],
    ['shoulder', shoulder],
    ['chest', [{ kind: 'rect', x: 54, y: 72, width: 52, height: 44, rx: 8 }]],
    ['breast', pair({ kind: 'ellipse', cx: 67, cy: 104, rx: 9, ry: 7 }, 0)],
    ['heart', [{ kind: 'path', d: 'M92 99 L84 91 A4.5 4.5 0 0 1 92 85 A4.5 4.5 0 0 1 100 91 Z' }]],
    ['abdomen', [{ kind: 'rect', x: 55, y: 120, width: 50, height: 37, rx: 8 }]],
    ['pelvis', pelvis],
    ['hand-wrist', handWrist],
    ['knee', knee],
    ['foot-ankle', footAnkle],
  ],
  back: [
    ['head', head],
    ['neck', neck],
    ['shoulder', shoulder],
    ['spine', [{ kind: 'rect', x: 75, y: 70, width: 10, height: 118, rx: 5 }]],
    ['pelvis', pelvis],
    ['hand-wrist', handWrist],
    ['knee', knee],
    ['foot-ankle', footAnkle],
  ],
};

/** The box around a part's shapes: paired parts (knees, hands) are one target, gap included. */
export function bounds(shapes: readonly Shape[]): {
  x: number;
  y: number;
  width: number;
  height: number;
} {
  const boxes = shapes.map((shape) => {
    switch (shape.kind) {
      case 'circle':
        return [shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r];
      case 'ellipse':
        return [shape.cx - shape.rx, shape.cy - shape.ry, shape.cx + shape.rx, shape.cy + shape.ry];
      case 'rect':
        return [shape.x, shape.y, shape.x + shape.width, shape.y + shape.height];
      case 'path': {
        const numbers = (shape.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
        const xs = numbers.filter((_, index) => index % 2 === 0);
        const ys = numbers.filter((_, index) => index % 2 === 1);
        return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
      }
    }
  });
  const [x1, y1, x2, y2] = [0, 1, 2, 3].map((i) =>
    (i < 2 ? Math.min : Math.max)(...boxes.map((box) => box[i] ?? 0)),
  ) as [number, number, number, number];
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}
