/**
 * Lays the machine graph out with ELK (layered, hierarchical: the boxes of states and rules are
 * compound nodes laid out together with their contents). Pure TS over an ELK instance, so the
 * component loads elkjs lazily and the tests run the same layout in node.
 */
import type { ElkExtendedEdge, ElkLabel, ElkNode, LayoutOptions } from 'elkjs/lib/elk-api';
import type { DiagramEdge, DiagramNode, MachineGraph } from './graph.ts';

/** What layoutMachine needs of ELK (its `layout` method). */
export interface ElkLike { layout(graph: ElkNode): Promise<ElkNode> }

export interface Box { x: number; y: number; width: number; height: number }
export interface Point { x: number; y: number }
export interface PlacedNode extends DiagramNode, Box {}
export interface PlacedEdge extends DiagramEdge {
  /** The route, in diagram coordinates, from the source to the target. */
  points: Point[];
  labelBox: Box | null;
}
export interface MachineLayout { width: number; height: number; nodes: PlacedNode[]; edges: PlacedEdge[] }

/** Measures a line of text in one of the diagram's fonts. */
export type MeasureText = (text: string, font: keyof typeof fonts) => number;

/** The fonts the component draws with (the same names are used to measure). */
export const fonts = {
  title: '600 12px system-ui, -apple-system, "Segoe UI", sans-serif',
  box: '700 13px system-ui, -apple-system, "Segoe UI", sans-serif',
  line: '11px ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  label: '10.5px system-ui, -apple-system, "Segoe UI", sans-serif',
} as const;

/** A measure that needs no canvas: average glyph widths of the fonts above (tests, and a fallback). */
export const estimateText: MeasureText = (text, font) => {
  const perChar = font === 'line' ? 6.7 : font === 'box' ? 7.6 : font === 'title' ? 6.9 : 6.0;
  return Math.ceil(text.length * perChar);
};

export const metrics = {
  padX: 10,
  padY: 7,
  titleHeight: 16,
  lineHeight: 14,
  /** Room above a box's contents for its name. */
  header: 30,
  labelHeight: 14,
  initial: 14,
  final: 18,
};

/** Layered layout, shared by the top level and the inside of every box. */
const layered: LayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  // Back edges are the ones going up the source order (the next turn, a loop), not whatever breaks a cycle.
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.spacing.nodeNodeBetweenLayers': '26',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.spacing.nodeNode': '20',
  'elk.spacing.edgeNode': '12',
  'elk.spacing.edgeEdge': '8',
  'elk.spacing.edgeLabel': '2',
  'elk.edgeLabels.placement': 'CENTER',
  // Edges into one node share their last stretch (many branches end at a box's final node).
  'elk.layered.mergeEdges': 'true',
  // Branches left to right in the order they are written.
  'elk.layered.crossingMinimization.forceNodeModelOrder': 'true',
};

const greedy: LayoutOptions = { 'elk.layered.cycleBreaking.strategy': 'GREEDY' };

const rootOptions: LayoutOptions = {
  ...layered,
  // Each box is laid out on its own, then the boxes: no edge crosses a box's border.
  'elk.hierarchyHandling': 'SEPARATE_CHILDREN',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.spacing.nodeNode': '36',
  'elk.padding': '[top=16,left=16,bottom=16,right=16]',
  // Every coordinate of the answer in the root's frame: no adding up of parents' offsets.
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
};

/** The size a leaf node needs for its title and lines. */
export function nodeSize(node: DiagramNode, measure: MeasureText): { width: number; height: number } {
  if (node.kind === 'initial') return { width: metrics.initial, height: metrics.initial };
  if (node.kind === 'final') return { width: metrics.final, height: metrics.final };
  const font = node.kind === 'state' || node.kind === 'rule' ? 'box' : 'title';
  const widths = [measure(node.title, font), ...node.lines.map((line) => measure(line, 'line'))];
  const icon = node.kind === 'loop' || node.kind === 'call' ? 16 : 0;
  const width = Math.max(node.kind === 'state' ? 120 : 60, Math.max(...widths) + icon + 2 * metrics.padX);
  const height = 2 * metrics.padY + metrics.titleHeight + node.lines.length * metrics.lineHeight;
  return { width: Math.ceil(width), height: Math.ceil(height) };
}

/** The ELK graph of the diagram: compounds for the boxes, leaves with their measured sizes, labelled edges. */
export function toElk(graph: MachineGraph, measure: MeasureText = estimateText, tuning: { root?: LayoutOptions; box?: LayoutOptions } = {}): ElkNode {
  const root: ElkNode = { id: 'root', layoutOptions: { ...rootOptions, ...tuning.root }, children: [], edges: [] };
  const elkNodes = new Map<string, ElkNode>();
  const parents = new Set(graph.nodes.map((n) => n.parent).filter((p): p is string => p !== null));
  for (const node of graph.nodes) {
    const elk: ElkNode = { id: node.id };
    if (parents.has(node.id)) {
      elk.children = [];
      const minimum = measure(node.title, 'box') + 2 * metrics.padX + 96; // the name, and the tag on the right
      elk.layoutOptions = {
        ...layered,
        'elk.padding': `[top=${metrics.header},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${Math.ceil(minimum)}, 60)`,
        ...tuning.box,
      };
    } else {
      Object.assign(elk, nodeSize(node, measure));
    }
    elkNodes.set(node.id, elk);
    const parent = node.parent === null ? root : elkNodes.get(node.parent);
    (parent ?? root).children!.push(elk);
  }
  const parentOf = new Map(graph.nodes.map((n) => [n.id, n.parent]));
  for (const edge of graph.edges) {
    const labels: ElkLabel[] = edge.label ? [{ id: `${edge.id}/label`, text: edge.label, width: measure(edge.label, 'label') + 6, height: metrics.labelHeight }] : [];
    const elk: ElkExtendedEdge = { id: edge.id, sources: [edge.source], targets: [edge.target], labels };
    // An edge lives in the box that holds both its ends (each box is laid out on its own).
    const source = parentOf.get(edge.source) ?? null;
    const container = source !== null && source === parentOf.get(edge.target) ? elkNodes.get(source)! : root;
    (container.edges ??= []).push(elk);
  }
  return root;
}

/** Lays the graph out; every node gets a box and every edge a route, in one coordinate frame. */
export async function layoutMachine(graph: MachineGraph, elk: ElkLike, measure: MeasureText = estimateText, tuning: { root?: LayoutOptions; box?: LayoutOptions } = {}): Promise<MachineLayout> {
  let laid: ElkNode;
  try {
    laid = await elk.layout(toElk(graph, measure, tuning));
  } catch {
    // ELK's model-order cycle breaker fails on some graphs: the greedy one always answers.
    laid = await elk.layout(toElk(graph, measure, { root: { ...tuning.root, ...greedy }, box: { ...tuning.box, ...greedy } }));
  }
  const boxes = new Map<string, Box>();
  const visit = (node: ElkNode) => {
    for (const child of node.children ?? []) {
      boxes.set(child.id, { x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? 0, height: child.height ?? 0 });
      visit(child);
    }
  };
  visit(laid);
  const routes = new Map<string, { points: Point[]; labelBox: Box | null }>();
  const edges: ElkExtendedEdge[] = [];
  const gather = (node: ElkNode) => {
    edges.push(...((node.edges ?? []) as ElkExtendedEdge[]));
    for (const child of node.children ?? []) gather(child);
  };
  gather(laid);
  for (const edge of edges) {
    const points: Point[] = [];
    for (const section of edge.sections ?? []) {
      points.push(section.startPoint, ...(section.bendPoints ?? []), section.endPoint);
    }
    const label = edge.labels?.[0];
    routes.set(edge.id, {
      points,
      labelBox: label ? { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } : null,
    });
  }
  return {
    width: Math.ceil(laid.width ?? 0),
    height: Math.ceil(laid.height ?? 0),
    nodes: graph.nodes.map((node) => ({ ...node, ...(boxes.get(node.id) ?? { x: 0, y: 0, width: 0, height: 0 }) })),
    edges: graph.edges.map((edge) => ({ ...edge, ...(routes.get(edge.id) ?? { points: [], labelBox: null }) })),
  };
}

/** An SVG path along a route, its corners rounded by up to `radius`. */
export function edgePath(points: Point[], radius = 6): string {
  if (points.length === 0) return '';
  const round = (n: number) => Math.round(n * 10) / 10;
  let path = `M${round(points[0].x)},${round(points[0].y)}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [before, corner, after] = [points[i - 1], points[i], points[i + 1]];
    const into = Math.hypot(corner.x - before.x, corner.y - before.y);
    const out = Math.hypot(after.x - corner.x, after.y - corner.y);
    const r = Math.min(radius, into / 2, out / 2);
    if (r < 0.5) { path += ` L${round(corner.x)},${round(corner.y)}`; continue; }
    const start = { x: corner.x - ((corner.x - before.x) / into) * r, y: corner.y - ((corner.y - before.y) / into) * r };
    const end = { x: corner.x + ((after.x - corner.x) / out) * r, y: corner.y + ((after.y - corner.y) / out) * r };
    path += ` L${round(start.x)},${round(start.y)} Q${round(corner.x)},${round(corner.y)} ${round(end.x)},${round(end.y)}`;
  }
  const last = points[points.length - 1];
  return `${path} L${round(last.x)},${round(last.y)}`;
}
