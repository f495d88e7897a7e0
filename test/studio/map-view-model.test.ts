/**
 * The map panel's view model (studio/src/playtest/map-view-model.ts) on games compiled from
 * rules/examples/isole.rules and the 42-territory world fixture: each territory in its region's
 * colour, filled with its owner's seat colour and showing its armies, and the territories the
 * pending choice offers — clicked, they play the same move as the choice's button.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, type GameDefinition, type Match } from '../../interpreter/index.ts';
import type { PlaytestSettings } from '../../studio/src/lib/playtest.ts';
import { playOn, playUntil as playUntilPrompt, startMatch } from '../support/studio-match.ts';
import { mapBoard, mapShapes, type MapBoard } from '../../studio/src/playtest/map-view-model.ts';
import { autoPlay, choicePanel, seatColour, symbolPalette, type ChoicePanel } from '../../studio/src/playtest/view-model.ts';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

const isole = compile(read('../../rules/examples/isole.rules'));
const mondo = compile(read('./fixtures/mondo.rules'));

const start = (definition: GameDefinition, settings: PlaytestSettings) => startMatch(definition, settings);
const play = playOn;
const playUntil = (match: Match, prompt: string, bot = { state: 42 }) => playUntilPrompt(match, prompt, bot, 2000);

function panelFor(match: Match, viewer: number | 'referee'): ChoicePanel {
  return choicePanel(match.view(viewer), match, symbolPalette(match.definition));
}

function boardFor(match: Match, viewer: number | 'referee' = 'referee'): MapBoard {
  return mapBoard(mapShapes(match.definition)[0], match.view(viewer), panelFor(match, viewer));
}

const node = (board: MapBoard, name: string) => board.nodes.find((n) => n.name === name)!;
const selectable = (board: MapBoard) => board.nodes.filter((n) => n.move).map((n) => n.name);

describe('the maps of a game', () => {
  it('finds the Isole map with its 7 islands, 8 borders and 2 archipelagos, each with its own colour and bonus', () => {
    const [shape, ...more] = mapShapes(isole);
    expect(more).toEqual([]);
    expect(shape.name).toBe('Arcipelago');
    expect(shape.graph.nodes.map((n) => n.name)).toEqual(['Alfa', 'Beta Due', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta']);
    expect(shape.graph.edges).toHaveLength(8);
    expect(shape.regions.map((r) => `${r.name}: ${r.detail}`)).toEqual(['Nord: bonus 2', 'Sud: bonus 3']);
    expect(shape.regions[0].hue).not.toBe(shape.regions[1].hue);
  });

  it('finds the 42 territories, 83 borders and 6 continents of the world, no two continents alike', () => {
    const [shape] = mapShapes(mondo);
    expect(shape.zones).toHaveLength(42);
    expect(shape.graph.edges).toHaveLength(83);
    expect(shape.regions.map((r) => r.name)).toEqual(['North America', 'South America', 'Europe', 'Africa', 'Asia', 'Australia']);
    expect(new Set(shape.regions.map((r) => r.hue)).size).toBe(6);
  });

  it('has no map in games without one, so their playtest is as before', () => {
    for (const file of ['mortadella.rules', 'notav.rules', 'examples/conquista.rules']) {
      expect(mapShapes(compile(read(`../../rules/${file}`))), file).toEqual([]);
    }
  });
});

describe('the map during a game', () => {
  // Seed 4, two players: P1 draws all of Nord and all of Sud but Eta.
  const settings: PlaytestSettings = { players: 2, seed: 4, variant: null };

  it('fills each island with its owner\'s seat colour and shows the two armies set up on it', () => {
    const match = start(isole, settings);
    const board = boardFor(match);
    expect(board.nodes.map((n) => `${n.name} ${n.owner?.name} ${n.armies}`)).toEqual([
      'Alfa P1 2', 'Beta Due P1 2', 'Gamma P1 2', 'Delta P1 2', 'Epsilon P1 2', 'Zeta P1 2', 'Eta P2 2',
    ]);
    expect(node(board, 'Eta').owner?.colour).toEqual(seatColour(1));
    expect(node(board, 'Alfa').owner?.colour).toEqual(seatColour(0));
    expect(seatColour(0)).not.toEqual(seatColour(1));
    expect(node(board, 'Alfa').region?.name).toBe('Nord');
    expect(node(board, 'Eta').detail).toBe('Eta (Sud)\nowner P2\n2 Armata\npunti 1');
  });

  it('sums up each player on the map and names who holds a whole archipelago', () => {
    const board = boardFor(start(isole, settings));
    expect(board.owners.map((o) => `${o.name}: ${o.territories} islands, ${o.armies} armies`)).toEqual(['P1: 6 islands, 12 armies', 'P2: 1 islands, 2 armies']);
    expect(board.regions.map((r) => `${r.name} ${r.territories} ${r.holder}`)).toEqual(['Nord 3 P1', 'Sud 4 null']);
  });

  it('offers the islands P1 may reinforce on the map, the same moves as the buttons; the others cannot be clicked and are dimmed', () => {
    const match = start(isole, settings);
    const panel = panelFor(match, 'referee');
    const board = boardFor(match);
    expect(panel.kind).toBe('choose');
    if (panel.kind !== 'choose') return;
    expect(selectable(board)).toEqual(panel.moves.map((m) => m.label));
    expect(selectable(board)).toEqual(['Alfa', 'Beta Due', 'Gamma', 'Delta', 'Epsilon', 'Zeta']);
    expect(node(board, 'Gamma').move).toEqual(panel.moves.find((m) => m.label === 'Gamma')!.move);
    expect(node(board, 'Eta').move).toBeNull();
    expect(board.selecting).toBe(true);
    expect(board.prompt).toEqual({ heading: 'P1 chooses', prompt: "Dove metti un'armata?", hint: 'click a highlighted territory' });
  });

  it('puts an army on the island clicked, and undo takes it back', () => {
    const match = start(isole, settings);
    const gamma = node(boardFor(match), 'Gamma');
    expect(play(match)(gamma.move!)).toBeNull();
    expect(node(boardFor(match), 'Gamma').armies).toBe(3);
    match.undo();
    expect(node(boardFor(match), 'Gamma').armies).toBe(2);
  });

  it('shows the choosing player their islands to click, and another player only whom they wait for', () => {
    const match = start(isole, settings);
    expect(selectable(boardFor(match, 0))).toHaveLength(6);
    expect(boardFor(match, 0).prompt?.heading).toBe('Your choice, P1');
    const other = boardFor(match, 1);
    expect(selectable(other)).toEqual([]);
    expect(other.selecting).toBe(false);
    expect(other.prompt).toEqual({ heading: 'Waiting for P1', prompt: "Dove metti un'armata?", hint: '' });
    // P2 still sees the whole map: owners and armies are public.
    expect(other.nodes.map((n) => n.armies)).toEqual(boardFor(match).nodes.map((n) => n.armies));
  });

  it('offers only the enemy islands next to the one attacking from', () => {
    const match = start(isole, { players: 2, seed: 5, variant: null });
    playUntil(match, 'Quale isola attacchi?');
    const board = boardFor(match);
    const chooser = match.toAct!;
    const offered = board.nodes.filter((n) => n.move);
    expect(offered.length).toBeGreaterThan(0);
    for (const island of offered) expect(island.owner?.seat).not.toBe(chooser);
    // Some island of the attacker's, with two armies or more, borders every island offered.
    const bordersAll = board.nodes.filter((n) => n.owner?.seat === chooser && n.armies >= 2
      && offered.every((o) => isole.zones[n.zone].neighbours.includes(-(o.zone + 1))));
    expect(bordersAll.length).toBeGreaterThan(0);
  });

  it('leaves the number of dice to the buttons: no island can be clicked', () => {
    const match = start(isole, { players: 2, seed: 5, variant: null });
    playUntil(match, 'Con quanti dadi?');
    const board = boardFor(match);
    expect(selectable(board)).toEqual([]);
    expect(board.selecting).toBe(false);
    expect(board.prompt?.hint).toBe('choose with the buttons above');
  });

  it('never offers an option ("attacca", "passa") on the map', () => {
    const match = start(isole, { players: 2, seed: 24, variant: null });
    expect(match.state.pending?.kind).toBe('option');
    const board = boardFor(match);
    expect(selectable(board)).toEqual([]);
    expect(board.prompt?.hint).toBe('choose with the buttons above');
  });

  it('has nothing to click and no prompt once the game is over', () => {
    const match = start(isole, settings);
    autoPlay(match, play(match), { state: 7 }, () => false, 5000);
    expect(match.outcome).not.toBeNull();
    const board = boardFor(match);
    expect(selectable(board)).toEqual([]);
    expect(board.prompt).toBeNull();
  });
});

describe('a choice of several territories', () => {
  const twoOf = compile(`
    game "Tre" { players 2 }
    tokens Armata
    map Piana {
      region Valle { Monte, Lago, Bosco }
      border Monte - Lago, Bosco
    }
    turns {
      choose 2 scelte from Piana by current prompt "Due territori"
      for each t in scelte { gain 1 Armata to t }
    }
  `);

  it('toggles territories on the map as the selection\'s buttons do, and Confirm stays a button', () => {
    const match = start(twoOf, { players: 2, seed: 1, variant: null });
    let board = boardFor(match);
    expect(selectable(board)).toEqual(['Monte', 'Lago', 'Bosco']);
    expect(board.prompt?.hint).toBe('click the highlighted territories, then Confirm');
    expect(play(match)(node(board, 'Lago').move!)).toBeNull();
    board = boardFor(match);
    expect(node(board, 'Lago').picked).toBe(true);
    expect(node(board, 'Lago').move?.choice).toBe('unpick Lago');
    expect(play(match)(node(board, 'Bosco').move!)).toBeNull();
    const panel = panelFor(match, 'referee');
    expect(panel.kind === 'pick' && panel.confirm).toBeTruthy();
    if (panel.kind === 'pick' && panel.confirm) expect(play(match)(panel.confirm)).toBeNull();
    expect(boardFor(match).nodes.map((n) => `${n.name} ${n.armies}`)).toEqual(['Monte 0', 'Lago 1', 'Bosco 1']);
  });

  it('shows a territory nobody owns without an owner, in its region\'s colour', () => {
    const board = boardFor(start(twoOf, { players: 2, seed: 1, variant: null }));
    expect(board.nodes.every((n) => n.owner === null && n.region?.name === 'Valle')).toBe(true);
    expect(board.owners.map((o) => o.territories)).toEqual([0, 0]);
    expect(board.regions[0].holder).toBeNull();
  });
});

describe('the world of Risk on the map', () => {
  it('offers each of P1\'s 42-territory world reinforcements on the map, and every border joins two drawn territories', () => {
    const match = start(mondo, { players: 4, seed: 1, variant: null });
    const board = boardFor(match, 0);
    expect(board.nodes).toHaveLength(42);
    expect(board.edges).toHaveLength(83);
    expect(board.edges.filter((e) => e.crossRegion)).toHaveLength(14);
    const owned = board.nodes.filter((n) => n.owner?.seat === 0).map((n) => n.name);
    expect(selectable(board)).toEqual(owned);
    expect(board.owners.reduce((sum, o) => sum + o.territories, 0)).toBe(42);
    expect(board.owners.reduce((sum, o) => sum + o.armies, 0)).toBe(42);
  });
});
