/**
 * The machine diagram's view of its layout: a pan (`x`, `y`, in screen pixels) and a zoom (`k`),
 * and the views the toolbar, the "Go to" list and following the game ask for. Plain numbers in and
 * out, so they are tested without a browser.
 */
import type { Box } from './layout.ts';

/** A layout point (px, py) is drawn at (x + px·k, y + py·k) on the screen. */
export interface View { x: number; y: number; k: number }
export interface Size { width: number; height: number }

/** From a twentieth of actual size (a whole large machine) to two and a half times it. */
export function clampZoom(k: number): number { return Math.min(2.5, Math.max(0.05, k)); }

/** The view at zoom `k` with `box` in the middle of a viewport of `size`. */
export function centeredOn(box: Box, k: number, size: Size): View {
  return { k, x: size.width / 2 - (box.x + box.width / 2) * k, y: size.height / 2 - (box.y + box.height / 2) * k };
}

/** The whole machine (`all`), or its width from the top (`width`), in the viewport with a small margin. */
export function fitted(machine: Size, size: Size, mode: 'all' | 'width'): View {
  const margin = 12;
  const kx = (size.width - 2 * margin) / machine.width;
  const k = clampZoom(mode === 'width' ? kx : Math.min(kx, (size.height - 2 * margin) / machine.height));
  return { k, x: (size.width - machine.width * k) / 2, y: mode === 'width' ? margin : (size.height - machine.height * k) / 2 };
}

/** The zoom that shows one box as large as fits, up to actual size. */
export function boxZoom(box: Box, size: Size): number {
  return clampZoom(Math.min(1, (size.width - 48) / box.width, (size.height - 48) / box.height));
}

/** Zoomed by `factor` around the screen point (cx, cy), which stays where it is. */
export function zoomedBy(view: View, factor: number, cx: number, cy: number): View {
  const k = clampZoom(view.k * factor);
  return { k, x: cx - ((cx - view.x) * k) / view.k, y: cy - ((cy - view.y) * k) / view.k };
}

/** The whole machine can be read at this viewport's size (its text not too small). */
export function wholeIsLegible(machine: Size, size: Size): boolean {
  return Math.min((size.width - 24) / machine.width, (size.height - 24) / machine.height) >= 0.55;
}

/** `box` is on the screen, at least `margin` pixels inside each edge. */
export function inSight(box: Box, view: View, size: Size, margin = 24): boolean {
  const screen = { x: view.x + box.x * view.k, y: view.y + box.y * view.k, width: box.width * view.k, height: box.height * view.k };
  return screen.x >= margin && screen.y >= margin && screen.x + screen.width <= size.width - margin && screen.y + screen.height <= size.height - margin;
}

/** The view a fraction `t` (0 to 1) of the way from `from` to `to`, fast at first and slowing down. */
export function eased(from: View, to: View, t: number): View {
  const ease = 1 - (1 - t) ** 3;
  return { x: from.x + (to.x - from.x) * ease, y: from.y + (to.y - from.y) * ease, k: from.k + (to.k - from.k) * ease };
}
