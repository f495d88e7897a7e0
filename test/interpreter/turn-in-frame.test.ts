/**
 * Batch mode's generated turn starts the usual next turn in its own frame (turn-order.ts
 * nextTurnInFrame) and leaves every other start to the engine: a turn named by the rules, a next
 * seat whose player is out, the turn limit, the game over. A game that meets each of them, played
 * quietly through generated code and through the stepper, gives the same games; and the turns
 * restarted in the frame are the usual ones (a turn limit counts them).
 */
import { describe, expect, it } from 'vitest';
import { compileRules, randomPlayout, type GameDefinition } from '../../interpreter/index.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import { stateHash } from '../../interpreter/program/hash.ts';

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return definition;
}

// Each turn a player draws 0–3 points; at 2 they may send the turn back to the player before them,
// at 3 the player after them is out, and the game ends at 20 points or at the turn limit.
const relay = compile(`game "Staffetta" { players 3 to 5  turn limit 40 }
tokens Punto reserve 1000
turns {
  choose n from [0, 1, 2, 3] prompt "Quanti punti?"
  gain n Punto
  if n == 2 {
    choose { option "Indietro" { next turn to right(current) }  option "Avanti" { } }
  }
  if n == 3 and count(players) > 2 { eliminate left(current) "saltato" }
  if current.Punto >= 20 { win current "venti punti" }
}
`);

describe('the next turn started in the frame of the one that ended', () => {
  it('plays the same games as the stepper, with named turns, players out, the turn limit and wins', () => {
    const reasons = new Set<string>();
    for (let seed = 1; seed <= 300; seed++) {
      const options = { players: 3 + (seed % 3), seed, keepMoves: false };
      const a = randomPlayout(withGeneratedCode(relay), options);
      const b = randomPlayout(withStepper(relay), options);
      expect(a.state.moveCount, `seed ${seed}`).toBe(b.state.moveCount);
      expect(a.state.turn, `seed ${seed}`).toBe(b.state.turn);
      expect(a.state.round, `seed ${seed}`).toBe(b.state.round);
      expect(stateHash(a.state), `seed ${seed}`).toBe(stateHash(b.state));
      reasons.add(a.outcome?.reason ?? 'none');
    }
    // Both ways out of the game are met: the win and the turn limit.
    expect(reasons).toEqual(new Set(['venti punti', 'the turn limit of 40 was reached']));
  });

  it('stops at the turn limit after exactly that many turns', () => {
    const endless = compile(`game "Senza fine" { players 2  turn limit 25 }
tokens Punto reserve 1000
turns { choose n from [1, 2] prompt "Quanti?"  gain n Punto }
`);
    for (const definition of [withGeneratedCode(endless), withStepper(endless)]) {
      const played = randomPlayout(definition, { players: 2, seed: 4, keepMoves: false });
      expect(played.outcome?.kind).toBe('aborted');
      expect(played.state.turn).toBe(25);
      expect(played.state.round).toBe(13);
      expect(played.state.moveCount).toBe(25);
    }
  });
});
