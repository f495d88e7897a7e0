/**
 * A game's maps as the playtest pane draws them: territories where the layout puts them, in their
 * region's colour, filled with their owner's seat colour, with the tokens on them; borders as
 * lines. When the choice in front of the viewer is a territory, those territories are the ones a
 * click plays — the same moves as the choice buttons. Like the other view models this only reads the
 * engine's view: what a viewer may not see never reaches the map.
 */
import type { GameDefinition, LegalMove, PlayerView } from '../../../interpreter/index.ts';
import { zoneIndex } from '../../../interpreter/index.ts';
import { mapLayout, wrapName, type MapGraph, type MapLayout, type Point } from './map-layout.ts';
import type { ChoicePanel } from './choices-view-model.ts';
import { seatColour, type Colour } from './colours.ts';
import { hueFor } from './symbols.ts';
import { formatValue } from './table-view-model.ts';

/** What a map is, apart from any game played on it: its territories, regions and layout. */
export interface MapShape {
  name: string;
  /** Zone indices, in the order the map declares them (the layout's node order). */
  zones: number[];
  graph: MapGraph;
  layout: MapLayout;
  regions: RegionStyle[];
}

export interface RegionStyle {
  /** Index into `GameDefinition.regions`. */
  index: number;
  name: string;
  hue: number;
  /** The region's properties as the rules write them ("bonus 2"). */
  detail: string;
}

/** Every map of the game with its layout; a layout is computed once per map shape (see `mapLayout`). */
export function mapShapes(definition: GameDefinition): MapShape[] {
  return definition.maps.map((map) => {
    const zones = map.territories.map(zoneIndex);
    const graph = mapGraph(definition, zones);
    const regionIndices = [...new Set(zones.map((z) => definition.zones[z].region).filter((r): r is number => r !== null))].sort((a, b) => a - b);
    const regions = regionIndices.map((index, i) => {
      const region = definition.regions[index];
      const detail = region.properties.flatMap((value, p) => (value === null ? [] : [`${definition.regionProperties[p]} ${formatValue(value)}`])).join(', ');
      return { index, name: region.name, hue: hueFor(i), detail };
    });
    return { name: map.name, zones, graph, layout: mapLayout(graph), regions };
  });
}

/** The layout's input: territories with their region, borders within this map, and declared `x`/`y` if any. */
export function mapGraph(definition: GameDefinition, zones: number[]): MapGraph {
  const x = definition.zoneProperties.indexOf('x'), y = definition.zoneProperties.indexOf('y');
  const node = new Map(zones.map((zone, i) => [zone, i]));
  const edges: [number, number][] = [];
  zones.forEach((zone, i) => {
    for (const neighbour of definition.zones[zone].neighbours) {
      const j = node.get(zoneIndex(neighbour));
      if (j !== undefined && j > i) edges.push([i, j]);
    }
  });
  return {
    nodes: zones.map((zone) => {
      const { name, region, properties } = definition.zones[zone];
      const px = x >= 0 ? properties[x] : null, py = y >= 0 ? properties[y] : null;
      return { name, region, declared: typeof px === 'number' && typeof py === 'number' ? { x: px, y: py } : null };
    }),
    edges,
  };
}

// ---------------------------------------------------------------------------------------------
// The map during a game

export interface MapOwner { name: string; seat: number; colour: Colour }

export interface MapNode {
  /** Index into `PlayerView.zones`. */
  zone: number;
  name: string;
  at: Point;
  /** The name in one or two lines, to fit under the node. */
  lines: string[];
  region: RegionStyle | null;
  owner: MapOwner | null;
  /** Every token on the territory, whatever its kind (a map game has armies). */
  armies: number;
  /** The tokens, kind by kind, the variables and properties: for the tooltip. */
  detail: string;
  /** The move a click plays, when this territory is one of the pending choices. */
  move: LegalMove | null;
  /** Already picked, in a choice of several territories. */
  picked: boolean;
}

export interface MapEdge { from: Point; to: Point; /** A border between two regions. */ crossRegion: boolean }

export interface MapHull { region: RegionStyle; points: Point[] }

export interface OwnerRow extends MapOwner { territories: number; armies: number; isViewer: boolean }

export interface MapPrompt {
  heading: string;
  prompt: string;
  /** How to answer here: on the map or with the buttons. */
  hint: string;
}

export interface MapBoard {
  name: string;
  width: number;
  height: number;
  nodes: MapNode[];
  edges: MapEdge[];
  hulls: MapHull[];
  regions: (RegionStyle & { territories: number; holder: string | null })[];
  owners: OwnerRow[];
  prompt: MapPrompt | null;
  /** Some territories can be clicked: the others are dimmed. */
  selecting: boolean;
}

/** One map as this viewer sees it now, with the territories the pending choice offers them. */
export function mapBoard(shape: MapShape, view: PlayerView, choice: ChoicePanel): MapBoard {
  const seats = new Map(view.players.map((p) => [p.name, p.seat]));
  const selectable = territoryMoves(view, choice);
  const regionOf = new Map(shape.regions.map((r) => [r.index, r]));
  const nodes = shape.zones.map((zone, i): MapNode => {
    const place = view.zones[zone];
    const ownerName = place.variables.find((v) => v.name === 'owner')?.value;
    const seat = typeof ownerName === 'string' ? seats.get(ownerName) : undefined;
    const offered = selectable.get(place.name);
    const region = shape.graph.nodes[i].region;
    return {
      zone, name: place.name, at: shape.layout.positions[i], lines: wrapName(place.name),
      region: region === null ? null : regionOf.get(region) ?? null,
      owner: seat === undefined ? null : { name: ownerName as string, seat, colour: seatColour(seat) },
      armies: place.tokens.reduce((sum, t) => sum + t.count, 0),
      detail: nodeDetail(place, region === null ? null : regionOf.get(region)?.name ?? null),
      move: offered?.move ?? null,
      picked: offered?.picked ?? false,
    };
  });
  const edges = shape.graph.edges.map(([a, b]) => {
    const ra = shape.graph.nodes[a].region, rb = shape.graph.nodes[b].region;
    return { from: nodes[a].at, to: nodes[b].at, crossRegion: ra !== rb };
  });
  const hulls = shape.regions.map((region) => ({ region, points: shape.layout.hulls[region.index] ?? [] }));
  const regions = shape.regions.map((region) => {
    const inside = nodes.filter((n) => n.region?.index === region.index);
    const holders = new Set(inside.map((n) => n.owner?.name ?? null));
    const holder = holders.size === 1 ? [...holders][0] : null;
    return { ...region, territories: inside.length, holder };
  });
  const owners = view.players.map((player) => {
    const held = nodes.filter((n) => n.owner?.seat === player.seat);
    return {
      name: player.name, seat: player.seat, colour: seatColour(player.seat), isViewer: view.viewer === player.seat,
      territories: held.length, armies: held.reduce((sum, n) => sum + n.armies, 0),
    };
  });
  return {
    name: shape.name, width: shape.layout.width, height: shape.layout.height, nodes, edges, hulls, regions, owners,
    prompt: mapPrompt(choice, nodes.some((n) => n.move !== null)),
    selecting: nodes.some((n) => n.move !== null),
  };
}

/**
 * The territories a click may choose, by name: the moves of a value choice or of a selection
 * whose labels name territories (the engine labels a territory by its name). Option choices
 * ("attacca") stay buttons even if an option happened to share a territory's name.
 */
function territoryMoves(view: PlayerView, choice: ChoicePanel): Map<string, { move: LegalMove | null; picked: boolean }> {
  const offered = new Map<string, { move: LegalMove | null; picked: boolean }>();
  const kind = view.pending?.kind;
  if (choice.kind === 'choose' && kind === 'value') {
    for (const button of choice.moves) offered.set(button.label, { move: button.move, picked: false });
  } else if (choice.kind === 'pick' && kind === 'pick') {
    for (const toggle of choice.picks) offered.set(toggle.label, { move: toggle.move, picked: toggle.picked });
  }
  return offered;
}

function mapPrompt(choice: ChoicePanel, onMap: boolean): MapPrompt | null {
  if (choice.kind === 'waiting') return { heading: `Waiting for ${choice.chooser}`, prompt: choice.prompt, hint: '' };
  if (choice.kind !== 'choose' && choice.kind !== 'pick') return null;
  const hint = !onMap ? 'choose with the buttons above'
    : choice.kind === 'pick' ? 'click the highlighted territories, then Confirm' : 'click a highlighted territory';
  return { heading: choice.heading, prompt: choice.prompt, hint };
}

function nodeDetail(place: PlayerView['zones'][number], region: string | null): string {
  const tokens = place.tokens.filter((t) => t.count > 0).map((t) => `${t.count} ${t.token}`);
  return [
    region ? `${place.name} (${region})` : place.name,
    ...place.variables.map((v) => `${v.name} ${formatValue(v.value)}`),
    tokens.length ? tokens.join(', ') : 'no tokens',
    ...place.properties.map((p) => `${p.name} ${formatValue(p.value)}`),
  ].join('\n');
}
