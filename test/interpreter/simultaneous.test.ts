import { describe, expect, it } from 'vitest';
import { compileRules, Match, randomPlayout, stateHash, type GameDefinition } from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';

function compiled(text: string): GameDefinition {
  const result = compileRules(text);
  if (!result.definition) throw new Error(result.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  return result.definition;
}

function start(definition: GameDefinition, players = 3, seed = 2): Match {
  const started = Match.start(definition, { players, seed });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.match;
}

const codes = (text: string) => compileRules(text).diagnostics.map((d) => d.code);

const asta = loadDefinition('examples/asta.rules');

/** Answers every open bid of the first lot: `bids[seat]`, in the order given by `order`. */
function bidFirstLot(order: number[], bids: number[]): Match {
  const match = start(asta);
  for (const seat of order) expect(match.apply({ player: seat, choice: String(bids[seat]) })).toEqual({ ok: true });
  return match;
}

describe('simultaneously: several players choose at once', () => {
  it('every player of the block has legal moves at once, whoever is first in it', () => {
    const match = start(asta);
    const view = match.view('referee');
    expect(view.waiting).toEqual(['P3', 'P1', 'P2']);
    for (const seat of [0, 1, 2]) expect(match.legalMoves(seat).map((m) => m.choice)).toContain('10');
  });

  it('the answers give the same game in whatever order they come', () => {
    const bids = [4, 7, 2];
    const hashes = [[0, 1, 2], [2, 1, 0], [1, 2, 0]].map((order) => bidFirstLot(order, bids));
    const logs = hashes.map((m) => m.view('referee').log.map((e) => e.text).filter((t) => !t.startsWith('P')).join('|'));
    expect(new Set(hashes.map((m) => m.view('referee').players.map((p) => p.tokens[0].count).join())).size).toBe(1);
    expect(new Set(logs).size).toBe(1);
    expect(hashes[0].view('referee').players[1].tokens[0].count).toBe(3);
  });

  it("nobody sees another's answer until all are in: not the variable, not the log line", () => {
    const match = start(asta);
    const logBefore = match.view(1).log;
    expect(match.apply({ player: 0, choice: '9' })).toEqual({ ok: true });
    const offerta = (viewer: number | 'referee', seat: number) => match.view(viewer).players[seat].variables.find((v) => v.name === 'offerta')!.value;
    expect(offerta(1, 0)).toBe(0);
    expect(offerta(0, 0)).toBe(9);
    expect(offerta('referee', 0)).toBe(9);
    const seen = match.view(1).log.map((e) => e.text).join('\n');
    expect(seen).not.toContain('9 (La tua offerta');
    // Not even that P1 has answered, in the log: only `waiting` says so.
    expect(match.view(1).log).toEqual(logBefore);
    expect(match.view(0).log.map((e) => e.text).join('\n')).toContain('P1: 9 (La tua offerta segreta per il lotto 1)');
    // P1 has answered: their legal moves are gone, the others still wait.
    expect(match.legalMoves(0)).toEqual([]);
    expect(match.view('referee').waiting).toEqual(['P3', 'P2']);
    match.apply({ player: 1, choice: '3' });
    match.apply({ player: 2, choice: '1' });
    expect(match.view(1).log.map((e) => e.text).join('\n')).toContain('P1: 9 (La tua offerta segreta per il lotto 1)');
    expect(offerta(1, 0)).toBe(9);
  });

  it('a second answer from a player who has answered is refused, and changes nothing', () => {
    const match = start(asta);
    match.apply({ player: 0, choice: '9' });
    const before = match.hash();
    const refused = match.apply({ player: 0, choice: '8' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.diagnostic.code).toBe('move/not-your-turn');
      expect(refused.diagnostic.message).toBe('P3, P2 are choosing at once, not P1');
    }
    expect(match.hash()).toBe(before);
  });

  it('cards put down in a block are not on the table for the others until every player has put theirs', () => {
    const definition = compiled(`
      game "Carte coperte" { players 2 }
      cards Mazzo { 6 Asso }
      pile Banco of Mazzo hidden
      player pile Mano secret
      pile Tavolo public
      setup { for each p in players { draw 2 from Banco to p.Mano } }
      turns {
        simultaneously for each p in players {
          choose c from p.Mano by p prompt "Quale carta giochi?"
          move c to Tavolo
        }
        end game "fine"
      }`);
    const match = start(definition, 2, 1);
    match.apply({ player: 0, choice: match.legalMoves(0)[0].choice });
    // Not even a card's back: the table is as P2 saw it before P1 answered.
    expect(match.view(1).piles.find((p) => p.name === 'Tavolo')!.cards).toEqual([]);
    expect(match.view(0).piles.find((p) => p.name === 'Tavolo')!.cards).toEqual(['Asso']);
    match.apply({ player: 1, choice: match.legalMoves(1)[0].choice });
    expect(match.view(1).piles.find((p) => p.name === 'Tavolo')!.cards).toEqual(['Asso', 'Asso']);
  });

  it('a card put down face down in a block stays face down once it closes', () => {
    const definition = compiled(`
      game "Coperte" { players 2 }
      cards Mazzo { 6 Asso }
      pile Banco of Mazzo hidden
      player pile Mano secret
      player pile Opinioni public
      setup { for each p in players { draw 2 from Banco to p.Mano } }
      turns {
        simultaneously for each p in players {
          choose c from p.Mano by p prompt "Quale carta?"
          move c to p.Opinioni face down
        }
        end game "fine"
      }`);
    const match = start(definition, 2, 1);
    for (const seat of [0, 1]) match.apply({ player: seat, choice: match.legalMoves(seat)[0].choice });
    const opinions = (viewer: number, seat: number) => match.view(viewer).players[seat].piles.find((p) => p.name === 'Opinioni')!.cards;
    expect(match.outcome).not.toBeNull();
    expect(opinions(0, 0)).toEqual(['Asso']);
    expect(opinions(1, 0)).toEqual([null]);
  });

  it('batch mode and the logged match play the same auctions', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const logged = randomPlayout(asta, { players: 4, seed, keepMoves: true });
      const batch = randomPlayout(asta, { players: 4, seed, keepMoves: false });
      expect(batch.outcome).toEqual(logged.outcome);
      const match = start(asta, 4, seed);
      for (const move of logged.moves) expect(match.apply(move)).toEqual({ ok: true });
      expect(match.outcome).toEqual(logged.outcome);
      expect(match.hash()).toBe(stateHash(logged.state));
    }
  });

  it("nothing of an answer leaks: not another's status, not a later question that quotes it, and all is shown once the game ends", () => {
    const definition = compiled(`
      game "G" { players 3 }
      tokens Oro
      thresholds Oro { 3 "Ricco" }
      turns {
        simultaneously for each p in players {
          choose x from [0, 3] by p prompt "Quanto?"
          gain x Oro to p
          choose c from [0, 1] by p prompt "Confermi {x}?"
        }
        end game "fine"
      }`);
    const match = start(definition, 3, 1);
    const [first, second] = match.view('referee').waiting.map((name) => Number(name.slice(1)) - 1);
    match.apply({ player: second, choice: '3' });
    expect(match.view(first).players[second].statuses).toEqual([]);
    expect(match.view(second).players[second].statuses).toEqual(['Ricco']);
    // The running thread is now `second`'s second question: others must not read "Confermi 3?".
    for (const seat of [0, 1, 2].filter((s) => s !== second)) expect(match.view(seat).pending?.prompt).not.toContain('3');
    expect(match.view(second).pending?.prompt).toBe('Confermi 3?');
    while (!match.outcome) match.apply(match.legalMoves()[0]);
    expect(match.view(first).log.map((e) => e.text).join('\n')).not.toContain('answers (shown once');
  });

  it('the checker refuses a body whose result would depend on who answers first', () => {
    const game = (body: string) => `game "G" { players 2 } tokens Oro var banco = 0 player var puntata = 0
      die D6 faces 1 to 6 dice Dado: 1 D6
      turns { simultaneously for each p in players { ${body} } end game "fine" }`;
    expect(codes(game('roll Dado'))).toContain('flow/simultaneous');
    expect(codes(game('set banco = 1'))).toContain('flow/simultaneous');
    expect(codes(game('gain 1 Oro'))).toContain('flow/simultaneous');
    expect(codes(game('choose x from [1, 2] by p set p.puntata = x if left(p).puntata > 1 { gain 1 Oro to p }'))).toContain('flow/simultaneous');
    expect(codes(game('choose x from [1, 2] by p set p.puntata = x gain x Oro to p'))).toEqual([]);
    // A choice by anyone but the block's player would never be asked of them.
    expect(codes(game('choose x from [1, 2] by current set p.puntata = x'))).toContain('flow/simultaneous');
    // Tokens changed in the body are answers too.
    expect(codes(game('choose x from [1, 2] by p gain x Oro to p choose y from range(0, left(p).Oro) by p'))).toContain('flow/simultaneous');
  });
});

describe('moves open at any time, and statuses from thresholds', () => {
  const chiama = loadDefinition('examples/chiama.rules');

  it('a player may take the move out of turn, then the waiting choice is asked again', () => {
    const match = start(chiama, 3, 1);
    const first = match.toAct!;
    match.apply({ player: first, choice: 'prendi' });
    const other = match.toAct!;
    expect(match.legalMoves(first).map((m) => m.choice)).toEqual(['chiama']);
    expect(match.apply({ player: first, choice: 'chiama' })).toEqual({ ok: true });
    expect(match.view('referee').players[first].tokens[1].count).toBe(1);
    expect(match.view('referee').players[first].statuses).toEqual(['Sorvegliato']);
    expect(match.toAct).toBe(other);
    expect(match.legalMoves(other).map((m) => m.choice)).toEqual(['prendi', 'accusa']);
  });

  it("a status closes the options it forbids, in choices and in moves open at any time", () => {
    const match = start(chiama, 3, 1);
    const first = match.toAct!;
    match.apply({ player: first, choice: 'prendi' });
    match.apply({ player: first, choice: 'chiama' });
    // A second early call: two Sospetto, "Zittito" — no more calling or accusing.
    match.apply({ player: first, choice: 'chiama' });
    expect(match.view(first).players[first].statuses).toEqual(['Sorvegliato', 'Zittito']);
    expect(match.view(first).openMoves).toEqual([]);
    // Accusing is closed too, so on their turn "prendi" is the only choice, taken without asking.
    for (let k = 0; k < 2; k++) expect(match.apply({ player: match.toAct!, choice: 'prendi' })).toEqual({ ok: true });
    expect(match.toAct).not.toBe(first);
    expect(match.view('referee').log.some((e) => e.text === `P${first + 1}: prendi (Che fai?, the only choice)`)).toBe(true);
  });

  it('the checker knows the statuses and the labels they forbid', () => {
    expect(codes(`game "G" { players 2 } tokens Oro thresholds Oro { 2 "Ricco" } turns { if current is "Richissimo" { end game "x" } end turn }`)).toContain('name/unknown');
    expect(codes(`game "G" { players 2 } tokens Oro thresholds Ora { 2 "Ricco" } turns { end turn }`)).toContain('name/unknown');
    const warnings = compileRules(`game "G" { players 2 } tokens Oro thresholds Oro { 2 "Ricco" forbid "vola" } turns { end turn }`).diagnostics;
    expect(warnings.map((d) => [d.code, d.severity])).toEqual([['name/unknown', 'warning']]);
  });

  it('bots take moves open at any time too, and batch mode plays the same games', () => {
    let calls = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const logged = randomPlayout(chiama, { players: 3, seed, keepMoves: true, maxRounds: 50 });
      calls += logged.moves.filter((m) => m.choice === 'chiama').length;
      const batch = randomPlayout(chiama, { players: 3, seed, keepMoves: false, maxRounds: 50 });
      expect(batch.outcome).toEqual(logged.outcome);
    }
    expect(calls).toBeGreaterThan(0);
  });
});
