/**
 * Dice under cups (`player dice Coppa: 5 D6 hidden`, docs/language.md §4.5): each player's own
 * dice, whose faces only their owner sees until `reveal` lifts the cups; `p.Coppa` is a player's
 * dice and `Coppa` alone every player's, counted across the table.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { compileRules, startGame, viewFor, type GameDefinition, type GameState } from '../../interpreter/index.ts';
import { applyChoiceIndex } from '../../interpreter/engine/engine.ts';
import { renderView } from '../../cli/render.ts';

/** Everyone rolls three dice under the cup; P1 chooses to lift the cups or roll again; the count of fives and ones wins. */
const game = `game "Cups" { players 2 to 3 }
die D6 faces 1 to 6
player dice Coppa: 3 D6 hidden
setup { for each p in players { roll p.Coppa } }
turns {
  choose by current prompt "?" {
    option "alza" {
      reveal Coppa
      log "cinque e uno sul tavolo: {count(Coppa where value == 5 or value == 1)}"
      end game "alzate"
    }
    option "ritira" { roll current.Coppa }
  }
}
`;

function compiled(text = game): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

function started(definition: GameDefinition, players = 2, seed = 3): GameState {
  const result = startGame(definition, { players, seed });
  if (!result.ok) throw new Error(result.diagnostic.message);
  return result.state;
}

const cup = (definition: GameDefinition, state: GameState, viewer: number | 'referee', owner: string) =>
  viewFor(definition, state, viewer).dice.filter((d) => d.owner === owner).map((d) => d.face);

describe('dice under cups', () => {
  it('each player sees the faces of their own cup only; the referee sees every cup', () => {
    const definition = compiled();
    const state = started(definition);
    const faces = state.dice.slice(0, 6).map((d) => d.face);
    expect(cup(definition, state, 0, 'P1')).toEqual(faces.slice(0, 3));
    expect(cup(definition, state, 0, 'P2')).toEqual([null, null, null]);
    expect(cup(definition, state, 1, 'P1')).toEqual([null, null, null]);
    expect(cup(definition, state, 1, 'P2')).toEqual(faces.slice(3, 6));
    expect(cup(definition, state, 'referee', 'P2')).toEqual(faces.slice(3, 6));
  });

  it('a player set has dice for the players in the game only, numbered in each cup', () => {
    const definition = compiled();
    const view = viewFor(definition, started(definition, 2), 'referee');
    expect(view.dice.map((d) => `${d.owner}:${d.number}`)).toEqual(['P1:1', 'P1:2', 'P1:3', 'P2:1', 'P2:2', 'P2:3']);
    expect(viewFor(definition, started(definition, 3), 'referee').dice).toHaveLength(9);
  });

  it("the log tells everybody a cup was rolled and only its owner what it shows", () => {
    const definition = compiled();
    const state = started(definition);
    const rolls = (viewer: number) => viewFor(definition, state, viewer).log.filter((l) => l.kind === 'roll').map((l) => l.text);
    const own = state.dice.slice(0, 3).map((d) => d.face).join(', ');
    expect(rolls(0)[0]).toBe(`P1 rolls under the cup: ${own}`);
    expect(rolls(1)[0]).toBe('P1 rolls under the cup');
  });

  it('reveal lifts every cup for everybody, and the count covers the whole table', () => {
    const definition = compiled();
    const state = started(definition);
    const faces = state.dice.slice(0, 6).map((d) => d.face);
    applyChoiceIndex(definition, state, 0);
    expect(cup(definition, state, 1, 'P1')).toEqual(faces.slice(0, 3));
    const counted = faces.filter((f) => f === '5' || f === '1').length;
    expect(viewFor(definition, state, 1).log.map((l) => l.text)).toContain(`P1: cinque e uno sul tavolo: ${counted}`);
  });

  it('dice revealed go back under the cup when rolled again', () => {
    const definition = compiled(game.replace('end game "alzate"', ''));
    const state = started(definition);
    applyChoiceIndex(definition, state, 0);
    expect(cup(definition, state, 1, 'P1')).not.toContain(null);
    // P2 rolls again: their cup is hidden again, P1's stays shown.
    applyChoiceIndex(definition, state, 1);
    expect(cup(definition, state, 0, 'P2')).toEqual([null, null, null]);
    expect(cup(definition, state, 1, 'P1')).not.toContain(null);
  });

  it("the terminal shows a player's own cup and '?' for the others'", () => {
    const definition = compiled();
    const state = started(definition);
    const text = renderView(viewFor(definition, state, 1));
    expect(text).toMatch(/Coppa P1: 1:\? {2}2:\? {2}3:\?/);
    expect(text).toContain(`Coppa P2: ${state.dice.slice(3, 6).map((d, i) => `${i + 1}:${d.face}`).join('  ')}`);
  });
});

describe('dice under cups: the declaration', () => {
  it("'hidden' belongs to the dice on their own line; on the next line it starts a hidden var", () => {
    const definition = compiled(game.replace('player dice Coppa: 3 D6 hidden', 'player dice Coppa: 3 D6 marks perso hidden\nplayer dice Bicchiere: 2 D6\nhidden var segreto = 1'));
    expect(definition.pools.map((p) => `${p.name}${p.hidden ? ' hidden' : ''}`)).toEqual(['Coppa hidden', 'Bicchiere']);
    expect(definition.globals.map((g) => `${g.name}${g.hidden ? ' hidden' : ''}`)).toEqual(['segreto hidden']);
  });
});

describe('dice under cups: mistakes', () => {
  const diagnostics = (text: string) => analyze(text).diagnostics.map((d) => `${d.code}: ${d.message}`);

  it('only a player set can be hidden', () => {
    expect(diagnostics(game.replace('player dice Coppa: 3 D6 hidden', 'dice Coppa: 3 D6 hidden').replace(/p\.Coppa|current\.Coppa/g, 'Coppa')))
      .toEqual([expect.stringMatching(/^syntax\/expected-word: expected 'player' before 'dice' here/)]);
  });

  it('cups are lifted for everybody, not shown to some players', () => {
    expect(diagnostics(game.replace('reveal Coppa', 'reveal Coppa to current')))
      .toEqual([expect.stringMatching(/^type\/mismatch: dice under the cups are revealed to everybody at once/)]);
  });

  it("a player's dice are named through the player, with a did-you-mean", () => {
    const found = analyze(game.replace('roll current.Coppa', 'roll current.Copa')).diagnostics;
    expect(found.map((d) => d.code)).toEqual(['name/unknown-attribute']);
    expect(found[0].suggestion).toBe('Coppa');
  });
});
