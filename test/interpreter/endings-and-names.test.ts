/**
 * Issue 17's display bugs and endings: a variable that starts as `none` and later holds a player
 * is shown as that player; a team wins by its name; an ending's detail is kept apart from its
 * reason (so the simulation groups by reason); `players` in the setup is in seat order.
 */
import { describe, expect, it } from 'vitest';
import { compileRules, Match, randomPlayout, simulate, startGame, viewFor, type GameDefinition } from '../../interpreter/index.ts';
import { outcomeBanner } from '../../studio/src/playtest/view-model.ts';

function started(definition: GameDefinition): Match {
  const result = Match.start(definition, { players: 4, seed: 1 });
  if (!result.ok) throw new Error(result.diagnostic.message);
  return result.match;
}

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return definition;
}

const teamGame = `game "Cassa" { players 4 }
teams public seated alternately {
  Rossi
  Blu
}
tokens Punto reserve 100
var capo = none
team var cassa = none
player var ultimo = none
turns {
  set capo = current
  set current.team.cassa = current
  set current.ultimo = left(current)
  log "vanno a {capo}"
  gain 3 Punto
  if current.Punto >= 6 { win team current.team "punti" detail "capo {capo}, cassa {current.team.cassa}" }
}
`;

describe('players are shown as players', () => {
  it('a var, a team var and a player var that start as none show the player they later hold, in the log, the reason and the view', () => {
    const definition = compile(teamGame);
    const match = started(definition);
    const view = viewFor(definition, match.state, 'referee');
    expect(view.log.map((e) => e.text)).toContain('P2: vanno a P2');
    expect(view.log.map((e) => e.text)).not.toContain('P2: vanno a 1');
    expect(view.variables.find((v) => v.name === 'capo')?.value).toBe('P1');
    expect(view.teams.map((t) => t.variables)).toEqual([[{ name: 'cassa', value: 'P1' }], [{ name: 'cassa', value: 'P4' }]]);
    expect(view.players[0].variables.find((v) => v.name === 'ultimo')?.value).toBe('P2');
    expect(match.outcome?.detail).toBe('capo P1, cassa P1');
  });
});

describe('endings', () => {
  it('a team wins by its name, its members beside it, in the log, the outcome and the studio banner', () => {
    const definition = compile(teamGame);
    const match = started(definition);
    expect(match.outcome).toMatchObject({ kind: 'win', winners: [0, 2], team: 'Rossi', reason: 'punti', detail: 'capo P1, cassa P1' });
    const view = viewFor(definition, match.state, 1);
    expect(view.log.at(-1)?.text).toBe('Rossi (P1, P3) wins: punti (capo P1, cassa P1)');
    expect(outcomeBanner(view)).toEqual({ kind: 'win', title: 'Rossi wins (P1 and P3)', reason: 'punti (capo P1, cassa P1)' });
  });

  it('end game and win take a detail with values; batch mode makes the same outcome', () => {
    const text = `game "Corsa" { players 2 }
tokens Passo reserve 50
turns {
  gain 1 Passo
  if current.Passo >= 3 and left(current).Passo >= 3 { end game "pari" detail "{current.Passo} a {left(current).Passo}" }
}
`;
    const definition = compile(text);
    const logged = randomPlayout(definition, { players: 2, seed: 3, keepMoves: true });
    const quiet = randomPlayout(definition, { players: 2, seed: 3, keepMoves: false });
    expect(logged.outcome).toMatchObject({ kind: 'draw', reason: 'pari', detail: '3 a 3' });
    expect(quiet.outcome).toEqual(logged.outcome);
  });

  it('the simulation groups endings by reason, not by every distinct detail', () => {
    const text = `game "Gara" { players 2 }
tokens Punto
turns {
  choose n from [1, 2, 3] by current
  gain n Punto
  if current.Punto >= 10 { win current "traguardo" detail "{current.Punto} a {left(current).Punto}" }
}
`;
    const definition = compile(text);
    const report = simulate(definition, { games: 60, players: 2, seed: 1 });
    const details = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) details.add(randomPlayout(definition, { players: 2, seed, keepMoves: false }).outcome.detail!);
    expect(details.size).toBeGreaterThan(1);
    expect(report.endReasons.map((e) => e.reason)).toEqual(['traguardo']);
  });

  it('a save keeps the team and the detail, and replays to the same outcome', () => {
    const definition = compile(teamGame);
    const match = started(definition);
    const saved = JSON.parse(JSON.stringify(match.save()));
    expect(saved.outcome).toMatchObject({ team: 'Rossi', detail: 'capo P1, cassa P1' });
    const restored = Match.restore(definition, saved);
    expect(restored.ok && restored.match.outcome).toEqual(match.outcome);
  });

  it('detail is a name anywhere else', () => {
    const definition = compile(`game "Nomi" { players 2 }
var detail = 4
turns { set detail = detail + 1  if detail > 6 { win current "ok" detail "{detail}" } }
`);
    const result = startGame(definition, { players: 2, seed: 1 });
    expect(result.ok && result.state.outcome).toMatchObject({ reason: 'ok', detail: '7' });
  });
});

describe('players in the setup', () => {
  it('are in seat order from the first seat, whatever the turn order', () => {
    const definition = compile(`game "Giro" { players 4 }
setup { for each p in players { log "{p}" } }
turns counterclockwise { win current "ok" }
`);
    const result = startGame(definition, { players: 4, seed: 1 });
    if (!result.ok) throw new Error(result.diagnostic.message);
    expect(result.state.log.filter((e) => e.turn === 0).map((e) => e.text.replace(/^.*: /, ''))).toEqual(['P1', 'P2', 'P3', 'P4']);
  });
});
