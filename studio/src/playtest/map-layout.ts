/**
 * Where each territory of a map is drawn: a deterministic stress layout of the border graph, in
 * plain TypeScript. Borders inside a region count as shorter than borders between regions, so a
 * region's territories stay together and regions sit apart. The same graph always gives the same
 * picture, and a layout is computed once per map shape (`mapLayout` keeps them), not once a move.
 */

export interface Point { x: number; y: number }

/** A map as the layout sees it: territories (a region index or null) and borders between them. */
export interface MapGraph {
  nodes: { name: string; region: number | null; declared?: Point | null }[];
  /** Pairs of node indices. */
  edges: [number, number][];
}

export interface MapLayout {
  /** One position per node, inside `width` × `height` (with room for the names and the regions' tints). */
  positions: Point[];
  width: number;
  height: number;
  /** The convex hull of each region's territories, by region index (an empty list for a region not on the map). */
  hulls: Point[][];
}

/** Distances in the drawing's units: a border is about `edgeLength` long, no two territories nearer than `minDistance`. */
export const edgeLength = 72;
export const minDistance = 56;
/** A border between two regions counts this many borders inside one when the layout measures distance. */
const crossRegionWeight = 1.6;

const cache = new Map<string, MapLayout>();
const cacheLimit = 24;

/** The layout of this graph, computed once: an edit that leaves the map as it was reuses it. */
export function mapLayout(graph: MapGraph): MapLayout {
  const key = JSON.stringify(graph);
  const known = cache.get(key);
  if (known) return known;
  const layout = computeLayout(graph);
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string);
  cache.set(key, layout);
  return layout;
}

/**
 * Positions for every node: the declared ones when every territory has them (`x`, `y`
 * properties, y downwards as on a picture), else a stress layout. Both are scaled so a typical
 * border is `edgeLength` long.
 */
export function computeLayout(graph: MapGraph): MapLayout {
  const n = graph.nodes.length;
  if (n === 0) return { positions: [], width: 0, height: 0, hulls: [] };
  const declared = graph.nodes.every((node) => node.declared) ? graph.nodes.map((node) => ({ ...node.declared! })) : null;
  let positions = declared ?? (n === 1 ? [{ x: 0, y: 0 }] : stressLayout(graph));
  positions = scaleToEdgeLength(positions, graph.edges);
  if (!declared) positions = separate(positions, graph.nodes.map((node) => node.name));
  return framed(positions, graph);
}

// ---------------------------------------------------------------------------------------------
// Stress majorization (Gansner, Koren & North 2004), started from classical scaling

function stressLayout(graph: MapGraph): Point[] {
  const distances = graphDistances(graph);
  const positions = classicalScaling(distances);
  majorize(positions, distances, 400);
  return canonicalOrientation(positions);
}

/**
 * Shortest paths over the borders, a border between regions weighing more. Territories in
 * different parts of an unconnected map are put a little further apart than the farthest pair.
 */
function graphDistances(graph: MapGraph): number[][] {
  const n = graph.nodes.length;
  const distances = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : Infinity)));
  for (const [a, b] of graph.edges) {
    if (a === b) continue;
    const sameRegion = graph.nodes[a].region !== null && graph.nodes[a].region === graph.nodes[b].region;
    const weight = sameRegion ? 1 : crossRegionWeight;
    distances[a][b] = Math.min(distances[a][b], weight);
    distances[b][a] = distances[a][b];
  }
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const through = distances[i][k] + distances[k][j];
        if (through < distances[i][j]) distances[i][j] = through;
      }
    }
  }
  const farthest = Math.max(1, ...distances.flat().filter(Number.isFinite));
  return distances.map((row) => row.map((d) => (Number.isFinite(d) ? d : farthest + 1)));
}

/** The two main axes of the squared distances (power iteration): a good, deterministic start. */
function classicalScaling(distances: number[][]): Point[] {
  const n = distances.length;
  const squared = distances.map((row) => row.map((d) => d * d));
  const rowMeans = squared.map((row) => row.reduce((s, v) => s + v, 0) / n);
  const mean = rowMeans.reduce((s, v) => s + v, 0) / n;
  const centred = squared.map((row, i) => row.map((v, j) => -0.5 * (v - rowMeans[i] - rowMeans[j] + mean)));
  const axes: number[][] = [];
  for (let axis = 0; axis < 2; axis++) {
    let vector = Array.from({ length: n }, (_, i) => Math.sin(i + 1 + axis * 7));
    let value = 0;
    for (let step = 0; step < 200; step++) {
      for (const previous of axes) vector = orthogonalTo(vector, previous);
      const next = centred.map((row) => row.reduce((s, v, j) => s + v * vector[j], 0));
      value = Math.hypot(...next);
      if (value < 1e-9) break;
      vector = next.map((v) => v / value);
    }
    axes.push(vector.map((v) => v * Math.sqrt(Math.max(value, 0))));
  }
  // A graph with no second dimension (a path) still gets a little room to bend.
  return axes[0].map((x, i) => ({ x, y: Math.abs(axes[1][i]) > 1e-6 ? axes[1][i] : 0.01 * Math.sin(i * 2.1) }));
}

function orthogonalTo(vector: number[], unit: number[]): number[] {
  const length = Math.hypot(...unit) || 1;
  const dot = vector.reduce((s, v, i) => s + (v * unit[i]) / length, 0);
  return vector.map((v, i) => v - (dot * unit[i]) / length);
}

/** Moves each node in turn to where it best fits its distances to all the others (weights 1/d²). */
function majorize(positions: Point[], distances: number[][], iterations: number): void {
  const n = positions.length;
  for (let iteration = 0; iteration < iterations; iteration++) {
    let moved = 0;
    for (let i = 0; i < n; i++) {
      let x = 0, y = 0, total = 0;
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const d = distances[i][j];
        const weight = 1 / (d * d);
        const dx = positions[i].x - positions[j].x, dy = positions[i].y - positions[j].y;
        const length = Math.hypot(dx, dy) || 1e-6;
        x += weight * (positions[j].x + (d * dx) / length);
        y += weight * (positions[j].y + (d * dy) / length);
        total += weight;
      }
      moved = Math.max(moved, Math.hypot(x / total - positions[i].x, y / total - positions[i].y));
      positions[i] = { x: x / total, y: y / total };
    }
    if (moved < 1e-4) break;
  }
}

/** The longest axis horizontal (maps are drawn in wide panes), the first territory to the upper left. */
function canonicalOrientation(positions: Point[]): Point[] {
  const centre = centroid(positions);
  let xx = 0, xy = 0, yy = 0;
  for (const p of positions) {
    const dx = p.x - centre.x, dy = p.y - centre.y;
    xx += dx * dx; xy += dx * dy; yy += dy * dy;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const cos = Math.cos(-angle), sin = Math.sin(-angle);
  const turned = positions.map((p) => {
    const dx = p.x - centre.x, dy = p.y - centre.y;
    return { x: dx * cos - dy * sin, y: dx * sin + dy * cos };
  });
  const flipX = turned[0].x > 1e-9 ? -1 : 1;
  const flipY = turned[0].y > 1e-9 ? -1 : 1;
  return turned.map((p) => ({ x: p.x * flipX, y: p.y * flipY }));
}

// ---------------------------------------------------------------------------------------------
// Scale, spacing and frame

/** Scales so the median border is `edgeLength` (without borders, so the median nearest neighbour is). */
function scaleToEdgeLength(positions: Point[], edges: [number, number][]): Point[] {
  const lengths = edges.length
    ? edges.map(([a, b]) => distance(positions[a], positions[b]))
    : positions.map((p, i) => Math.min(...positions.filter((_, j) => j !== i).map((q) => distance(p, q))));
  const typical = median(lengths.filter((d) => d > 1e-9 && Number.isFinite(d)));
  const factor = typical ? edgeLength / typical : 1;
  return positions.map((p) => ({ x: p.x * factor, y: p.y * factor }));
}

/** How much room a territory takes: its node, with its name (one or two lines) below. */
interface Footprint { left: number; right: number; top: number; bottom: number }

/** The drawing's sizes, shared with the component that draws it. */
export const nodeRadius = 16;
export const labelLine = 12;
/** How far a region's tint reaches around its territories. */
export const regionPadding = 26;
const characterWidth = 6.2;
const padding = 6;

function footprint(name: string): Footprint {
  const lines = wrapName(name);
  const half = Math.max(nodeRadius + padding, (Math.max(...lines.map((l) => l.length)) * characterWidth) / 2 + padding, minDistance / 2);
  return { left: -half, right: half, top: -nodeRadius - padding, bottom: Math.max(nodeRadius + 4 + lines.length * labelLine + padding, minDistance - nodeRadius - padding) };
}

/**
 * Pushes apart territories whose footprints overlap, a little at a time along the line between
 * them (so the shape of the map is kept), until none do: names stay readable and no node sits on another.
 */
function separate(positions: Point[], names: string[]): Point[] {
  const moved = positions.map((p) => ({ ...p }));
  const boxes = names.map(footprint);
  for (let round = 0; round < 300; round++) {
    let overlapping = false;
    for (let i = 0; i < moved.length; i++) {
      for (let j = i + 1; j < moved.length; j++) {
        const a = moved[i], b = moved[j], boxA = boxes[i], boxB = boxes[j];
        const overlapX = Math.min(a.x + boxA.right, b.x + boxB.right) - Math.max(a.x + boxA.left, b.x + boxB.left);
        const overlapY = Math.min(a.y + boxA.bottom, b.y + boxB.bottom) - Math.max(a.y + boxA.top, b.y + boxB.top);
        if (overlapX <= 0 || overlapY <= 0) continue;
        overlapping = true;
        let dx = b.x - a.x, dy = b.y - a.y;
        let length = Math.hypot(dx, dy);
        if (length < 1e-6) { dx = Math.cos(i + j); dy = Math.sin(i + j); length = 1; }
        const push = Math.min(overlapX, overlapY) / 2 + 0.5;
        a.x -= (dx / length) * push; a.y -= (dy / length) * push;
        b.x += (dx / length) * push; b.y += (dy / length) * push;
      }
    }
    if (!overlapping) break;
  }
  return moved;
}

/** A long name breaks at the space nearest its middle ("Eastern United States": "Eastern" / "United States"). */
export function wrapName(name: string, width = 12): string[] {
  if (name.length <= width || !name.includes(' ')) return [name];
  let best = -1;
  for (let i = 0; i < name.length; i++) {
    if (name[i] === ' ' && (best < 0 || Math.abs(i - name.length / 2) < Math.abs(best - name.length / 2))) best = i;
  }
  return [name.slice(0, best), name.slice(best + 1)];
}

/** Moves the drawing into view: every name and every region's tint inside the frame, with a little air. */
function framed(positions: Point[], graph: MapGraph): MapLayout {
  const boxes = graph.nodes.map((node) => footprint(node.name));
  const reach = (pick: (p: Point, box: Footprint) => number) => positions.map((p, i) => pick(p, boxes[i]));
  const left = Math.min(...reach((p, box) => p.x + Math.min(box.left, -regionPadding))) - padding;
  const top = Math.min(...reach((p, box) => p.y + Math.min(box.top, -regionPadding))) - padding;
  const right = Math.max(...reach((p, box) => p.x + Math.max(box.right, regionPadding))) + padding;
  const bottom = Math.max(...reach((p, box) => p.y + Math.max(box.bottom, regionPadding))) + padding;
  const placed = positions.map((p) => ({ x: round(p.x - left), y: round(p.y - top) }));
  const regions = Math.max(-1, ...graph.nodes.map((node) => node.region ?? -1)) + 1;
  const hulls = Array.from({ length: regions }, (_, r) => convexHull(placed.filter((_, i) => graph.nodes[i].region === r)));
  return { positions: placed, width: round(right - left), height: round(bottom - top), hulls };
}

/** Andrew's monotone chain; one or two points are their own hull. */
export function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length <= 2) return sorted;
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const half = (list: Point[]) => {
    const chain: Point[] = [];
    for (const p of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2], chain[chain.length - 1], p) <= 0) chain.pop();
      chain.push(p);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

export function distance(a: Point, b: Point): number { return Math.hypot(a.x - b.x, a.y - b.y); }

export function centroid(points: Point[]): Point {
  return { x: points.reduce((s, p) => s + p.x, 0) / points.length, y: points.reduce((s, p) => s + p.y, 0) / points.length };
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function round(value: number): number { return Math.round(value * 10) / 10; }
