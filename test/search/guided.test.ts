/**
 * Guided playouts: the search's imagined games played by what the rules say wins (a distance read
 * off the win conditions and the roles' goals) and by the moves that went well in earlier imagined
 * games, instead of uniformly random moves. A goal that needs a plan is then within the bot's reach.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, startGame, withGeneratedCode, withStepper, type GameDefinition } from '../../interpreter/index.ts';
import { playTable, searchMove, type BotSpec } from '../../interpreter/bots/index.ts';

function compiled(text: string): GameDefinition {
  const result = compileRules(text);
  if (!result.definition) throw new Error(result.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  return result.definition;
}

/**
 * A long race among idle moves: one option of six goes forward, one goes back, and the game is a
 * draw after 60 turns. Random rollouts hardly ever reach 15 steps, so to uniform playouts every move
 * looks alike.
 */
const race = compiled(`game "Passi" { players 2 turn limit 60 }
tokens Passo reserve 100
turns {
  choose by current prompt "Che fai?" {
    option "avanti" { gain 1 Passo }
    option "indietro" { if current.Passo > 0 { discard 1 Passo } }
    option "aspetta" { }
    option "guarda" { }
    option "siedi" { }
    option "canta" { }
  }
  if current.Passo >= 15 { win current "ha fatto 15 passi" }
}
`);

/** A race to a secret role's goal: two kinds of token to gather, asked with meetsGoal. */
const goal = compiled(`game "Raccolta" { players 2 turn limit 60 }
tokens Grano, Vino reserve 100
roles secret {
  "Oste" goal Grano >= 9 and Vino >= 9
  "Mugnaio" goal Grano >= 12 and Vino >= 6
}
setup { deal roles }
turns {
  choose by current prompt "Che prendi?" {
    option "grano" { gain 1 Grano }
    option "vino" { gain 1 Vino }
    option "perdi" { if current.Grano > 0 { discard 1 Grano } }
    option "aspetta" { }
    option "guarda" { }
  }
  if meetsGoal(current) { win current "ha grano e vino" }
}
`);

const searchAt = (playouts: 'guided' | 'uniform'): BotSpec => ({ kind: 'mcts', iterations: 200, playouts });

function wins(definition: GameDefinition, playouts: 'guided' | 'uniform', seeds: number[]): number {
  let won = 0;
  for (const seed of seeds) {
    const game = playTable(definition, { players: 2, seed, bots: [searchAt(playouts), { kind: 'random' }] });
    if (game.outcome.kind === 'win' && game.outcome.winners.includes(0)) won++;
  }
  return won;
}

describe('guided playouts', () => {
  it('reach a goal of many steps where uniform playouts at the same budget do not', () => {
    const seeds = [1, 2, 3, 4];
    expect(wins(race, 'guided', seeds)).toBe(seeds.length);
    expect(wins(race, 'uniform', seeds)).toBeLessThan(seeds.length);
  });

  it('gather what a role’s goal asks for, two kinds at once', () => {
    const seeds = [1, 2, 3, 4];
    expect(wins(goal, 'guided', seeds)).toBe(seeds.length);
    expect(wins(goal, 'uniform', seeds)).toBeLessThan(seeds.length);
  });

  it('is a pure function of the seed and budget, and guides: the same figures twice, not those of uniform playouts', () => {
    const started = startGame(goal, { players: 2, seed: 5, quiet: true });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const search = (playouts: 'guided' | 'uniform') => searchMove(goal, started.state, 0, { iterations: 150, seed: 9, playouts });
    const once = search('guided');
    expect(search('guided')).toMatchObject({ choice: once.choice, root: once.root });
    expect(search('uniform').root).not.toEqual(once.root);
  });

  it('give the same figures on the stepper and on generated code, whose playouts ask the policy at each choice', () => {
    const connectFour = compiled(readFileSync(fileURLToPath(new URL('../../rules/examples/connect-four.rules', import.meta.url)), 'utf8'));
    for (const definition of [connectFour, goal]) {
      const search = (on: GameDefinition, playouts: 'guided' | 'uniform') => {
        const started = startGame(on, { players: 2, seed: 3, quiet: true });
        if (!started.ok) throw new Error(started.diagnostic.message);
        return searchMove(on, started.state, started.state.pending!.player, { iterations: 300, seed: 4, playouts }).root;
      };
      const stepper = search(withStepper(definition), 'guided');
      expect(search(withGeneratedCode(definition), 'guided')).toEqual(stepper);
      expect(search(withStepper(definition), 'uniform')).not.toEqual(stepper);
    }
  });

  it('keep tic-tac-toe a draw when the bot plays itself at 1,000 iterations', () => {
    const tris = compiled(readFileSync(fileURLToPath(new URL('./tris.rules', import.meta.url)), 'utf8'));
    const bot: BotSpec = { kind: 'mcts', iterations: 1000 };
    for (const seed of [1, 2, 3, 4, 5, 6]) expect(playTable(tris, { players: 2, seed, bots: [bot, bot] }).outcome.kind).toBe('draw');
  });

  it('never lose tic-tac-toe to a random player, moving first or second', () => {
    const tris = compiled(readFileSync(fileURLToPath(new URL('./tris.rules', import.meta.url)), 'utf8'));
    const bot: BotSpec = { kind: 'mcts', iterations: 1000 };
    const random: BotSpec = { kind: 'random' };
    for (const seat of [0, 1]) {
      for (let seed = 1; seed <= 8; seed++) {
        const bots = seat === 0 ? [bot, random] : [random, bot];
        const outcome = playTable(tris, { players: 2, seed, bots }).outcome;
        expect(outcome.kind === 'win' && !outcome.winners.includes(seat), `the bot at P${seat + 1}, seed ${seed}: ${outcome.reason ?? outcome.kind}`).toBe(false);
      }
    }
  });
});
