/**
 * A move open at any time that a player's status forbids ("Zittito": two Sospetto or more) is
 * refused saying which status forbids it, whether it is taken out of turn or in the player's own
 * turn; a move closed for another reason keeps the refusal it had.
 */
import { describe, expect, it } from 'vitest';
import { Match, type Move } from '../../interpreter/index.ts';
import { compileText } from '../support/scenario.ts';

const rules = `game "Chiama" { players 3 }
tokens Punto, Sospetto reserve 30
thresholds Sospetto {
  1 "Sorvegliato"
  2 "Zittito" forbid "chiama"
}
turns {
  choose by current prompt "Che fai?" {
    option "prendi" { gain 5 Punto }
    option "accusa" { choose q from others by current prompt "Chi accusi?" gain 1 Sospetto to q }
  }
}
at any time by p in players {
  option "chiama" if p.Punto >= 5 {
    if p.Punto >= 10 { win p "a ragione" } else { gain 1 Sospetto to p }
  }
}
`;

function play(moves: Move[]): Match {
  const started = Match.start(compileText(rules, 'chiama.rules'), { players: 3, seed: 1 });
  if (!started.ok) throw new Error(started.diagnostic.message);
  for (const move of moves) {
    const result = started.match.apply(move);
    if (!result.ok) throw new Error(result.diagnostic.message);
  }
  return started.match;
}

// P1 takes 5 Punto and calls once (1 Sospetto); P2 accuses P1 (2 Sospetto: "Zittito").
const silenced: Move[] = [
  { player: 0, choice: 'prendi' }, { player: 0, choice: 'chiama' }, { player: 1, choice: 'accusa' }, { player: 1, choice: 'P1' },
];

describe('a move open at any time that a status forbids', () => {
  it('is refused out of turn naming the status, and the game is unchanged', () => {
    const match = play(silenced);
    const hash = match.hash();
    const result = match.apply({ player: 0, choice: 'chiama' });
    expect(result).toMatchObject({ ok: false, diagnostic: { code: 'move/forbidden-by-status' } });
    expect(!result.ok && result.diagnostic.message).toBe("P1 may not take 'chiama': the status Zittito (2 Sospetto or more) forbids it");
    expect(match.hash()).toBe(hash);
  });

  it('is refused as before to a player the move is not open to anyway, the status aside', () => {
    // P3 and P1 accuse P2, who holds no Punto: silenced too, but "chiama" is not theirs to take.
    const match = play([...silenced, { player: 2, choice: 'accusa' }, { player: 2, choice: 'P2' }, { player: 0, choice: 'accusa' }, { player: 0, choice: 'P2' }]);
    expect(match.apply({ player: 1, choice: 'chiama' })).toMatchObject({ ok: false, diagnostic: { code: 'move/illegal' } });
    // While P2's own choice waits, P1, silenced but with 5 Punto, is told of the status.
    expect(match.apply({ player: 0, choice: 'chiama' })).toMatchObject({ ok: false, diagnostic: { code: 'move/forbidden-by-status' } });
  });

  it("is refused in the player's own turn naming the status, while the turn's own choices stay open", () => {
    // P3 takes 5 Punto; the turn comes back to P1, still silenced.
    const match = play([...silenced, { player: 2, choice: 'prendi' }]);
    expect(match.state.pending?.player).toBe(0);
    const result = match.apply({ player: 0, choice: 'chiama' });
    expect(result).toMatchObject({ ok: false, diagnostic: { code: 'move/forbidden-by-status' } });
    expect(match.apply({ player: 0, choice: 'prendi' })).toEqual({ ok: true });
  });
});
