/**
 * `for each p in players from P [clockwise|counterclockwise]` (docs/language.md §13.3):
 * the players still in the game round the table from P, to the left or to the right.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { compileRules, startGame, type GameDefinition } from '../../interpreter/index.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';

function compiled(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('; '));
  return definition;
}

/** The seats (P1 = 1) in the order the loop visits them, in the setup of a 5-player game. */
function order(loop: string, before = ''): number[] {
  const definition = compiled(`game "Giro" { players 5 }\nvar n = 0\nvar chi = none\nplayer var visto = 0\nsetup {\n${before}\n  ${loop} { set n = n + 1  set p.visto = n }\n}\nturns { end game }\n`);
  const started = startGame(definition, { players: 5, seed: 1 });
  if (!started.ok) throw new Error(started.diagnostic.message);
  expect(started.state.error).toBeNull();
  // Each seat's place in the visit (0: not visited), turned into the seats in visiting order.
  const places = started.state.players.map((p, seat) => ({ seat: seat + 1, at: p.vars[0] as number })).filter((p) => p.at > 0);
  return places.sort((a, b) => a.at - b.at).map((p) => p.seat);
}

describe('for each p in players from …', () => {
  it('round the table from a player, to the left or to the right', () => {
    expect(order('for each p in players from left(left(top(players))) clockwise')).toEqual([3, 4, 5, 1, 2]);
    expect(order('for each p in players from left(left(top(players))) counterclockwise')).toEqual([3, 2, 1, 5, 4]);
    // Without a direction: the turn order's (clockwise here).
    expect(order('for each p in players from right(top(players))')).toEqual([5, 1, 2, 3, 4]);
  });

  it('skips the players out of the game, and starts at the next one still in when P is out', () => {
    // P2 and P4 out; from P2 to the right: P1, P5, P3.
    expect(order('for each p in players from chi counterclockwise', '  set chi = left(top(players))\n  eliminate chi "fuori"\n  eliminate left(left(chi)) "fuori"'))
      .toEqual([1, 5, 3]);
  });

  it('plays the same games in generated code and on the stepper', () => {
    const definition = compiled(`game "Giro" { players 3 to 5 turn limit 30 }
tokens Oro reserve 500
turns {
  for each p in players from right(current) counterclockwise {
    choose n from [1, 2] by p prompt "?"
    gain n Oro to p
  }
  if current.Oro > 12 { win current }
}
`);
    for (let seed = 1; seed <= 20; seed++) {
      const options = { players: 3 + (seed % 3), seed, keepMoves: false };
      expect(stateHash(randomPlayout(withGeneratedCode(definition), options).state)).toBe(stateHash(randomPlayout(withStepper(definition), options).state));
    }
  });

  it('walks players only, from a player', () => {
    const codes = (text: string) => analyze(`game "G" { players 3 }\ntokens Oro\nturns {\n${text}\n}\n`).diagnostics.map((d) => `${d.code}: ${d.message}`);
    expect(codes('for each t in [1, 2] from current counterclockwise { gain t Oro }')).toEqual([
      "type/mismatch: 'from' and a direction walk the players round the table: write for each t in players from …",
    ]);
    expect(codes('for each p in players from 3 { gain 1 Oro to p }').map((c) => c.split(':')[0])).toEqual(['type/expected-player']);
  });
});
