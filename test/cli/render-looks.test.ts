/** `regola play` leaves the rules' internal variables (`look … internal`) off a player's view and lists them for the referee. */
import { describe, expect, it } from 'vitest';
import { compileRules, Match } from '../../interpreter/index.ts';
import { renderView } from '../../cli/render.ts';

const text = `game "Interni" { players 2 }
tokens Oro
var spareggio = 3
player var punti = 1
player var conteggio = 7
turns { choose n from [1, 2] prompt "Quanti?"  gain n Oro }
look spareggio, conteggio internal`;

describe('internal variables in the terminal', () => {
  const definition = compileRules(text).definition!;
  const started = Match.start(definition, { players: 2, seed: 1 });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const internal = new Set(definition.looks.filter((look) => look.internal).map((look) => look.name));

  it('a player sees the table without them', () => {
    const out = renderView(started.match.view(0), internal);
    expect(out).toContain('punti=1');
    expect(out).not.toContain('conteggio');
    expect(out).not.toContain('spareggio');
  });

  it('the referee sees them on one details line', () => {
    const out = renderView(started.match.view('referee'), internal);
    expect(out).toContain('details (internal): P1.conteggio=7  P2.conteggio=7  game.spareggio=3');
    expect(out.split('\n').filter((line) => line.includes('conteggio'))).toHaveLength(1);
  });
});
