/**
 * Worlds consistent with what a seat has seen (interpreter/bots/worlds.ts): the search bot imagines
 * only games whose past looks to its player as the real one did, so a secret value everyone saw
 * being set is no secret to it.
 */
import { describe, expect, it } from 'vitest';
import { cloneState, compileRules, startGame, viewFor, type GameDefinition, type GameState } from '../../interpreter/index.ts';
import { applyChoiceIndex, choiceCount } from '../../interpreter/engine/engine.ts';
import { advanceBot } from '../../interpreter/runtime/bot-random.ts';
import { hiddenPriors, moveOf, playTable, searchMove } from '../../interpreter/bots/index.ts';
import { consistentWorlds } from '../../interpreter/bots/worlds.ts';
import { loadDefinition } from '../support/scenario.ts';
import { Match } from '../../interpreter/index.ts';
import { TableBots } from '../../cli/table-bots.ts';
import { chooseBotMove } from '../../studio/src/lib/bot-move.ts';

/**
 * P2 sets the combination with an option everyone sees taken (and a line saying so); P1 then
 * opens one door, and wins only by opening the one P2 set. The one consistent world is known.
 */
const safe = `game "Cassaforte" { players 2 }
secret player var combinazione = 0
setup {
  choose by left(top(players)) prompt "Combinazione?" {
    option "rossa" { set left(top(players)).combinazione = 1  log "{left(top(players))} sceglie la rossa" }
    option "blu" { set left(top(players)).combinazione = 2  log "{left(top(players))} sceglie la blu" }
  }
}
turns {
  choose by current prompt "Quale apri?" {
    option "rossa" { if left(current).combinazione == 1 { win current "aperta" } else { win left(current) "chiusa" } }
    option "blu" { if left(current).combinazione == 2 { win current "aperta" } else { win left(current) "chiusa" } }
  }
}
`;

function compiled(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

function started(definition: GameDefinition, players: number, seed: number, quiet: boolean): GameState {
  const result = startGame(definition, { players, seed, quiet });
  if (!result.ok) throw new Error(result.diagnostic.message);
  return result.state;
}

describe('the search bot imagines only worlds consistent with what it saw', () => {
  it('Cassaforte: P1\'s search bot opens the door P2 was seen to set, and wins every game', () => {
    const definition = compiled(safe);
    for (let seed = 1; seed <= 20; seed++) {
      const table = playTable(definition, { players: 2, seed, bots: [{ kind: 'mcts', iterations: 200 }, { kind: 'random' }] });
      expect(table.outcome.winners, `seed ${seed}`).toEqual([0]);
    }
  });

  it('Cassaforte, logged: given the past by name, every world holds the combination P2 chose', () => {
    const definition = compiled(safe);
    for (const door of ['rossa', 'blu']) {
      const start = started(definition, 2, 1, false);
      const moves = [{ player: 1, choice: door }];
      const state = cloneState(start);
      for (const move of moves) expect(applyChoice(definition, state, move)).toBe(true);
      const priors = hiddenPriors(definition, 2, null);
      const found = consistentWorlds(definition, { start, moves }, state, 0, { state: 5 }, priors);
      expect(found.worlds.length).toBeGreaterThan(0);
      for (const world of found.worlds) expect(world.players[1].vars[0]).toBe(door === 'rossa' ? 1 : 2);
      for (const seed of [1, 2, 3]) {
        const result = searchMove(definition, state, 0, { iterations: 100, seed, history: { start, moves } });
        expect(moveOf(state, result.choice).choice).toBe(door);
        expect(result.worlds).toBeGreaterThan(0);
      }
    }
  });

  it('Cassaforte at the terminal and at a studio seat: the bot opens the door P2 was seen to set', () => {
    const definition = compiled(safe);
    for (const door of ['rossa', 'blu']) {
      for (let seed = 1; seed <= 6; seed++) {
        const started = Match.start(definition, { players: 2, seed, variant: null });
        if (!started.ok) throw new Error(started.diagnostic.message);
        const match = started.match;
        expect(match.apply({ player: 1, choice: door }).ok).toBe(true);
        new TableBots(match, [{ kind: 'mcts', iterations: 100 }, null], () => {}).playUntilPerson();
        expect(match.moves[1], `terminal, seed ${seed}`).toEqual({ player: 0, choice: door });
        expect(match.outcome?.winners).toEqual([0]);
        const studio = chooseBotMove(definition, { players: 2, seed, variant: null, moves: [{ player: 1, choice: door }], seat: 0, iterations: 100 });
        expect(studio, `studio, seed ${seed}`).toMatchObject({ ok: true, move: { player: 0, choice: door } });
      }
    }
  });

  it.each([['examples/primiera.rules', 4, 12], ['examples/sfida.rules', 4, 12], ['notav.rules', 4, 12]] as [string, number, number][])(
    '%s: each world looks to its player exactly as the real game does', (file, players, depth) => {
      const definition = loadDefinition(file);
      const priors = hiddenPriors(definition, players, null, 4);
      let worlds = 0;
      for (const seed of [1, 2, 3]) {
        const { start, state, moves } = playedAtRandom(definition, players, seed, depth, true);
        if (state.outcome) continue;
        const viewer = state.pending!.player;
        const seen = (s: GameState) => JSON.stringify({ ...viewFor(definition, s, viewer), log: [] });
        const found = consistentWorlds(definition, { start, moves }, state, viewer, { state: seed }, priors);
        for (const world of found.worlds) expect(seen(world)).toBe(seen(state));
        worlds += found.worlds.length;
      }
      expect(worlds).toBeGreaterThan(0);
    });

  it("examples/bugie.rules: worlds keep the cups the player saw, through rolls and challenges, and roll the others' again", () => {
    const definition = loadDefinition('examples/bugie.rules');
    const priors = hiddenPriors(definition, 3, null, 4);
    let worlds = 0;
    let redrawn = 0;
    for (const seed of [1, 2, 3]) {
      // Past several challenges: each rolls every cup again.
      const { start, state, moves } = playedAtRandom(definition, 3, seed, 20, false);
      if (state.outcome) continue;
      const viewer = state.pending!.player;
      const seen = (s: GameState) => JSON.stringify({ ...viewFor(definition, s, viewer), log: [] });
      const found = consistentWorlds(definition, { start, moves }, state, viewer, { state: seed }, priors);
      for (const world of found.worlds) {
        expect(seen(world)).toBe(seen(state));
        if (JSON.stringify(world.dice) !== JSON.stringify(state.dice)) redrawn++;
      }
      worlds += found.worlds.length;
    }
    expect(worlds).toBeGreaterThan(0);
    expect(redrawn).toBeGreaterThan(0);
  });
});

/** A quiet game from its start, `depth` random decisions in (and, with `closeBlocks`, on to the end of an open sealed block). */
function playedAtRandom(definition: GameDefinition, players: number, seed: number, depth: number, closeBlocks: boolean) {
  const start = started(definition, players, seed, true);
  const state = cloneState(start);
  const moves: { player: number; index: number }[] = [];
  const random = { state: seed * 31 + 7 };
  for (let n = 0; (n < depth || (closeBlocks && state.simultaneous)) && !state.outcome && n < depth + 500; n++) {
    const index = advanceBot(random, choiceCount(state));
    moves.push({ player: state.pending!.player, index });
    applyChoiceIndex(definition, state, index);
  }
  return { start, state, moves };
}

function applyChoice(definition: GameDefinition, state: GameState, move: { player: number; choice: string }): boolean {
  const index = state.pending?.labels.indexOf(move.choice) ?? -1;
  if (index < 0) return false;
  applyChoiceIndex(definition, state, index);
  return true;
}
