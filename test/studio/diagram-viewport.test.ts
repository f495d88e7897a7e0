/** The machine diagram's view: fitting, zooming around the pointer, and keeping the game's choice in sight. */
import { describe, expect, it } from 'vitest';
import { boxZoom, centeredOn, clampZoom, eased, fitted, inSight, wholeIsLegible, zoomedBy, type View } from '../../studio/src/diagram/viewport.ts';

const screen = { width: 800, height: 600 };
/** Where a layout point is drawn on the screen under `view`. */
const drawn = (view: View, x: number, y: number) => ({ x: view.x + x * view.k, y: view.y + y * view.k });

describe('the machine diagram view', () => {
  it('Fit shows the whole of a large machine inside the viewport, centred', () => {
    const machine = { width: 2000, height: 1000 };
    const view = fitted(machine, screen, 'all');
    const topLeft = drawn(view, 0, 0);
    const bottomRight = drawn(view, machine.width, machine.height);
    expect(topLeft.x).toBeGreaterThanOrEqual(0);
    expect(topLeft.y).toBeGreaterThanOrEqual(0);
    expect(bottomRight.x).toBeLessThanOrEqual(screen.width);
    expect(bottomRight.y).toBeLessThanOrEqual(screen.height);
    expect(topLeft.x + bottomRight.x).toBeCloseTo(screen.width);
    expect(topLeft.y + bottomRight.y).toBeCloseTo(screen.height);
  });

  it('Width spans the viewport from side to side and starts at the top, however tall the machine', () => {
    const view = fitted({ width: 1000, height: 5000 }, screen, 'width');
    expect(drawn(view, 0, 0).x).toBeCloseTo(12);
    expect(drawn(view, 1000, 0).x).toBeCloseTo(screen.width - 12);
    expect(drawn(view, 0, 0).y).toBe(12);
  });

  it('the wheel zooms around the pointer: the point under it stays under it', () => {
    const view = { x: 30, y: -40, k: 0.8 };
    const pointer = { x: 250, y: 310 };
    const under = { x: (pointer.x - view.x) / view.k, y: (pointer.y - view.y) / view.k };
    const zoomed = zoomedBy(view, 1.25, pointer.x, pointer.y);
    expect(zoomed.k).toBeCloseTo(1);
    expect(drawn(zoomed, under.x, under.y).x).toBeCloseTo(pointer.x);
    expect(drawn(zoomed, under.x, under.y).y).toBeCloseTo(pointer.y);
  });

  it('zoom stops at a twentieth of actual size and at two and a half times it', () => {
    expect(clampZoom(0.001)).toBe(0.05);
    expect(clampZoom(10)).toBe(2.5);
    expect(zoomedBy({ x: 0, y: 0, k: 2 }, 4, 0, 0).k).toBe(2.5);
  });

  it('Go to shows a box in the middle, at actual size when it fits and smaller when it does not', () => {
    const small = { x: 900, y: 1200, width: 200, height: 80 };
    expect(boxZoom(small, screen)).toBe(1);
    const view = centeredOn(small, boxZoom(small, screen), screen);
    const centre = drawn(view, small.x + small.width / 2, small.y + small.height / 2);
    expect(centre).toEqual({ x: screen.width / 2, y: screen.height / 2 });
    const wide = { x: 0, y: 0, width: 1504, height: 100 };
    expect(boxZoom(wide, screen)).toBeCloseTo(0.5);
  });

  it('a choice off the screen is out of sight; centred on it, it is in sight', () => {
    const box = { x: 3000, y: 100, width: 160, height: 40 };
    const view = { x: 0, y: 0, k: 1 };
    expect(inSight(box, view, screen)).toBe(false);
    expect(inSight(box, centeredOn(box, 1, screen), screen)).toBe(true);
    // Touching the edge is not in sight: the margin keeps it clear of the border.
    expect(inSight({ x: 10, y: 100, width: 100, height: 40 }, view, screen)).toBe(false);
  });

  it('a machine is shown whole only when its text stays legible at that size', () => {
    expect(wholeIsLegible({ width: 900, height: 700 }, screen)).toBe(true);
    expect(wholeIsLegible({ width: 4000, height: 3000 }, screen)).toBe(false);
  });

  it('a glide starts where the view is and ends where it was sent', () => {
    const from = { x: 0, y: 0, k: 1 };
    const to = { x: 100, y: -50, k: 2 };
    expect(eased(from, to, 0)).toEqual(from);
    expect(eased(from, to, 1)).toEqual(to);
    expect(eased(from, to, 0.5).x).toBeGreaterThan(50);
  });
});
