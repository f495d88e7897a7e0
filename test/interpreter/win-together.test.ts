import { describe, expect, it } from 'vitest';
import { compileRules, Match } from '../../interpreter/index.ts';

/** `win LIST`: a side dealt in secret (roles) wins together, every member a winner. */
describe('win of a list of players', () => {
  const rules = (who: string) => `
    game "Lati" { players 4 }
    roles secret { Rossi  Blu  Rossi2  Blu2 }
    setup { deal roles }
    turns { win ${who} "vince il lato" }`;

  it('every player of the list wins, in the outcome and in the log', () => {
    const { definition, diagnostics } = compileRules(rules('(players where it.role in [Rossi, Rossi2])'));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const started = Match.start(definition!, { players: 4, seed: 3 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const match = started.match;
    const reds = match.state.players.map((p, seat) => (p.role === 'Rossi' || p.role === 'Rossi2' ? seat : -1)).filter((s) => s >= 0);
    expect(match.outcome?.winners.slice().sort()).toEqual(reds);
    expect(match.view('referee').outcome?.winnerNames).toHaveLength(2);
    const names = reds.map((seat) => `P${seat + 1}`);
    expect(match.view('referee').log.at(-1)?.text).toBe(`${names[0]} and ${names[1]} win: vince il lato`);
  });

  it('three winners read as a list, with the verb agreeing', () => {
    const { definition } = compileRules(rules('(players where it.role != Blu)'));
    const started = Match.start(definition!, { players: 4, seed: 3 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const names = started.match.outcome!.winners.map((seat) => `P${seat + 1}`);
    expect(names).toHaveLength(3);
    expect(started.match.view('referee').log.at(-1)?.text).toBe(`${names[0]}, ${names[1]} and ${names[2]} win: vince il lato`);
  });

  it('an empty list crowns nobody: the game stops with run/error', () => {
    const { definition } = compileRules(rules('(players where it.role == Rossi and it.role == Blu)'));
    const started = Match.start(definition!, { players: 4, seed: 3 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    expect(started.match.outcome?.winners).toEqual([]);
    expect(started.match.state.error?.code).toBe('run/error');
  });
});
