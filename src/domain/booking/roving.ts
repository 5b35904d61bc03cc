/**
 * Arrow keys in a grid of times (WAI-ARIA "roving tabindex"): one tab stop
 * for the whole grid, arrows and Home/End move between its buttons. Pure:
 * the index the focus moves to, or null for a key the grid does not take.
 */
export function nextIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return Math.min(count - 1, current + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return Math.max(0, current - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
