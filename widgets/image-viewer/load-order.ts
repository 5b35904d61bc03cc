/**
 * In which order a series' instances load: the one on screen first, then
 * outwards from it, one each side in turn, so that scrolling from the first
 * image shown finds its neighbours ready. Pure.
 */
export function loadOrder(count: number, start: number): number[] {
  const order: number[] = [];
  const from = Math.min(Math.max(0, start), Math.max(0, count - 1));
  for (let step = 0; order.length < count; step++) {
    if (from + step < count) order.push(from + step);
    if (step > 0 && from - step >= 0) order.push(from - step);
  }
  return order;
}

/** The image a series opens at: the middle one (the first of two). */
export const openingIndex = (count: number) => Math.max(0, Math.ceil(count / 2) - 1);
