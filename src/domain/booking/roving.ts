/**
 * Arrow keys in a grid of times (WAI-ARIA "roving tabindex"): one tab stop
 * for the whole grid, arrows and Home/End move between its buttons. Pure:
 * the index the focus moves to, or null for a key the grid does not take.
 */
export function nextIndex(
  key: string,
  current: number,
  count: number,
  boxes?: readonly Box[],
): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp':
      if (boxes?.length === count)
        return rowNeighbour(boxes, current, key === 'ArrowDown' ? 1 : -1);
      return key === 'ArrowDown' ? Math.min(count - 1, current + 1) : Math.max(0, current - 1);
    case 'ArrowRight':
      return Math.min(count - 1, current + 1);
    case 'ArrowLeft':
      return Math.max(0, current - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** Where a button sits on screen (its getBoundingClientRect). */
export interface Box {
  left: number;
  top: number;
  width: number;
}

/**
 * ArrowDown and ArrowUp in wrapped rows of times: the button of the next
 * (or previous) row whose centre is nearest the current one's; at the last
 * (first) row the focus stays.
 */
export function rowNeighbour(boxes: readonly Box[], current: number, direction: 1 | -1): number {
  const here = boxes[current]!;
  const centre = (box: Box) => box.left + box.width / 2;
  const rows = [...new Set(boxes.map((box) => Math.round(box.top)))].sort((a, b) => a - b);
  const row = rows.indexOf(Math.round(here.top)) + direction;
  if (row < 0 || row >= rows.length) return current;
  let best = current;
  for (const [index, box] of boxes.entries()) {
    if (Math.round(box.top) !== rows[row]) continue;
    if (
      best === current ||
      Math.abs(centre(box) - centre(here)) < Math.abs(centre(boxes[best]!) - centre(here))
    )
      best = index;
  }
  return best;
}
