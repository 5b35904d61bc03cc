import { describe, expect, it } from 'vitest';
import { initialView, viewForDrag, viewForKey, zoomAt } from './view-state';

const at = (index: number) => initialView(index);

describe('moving through a series and around an image', () => {
  it('steps with the arrows, ten with Page Up/Down, to the ends with Home/End, within the series', () => {
    expect(viewForKey(at(5), 'ArrowDown', 80)!.index).toBe(6);
    expect(viewForKey(at(5), 'ArrowUp', 80)!.index).toBe(4);
    expect(viewForKey(at(5), 'PageDown', 80)!.index).toBe(15);
    expect(viewForKey(at(5), 'PageUp', 80)!.index).toBe(0);
    expect(viewForKey(at(5), 'End', 80)!.index).toBe(79);
    expect(viewForKey(at(79), 'ArrowDown', 80)!.index).toBe(79);
    expect(viewForKey(at(5), 'Home', 80)!.index).toBe(0);
    expect(viewForKey(at(5), 'a', 80)).toBeNull();
  });

  it('zooms about a point, which stays under the pointer, within the limits', () => {
    const zoomed = zoomAt(at(0), 2, 100, 50);
    expect(zoomed).toMatchObject({ zoom: 2, panX: -100, panY: -50 });
    expect(zoomAt(zoomed, 1000).zoom).toBe(10);
    expect(zoomAt(at(0), 0.001).zoom).toBe(0.5);
  });

  it('resets zoom, pan and window but keeps the image', () => {
    const changed = { ...zoomAt(at(7), 3), window: { center: 1, width: 2 } };
    expect(viewForKey(changed, 'r', 80)).toEqual(at(7));
  });

  it('drags to scroll (a slice per 6 px), to pan, or to change the window', () => {
    const w = { center: 40, width: 400 };
    expect(viewForDrag(at(10), 'scroll', 0, 30, 80, w, 4096).index).toBe(15);
    expect(viewForDrag(at(10), 'scroll', 0, -600, 80, w, 4096).index).toBe(0);
    expect(viewForDrag(at(10), 'pan', 5, -7, 80, w, 4096)).toMatchObject({ panX: 5, panY: -7 });
    expect(viewForDrag(at(10), 'window', 128, 0, 80, w, 4096).window).toEqual({
      center: 40,
      width: 1424,
    });
  });
});
