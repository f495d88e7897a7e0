/**
 * Panning and zooming the machine diagram: drag to pan (a drag is not a click), the wheel zooms
 * around the pointer, and the toolbar's and the game's moves of the view glide there.
 */
import type { Box } from './layout.ts';
import { boxZoom, centeredOn, eased, fitted, inSight, wholeIsLegible, zoomedBy, type Size, type View } from './viewport.ts';

/** How long a glide to a new view takes, in milliseconds. */
const glide = 260;

export class PanZoom {
  view = $state<View>({ x: 0, y: 0, k: 1 });
  /** The viewport's size on the screen (0 before it is drawn). */
  width = $state(0);
  height = $state(0);
  dragging = $state(false);
  private drag: { x: number; y: number; vx: number; vy: number; moved: boolean; id: number } | null = null;
  private suppressClick = false;
  private animation = 0;

  private get size(): Size { return { width: this.width, height: this.height }; }

  animateTo(target: View): void {
    cancelAnimationFrame(this.animation);
    const from = { ...this.view };
    const started = performance.now();
    const step = (time: number) => {
      const t = Math.min(1, (time - started) / glide);
      this.view = eased(from, target, t);
      if (t < 1) this.animation = requestAnimationFrame(step);
    };
    this.animation = requestAnimationFrame(step);
  }

  fit(machine: Size | null, mode: 'all' | 'width'): void {
    if (!machine || this.width === 0) return;
    this.animateTo(fitted(machine, this.size, mode));
  }

  /** The first view: the whole machine if it is legible at this size, else the state the game is in. */
  showFirst(machine: Size | null, current: Box | undefined): void {
    if (!machine || this.width === 0) return;
    const legible = wholeIsLegible(machine, this.size);
    if (legible || !current) { this.fit(machine, legible ? 'all' : 'width'); return; }
    this.view = centeredOn(current, boxZoom(current, this.size), this.size);
  }

  /** Shows one box as large as fits (up to actual size). */
  goTo(box: Box | undefined): void {
    if (!box || this.width === 0) return;
    this.animateTo(centeredOn(box, boxZoom(box, this.size), this.size));
  }

  /** Brings `box` into view if it is out of sight, at no less than a readable zoom. */
  keepInSight(box: Box | undefined): void {
    if (!box || this.width === 0) return;
    if (!inSight(box, this.view, this.size)) this.animateTo(centeredOn(box, Math.max(this.view.k, 0.6), this.size));
  }

  zoomBy(factor: number, cx = this.width / 2, cy = this.height / 2): void {
    this.view = zoomedBy(this.view, factor, cx, cy);
  }

  pointerDown = (event: PointerEvent): void => {
    if (event.button !== 0) return;
    this.drag = { x: event.clientX, y: event.clientY, vx: this.view.x, vy: this.view.y, moved: false, id: event.pointerId };
  };

  pointerMove = (event: PointerEvent): void => {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    if (!drag.moved) { drag.moved = this.dragging = true; (event.currentTarget as Element).setPointerCapture(event.pointerId); cancelAnimationFrame(this.animation); }
    this.view = { ...this.view, x: drag.vx + dx, y: drag.vy + dy };
  };

  pointerUp = (): void => {
    this.suppressClick = this.drag?.moved ?? false;
    this.drag = null;
    this.dragging = false;
  };

  /** A click that is not the end of a drag. */
  clicked(): boolean {
    if (this.suppressClick) { this.suppressClick = false; return false; }
    return true;
  }

  /** Zooms with the wheel over `element` around the pointer; returns how to stop. */
  wheelOn(element: HTMLElement): () => void {
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      this.zoomBy(Math.exp(-delta * 0.0015), event.clientX - rect.left, event.clientY - rect.top);
    };
    element.addEventListener('wheel', wheel, { passive: false });
    return () => element.removeEventListener('wheel', wheel);
  }
}
