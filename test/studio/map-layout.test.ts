/**
 * The map's layout (studio/src/playtest/map-layout.ts) on real maps: the Isole example (7
 * territories, 2 regions) and the 42-territory world of Risk (test/studio/fixtures/mondo.rules,
 * 6 continents, 83 borders). What a player notices: the same map always looks the same, no
 * territory or name sits on another, a continent's territories are drawn together, and a map
 * that declares where its territories are is drawn that way.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, type GameDefinition } from '../../interpreter/index.ts';
import { zoneIndex } from '../../interpreter/program/program.ts';
import {
  centroid, computeLayout, distance, labelLine, mapLayout, minDistance, nodeRadius, wrapName, type MapGraph, type MapLayout, type Point,
} from '../../studio/src/playtest/map-layout.ts';
import { mapGraph } from '../../studio/src/playtest/map-view-model.ts';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

function graphOf(text: string, map = 0): MapGraph {
  const definition = compile(text);
  return mapGraph(definition, definition.maps[map].territories.map(zoneIndex));
}

const isoleText = read('../../rules/examples/isole.rules');
const mondoText = read('./fixtures/mondo.rules');
const isole = graphOf(isoleText);
const mondo = graphOf(mondoText);

/** Where a territory's name is written: centred under its node, about 6 px a letter. */
function nameBox(at: Point, name: string) {
  const lines = wrapName(name);
  const half = (Math.max(...lines.map((l) => l.length)) * 5.5) / 2;
  const top = at.y + nodeRadius + 2;
  return { left: at.x - half, right: at.x + half, top, bottom: top + lines.length * labelLine };
}

function overlapping(a: ReturnType<typeof nameBox>, b: ReturnType<typeof nameBox>): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function regionCentroids(graph: MapGraph, layout: MapLayout): Map<number, Point> {
  const regions = [...new Set(graph.nodes.map((n) => n.region).filter((r): r is number => r !== null))];
  return new Map(regions.map((r) => [r, centroid(layout.positions.filter((_, i) => graph.nodes[i].region === r))]));
}

describe.each([
  ['the Isole example', isole, 7, 8],
  ['the world of Risk', mondo, 42, 83],
])('the layout of %s', (_, graph, territories, borders) => {
  const layout = computeLayout(graph);

  it('has every territory and border of the map', () => {
    expect(graph.nodes).toHaveLength(territories);
    expect(graph.edges).toHaveLength(borders);
    expect(layout.positions).toHaveLength(territories);
  });

  it('is the same picture every time', () => {
    expect(computeLayout(structuredClone(graph))).toEqual(layout);
  });

  it('keeps every territory at least the minimum distance from every other, and no name on another name', () => {
    for (let i = 0; i < territories; i++) {
      for (let j = i + 1; j < territories; j++) {
        const a = layout.positions[i], b = layout.positions[j];
        expect(distance(a, b), `${graph.nodes[i].name} and ${graph.nodes[j].name}`).toBeGreaterThanOrEqual(minDistance - 0.5);
        expect(overlapping(nameBox(a, graph.nodes[i].name), nameBox(b, graph.nodes[j].name)), `${graph.nodes[i].name} and ${graph.nodes[j].name}`).toBe(false);
      }
    }
  });

  it('draws every territory and its name inside the frame', () => {
    graph.nodes.forEach((node, i) => {
      const at = layout.positions[i], box = nameBox(at, node.name);
      expect(at.x - nodeRadius).toBeGreaterThanOrEqual(0);
      expect(at.y - nodeRadius).toBeGreaterThanOrEqual(0);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(layout.width);
      expect(box.bottom).toBeLessThanOrEqual(layout.height);
    });
  });

  it('draws a region\'s territories together: on average nearer their own region\'s centre than any other, and nearly each one too', () => {
    const centres = regionCentroids(graph, layout);
    const mean = (list: number[]) => list.reduce((s, v) => s + v, 0) / list.length;
    for (const [region, centre] of centres) {
      const members = layout.positions.filter((_, i) => graph.nodes[i].region === region);
      const own = mean(members.map((p) => distance(p, centre)));
      for (const [other, elsewhere] of centres) {
        if (other !== region) expect(own).toBeLessThan(mean(members.map((p) => distance(p, elsewhere))));
      }
    }
    // A territory on a region's edge may lie nearer the next region (the Middle East, by Europe).
    const strays = graph.nodes.filter((node, i) => {
      const own = distance(layout.positions[i], centres.get(node.region!)!);
      return [...centres].some(([region, centre]) => region !== node.region && distance(layout.positions[i], centre) < own);
    });
    expect(strays.length).toBeLessThanOrEqual(Math.floor(territories / 20));
  });

  it('draws borders inside a region shorter than borders between regions, on average', () => {
    const lengths = (cross: boolean) => graph.edges
      .filter(([a, b]) => (graph.nodes[a].region !== graph.nodes[b].region) === cross)
      .map(([a, b]) => distance(layout.positions[a], layout.positions[b]));
    const mean = (list: number[]) => list.reduce((s, v) => s + v, 0) / list.length;
    expect(mean(lengths(false))).toBeLessThan(mean(lengths(true)));
  });

  it('is wider than tall, as a pane beside the editor is', () => {
    expect(layout.width).toBeGreaterThan(layout.height);
  });
});

describe('the layout of the world of Risk', () => {
  it('keeps borders short: no border is longer than a third of the map\'s width', () => {
    const layout = computeLayout(mondo);
    // Alaska–Kamchatka wraps round the world on the board; drawn flat, it still joins neighbours.
    for (const [a, b] of mondo.edges) {
      expect(distance(layout.positions[a], layout.positions[b]), `${mondo.nodes[a].name}–${mondo.nodes[b].name}`).toBeLessThan(layout.width / 3);
    }
  });
});

describe('computing a layout once', () => {
  it('gives the same layout, not a new one, for the same map compiled again (an edit elsewhere in the rules)', () => {
    const first = mapLayout(graphOf(isoleText));
    const edited = isoleText.replace('option giri = 15', 'option giri = 20');
    expect(mapLayout(graphOf(edited))).toBe(first);
  });

  it('lays the map out again when a border changes', () => {
    const first = mapLayout(graphOf(isoleText));
    const edited = isoleText.replace('border Gamma - Delta', 'border Gamma - Delta, Eta');
    const second = mapLayout(graphOf(edited));
    expect(second).not.toBe(first);
    expect(second.positions).not.toEqual(first.positions);
  });
});

describe('maps that are small or odd', () => {
  it('puts a lone territory in the middle of a small frame', () => {
    const layout = computeLayout({ nodes: [{ name: 'Sola', region: null }], edges: [] });
    expect(layout.positions).toHaveLength(1);
    expect(layout.positions[0].x).toBeCloseTo(layout.width / 2, 0);
    expect(layout.width).toBeGreaterThan(2 * nodeRadius);
  });

  it('draws territories without borders, and parts of a map not joined to each other, apart and in the frame', () => {
    const graph: MapGraph = {
      nodes: ['A', 'B', 'C', 'D', 'E'].map((name, i) => ({ name, region: i < 3 ? 0 : 1 })),
      edges: [[0, 1], [1, 2], [3, 4]],
    };
    const layout = computeLayout(graph);
    for (const p of layout.positions) {
      expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
      expect(p.x).toBeGreaterThan(0);
      expect(p.y).toBeGreaterThan(0);
    }
    for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) expect(distance(layout.positions[i], layout.positions[j])).toBeGreaterThanOrEqual(minDistance - 0.5);
  });

  it('draws a map whose territories declare x and y where they say, scaled, y downwards', () => {
    const graph = graphOf(`
      game "Tre" { players 2 }
      map Piana with x = 0, y = 0 {
        region Valle { Monte { x 0 y 0 }, Lago { x 200 y 0 }, Bosco { x 100 y 150 } }
        border Monte - Lago, Bosco
      }
      turns { choose t from Piana by current prompt "Dove?" }
    `);
    const [monte, lago, bosco] = computeLayout(graph).positions;
    expect(monte.y).toBeCloseTo(lago.y, 0);
    expect(lago.x).toBeGreaterThan(monte.x);
    expect(bosco.y).toBeGreaterThan(monte.y);
    expect(bosco.x).toBeCloseTo((monte.x + lago.x) / 2, 0);
    expect((bosco.y - monte.y) / (lago.x - monte.x)).toBeCloseTo(150 / 200, 2);
  });
});

describe('names under the territories', () => {
  it('breaks a long name in two at the space nearest its middle, and leaves short names whole', () => {
    expect(wrapName('Eastern United States')).toEqual(['Eastern', 'United States']);
    expect(wrapName('Northwest Territory')).toEqual(['Northwest', 'Territory']);
    expect(wrapName('Beta Due')).toEqual(['Beta Due']);
    expect(wrapName('Madagascar')).toEqual(['Madagascar']);
  });
});
