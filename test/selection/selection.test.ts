/**
 * Selections under a condition (`choose some xs from L where …`), played through the engine: only
 * picks that can still be completed are offered, a pick can be taken back, a confirm that fails
 * the condition is refused with the reason, and what is left when nothing (or one thing) is valid.
 */
import { describe, expect, it } from 'vitest';
import { compileRules, Match, randomPlayout, stateHash, type GameDefinition } from '../../interpreter/index.ts';

function compiled(text: string): GameDefinition {
  const result = compileRules(text);
  if (!result.definition) throw new Error(result.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  return result.definition;
}

function start(definition: GameDefinition, players = 2, seed = 1): Match {
  const started = Match.start(definition, { players, seed });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.match;
}

const choices = (match: Match) => match.legalMoves().map((m) => m.choice);
const pile = (match: Match, name: string) => match.view('referee').piles.find((p) => p.name === name)!.cards;
const log = (match: Match) => match.view('referee').log.map((e) => e.text);

/** A fishing game's capture: the table is fixed (no shuffle), the card played is always worth `carta`. */
function fishing(table: string, carta: number): GameDefinition {
  return compiled(`
game "Presa" { players 2 }
cards Carte with valore = 0 { ${table} }
pile Tavolo of Carte public
pile Prese public
turns {
  let carta = ${carta}
  if count(Tavolo where valore == carta) > 0 {
    choose x from Tavolo where valore == carta prompt "La carta uguale"
    move x to Prese
  } else {
    choose some xs from Tavolo where sum of xs by valore == carta prompt "Le carte da prendere"
    move xs to Prese
  }
  end game "presa fatta"
}`);
}

const table = 'Uno { valore 1 } Due { valore 2 } Tre { valore 3 } Quattro { valore 4 } Sei { valore 6 }';

describe('a selection under a condition: the sum of the cards taken equals the card played', () => {
  it('offers only the picks that can be completed, and after a pick only those that still can', () => {
    const match = start(fishing(table, 5));
    expect(choices(match)).toEqual(['pick Uno', 'pick Due', 'pick Tre', 'pick Quattro']);
    expect(match.apply({ player: 0, choice: 'pick Uno' })).toEqual({ ok: true });
    expect(choices(match)).toEqual(['pick Quattro', 'unpick Uno']);
  });

  it('refuses a pick that no valid selection contains, with the reason, and changes nothing', () => {
    const match = start(fishing(table, 5));
    const before = stateHash(match.state);
    const refused = match.apply({ player: 0, choice: 'pick Sei' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.diagnostic.code).toBe('move/selection-invalid');
    expect(refused.diagnostic.message).toBe('Sei cannot be picked: no valid selection of xs holds it (sum of xs by valore == carta)');
    expect(stateHash(match.state)).toBe(before);
    match.apply({ player: 0, choice: 'pick Uno' });
    const after = match.apply({ player: 0, choice: 'pick Due' });
    expect(after.ok || after.diagnostic.message).toBe('Due cannot be picked with Uno: no valid selection of xs holds them all (sum of xs by valore == carta)');
    expect(match.view(0).pending!.picked).toEqual(['Uno']);
  });

  it('refuses a confirm that fails the condition, saying the total and what it must be', () => {
    const match = start(fishing(table, 5));
    match.apply({ player: 0, choice: 'pick Uno' });
    expect(choices(match)).not.toContain('confirm');
    const refused = match.apply({ player: 0, choice: 'confirm' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.diagnostic.code).toBe('move/selection-invalid');
      expect(refused.diagnostic.message).toBe('cannot confirm xs yet: xs must meet its condition (sum of xs by valore == carta): the total is 1, and it must be == 5');
    }
    expect(match.view(0).pending!.selection).toEqual({ min: 1, max: 5, total: 1, target: '== 5', reason: 'xs must meet its condition (sum of xs by valore == carta): the total is 1, and it must be == 5' });
  });

  it('a pick can be taken back before the confirm; the confirmed cards are the list, in the order of the table', () => {
    const match = start(fishing(table, 5));
    match.apply({ player: 0, choice: 'pick Uno' });
    match.apply({ player: 0, choice: 'unpick Uno' });
    expect(choices(match)).toEqual(['pick Uno', 'pick Due', 'pick Tre', 'pick Quattro']);
    match.apply({ player: 0, choice: 'pick Tre' });
    match.apply({ player: 0, choice: 'pick Due' });
    expect(match.view(0).pending!.selection).toMatchObject({ total: 5, reason: null });
    expect(choices(match)).toEqual(['confirm', 'unpick Tre', 'unpick Due']);
    expect(match.apply({ player: 0, choice: 'confirm' })).toEqual({ ok: true });
    expect(pile(match, 'Prese')).toEqual(['Due', 'Tre']);
    expect(pile(match, 'Tavolo')).toEqual(['Uno', 'Quattro', 'Sei']);
    expect(log(match)).toContain('P1: Due, Tre (Le carte da prendere)');
  });

  it('"if a single card matches, it must be taken alone" is one if: the selection is not offered then', () => {
    // Two Cinque match alone: a plain choice between them, although 1 + 4 and 2 + 3 also make 5.
    const match = start(fishing(`${table} 2 Cinque { valore 5 }`, 5));
    expect(match.view(0).pending!.kind).toBe('value');
    expect(choices(match)).toEqual(['Cinque', 'Cinque (2)']);
    // Sei alone matches 6 (as would 2 + 4 and 1 + 2 + 3): it is taken, and nobody is asked.
    const auto = start(fishing(table, 6));
    expect(pile(auto, 'Prese')).toEqual(['Sei']);
  });

  it('no valid selection: the name is the empty list and nobody is asked', () => {
    const match = start(fishing('Quattro { valore 4 } Sei { valore 6 }', 3));
    expect(match.outcome?.reason).toBe('presa fatta');
    expect(pile(match, 'Prese')).toEqual([]);
    expect(log(match)).toContain('P1 has no selection that can be made (Le carte da prendere): xs is empty');
  });

  it('exactly one valid selection: it is taken without asking', () => {
    const match = start(fishing('Uno { valore 1 } Quattro { valore 4 } Sei { valore 6 }', 5));
    expect(match.outcome?.reason).toBe('presa fatta');
    expect(pile(match, 'Prese')).toEqual(['Uno', 'Quattro']);
    expect(log(match)).toContain('P1 takes Uno, Quattro (Le carte da prendere, the only choice)');
  });
});

/** One selection statement over the cards 1 to 5, the rest of the turn recording what was chosen. */
function sized(selection: string): GameDefinition {
  return compiled(`
game "Taglie" { players 2 }
cards Carte with valore = 0 { Uno { valore 1 } Due { valore 2 } Tre { valore 3 } Quattro { valore 4 } Cinque { valore 5 } }
pile Tavolo of Carte public
pile Scelte public
var limite = 2
turns {
  ${selection}
  move xs to Scelte
  end game "scelto"
}`);
}

describe('the sizes of a selection', () => {
  it('choose any: the empty selection is confirmed directly', () => {
    const match = start(sized('choose any xs from Tavolo'));
    expect(choices(match)).toContain('confirm');
    expect(match.apply({ player: 0, choice: 'confirm' })).toEqual({ ok: true });
    expect(pile(match, 'Scelte')).toEqual([]);
    expect(log(match)).toContain('P1: nothing (choose xs)');
  });

  it('choose up to N, N an expression: no more picks once N are picked', () => {
    const match = start(sized('choose up to limite + 1 xs from Tavolo where sum of xs by valore <= 9'));
    expect(choices(match)).toContain('confirm');
    for (const card of ['Uno', 'Due', 'Tre']) match.apply({ player: 0, choice: `pick ${card}` });
    expect(choices(match)).toEqual(['confirm', 'unpick Uno', 'unpick Due', 'unpick Tre']);
    match.apply({ player: 0, choice: 'unpick Tre' });
    // 1 + 2 + 5 = 8 and 1 + 2 + 4 = 7 still fit, 1 + 2 + 3 = 6 too.
    expect(choices(match)).toEqual(['pick Tre', 'pick Quattro', 'pick Cinque', 'confirm', 'unpick Uno', 'unpick Due']);
  });

  it('choose at least N: a confirm below N is refused with the reason', () => {
    const match = start(sized('choose at least 2 xs from Tavolo'));
    match.apply({ player: 0, choice: 'pick Tre' });
    const refused = match.apply({ player: 0, choice: 'confirm' });
    expect(refused.ok ? '' : refused.diagnostic.message).toBe('cannot confirm xs yet: choose at least 2 (1 picked so far)');
    match.apply({ player: 0, choice: 'pick Cinque' });
    expect(match.apply({ player: 0, choice: 'confirm' })).toEqual({ ok: true });
    expect(pile(match, 'Scelte')).toEqual(['Tre', 'Cinque']);
  });

  it('choose N xs … where a condition on xs: exactly N, under the condition', () => {
    const match = start(sized('choose 2 xs from Tavolo where sum of xs by valore >= 8'));
    // Only 3+5 and 4+5 reach 8.
    expect(choices(match)).toEqual(['pick Tre', 'pick Quattro', 'pick Cinque']);
    match.apply({ player: 0, choice: 'pick Cinque' });
    expect(choices(match)).toEqual(['pick Tre', 'pick Quattro', 'unpick Cinque']);
  });

  it('choose N xs from L with a where that does not name xs still filters the list, as before', () => {
    const match = start(sized('choose 2 xs from Tavolo where valore > 3'));
    expect(match.outcome?.reason).toBe('scelto');
    expect(pile(match, 'Scelte')).toEqual(['Quattro', 'Cinque']);
  });

  it('a filter and a condition together: the filter in brackets', () => {
    const match = start(sized('choose some xs from (Tavolo where valore > 1) where sum of xs by valore == 5'));
    expect(choices(match)).toEqual(['pick Due', 'pick Tre', 'pick Cinque']);
  });

  it('a size below 0 at run time stops the game with the reason', () => {
    const match = start(sized('choose up to limite - 5 xs from Tavolo'));
    expect(match.outcome?.kind).toBe('aborted');
    expect(match.state.error).toMatchObject({ code: 'run/error', message: 'choosing xs: the size must be a whole number of 0 or more, not -3' });
  });

  it('a search past the limit stops the game with run/selection-limit instead of hanging', () => {
    const match = start(compiled(`
game "Troppi" { players 2 }
turns {
  choose any xs from range(1, 40) where sum(xs) >= 10
  end game "mai"
}`));
    expect(match.outcome?.kind).toBe('aborted');
    expect(match.state.error?.code).toBe('run/selection-limit');
    expect(match.state.error?.message).toContain('more than 70,000 valid selections among 40 candidates');
    // Bounded in size, the same list is searched.
    const bounded = start(compiled(`
game "Pochi" { players 2 }
turns {
  choose up to 2 xs from range(1, 40) where sum(xs) == 79
  end game "fatto"
}`));
    expect(bounded.outcome).toMatchObject({ reason: 'fatto' });
    expect(log(bounded)).toContain('P1 takes 39, 40 (choose xs, the only choice)');
  });
});

describe('selections in a simultaneous block', () => {
  const sealed = compiled(`
game "Buste" { players 2 }
cards Carte with valore = 0 { 2 Uno { valore 1 } 2 Due { valore 2 } 2 Tre { valore 3 } }
pile Mazzo of Carte hidden
player pile Mano secret
player pile Busta hidden
player var offerta = 0
setup { for each p in players { draw 3 from Mazzo to p.Mano } }
turns {
  simultaneously for each p in players {
    choose some xs from p.Mano by p where sum of xs by valore <= 3 prompt "Le carte in busta"
    move xs to p.Busta face down
    set p.offerta = sum of xs by valore
  }
  end game "buste chiuse"
}`);

  it("each player makes their own selection at once; nobody sees the other's until both are in", () => {
    const match = start(sealed);
    expect(match.view('referee').waiting).toEqual(['P1', 'P2']);
    // Mazzo is not shuffled: P1 holds Uno, Uno, Due; P2 holds Due, Tre, Tre.
    expect(match.legalMoves(1).map((m) => m.choice)).toEqual(['pick Due', 'pick Tre', 'pick Tre (2)']);
    expect(match.apply({ player: 1, choice: 'pick Tre' })).toEqual({ ok: true });
    expect(match.legalMoves(1).map((m) => m.choice)).toEqual(['confirm', 'unpick Tre']);
    expect(match.apply({ player: 0, choice: 'pick Due' })).toEqual({ ok: true });
    expect(match.apply({ player: 1, choice: 'confirm' })).toEqual({ ok: true });
    expect(match.view(0).players[1].variables.find((v) => v.name === 'offerta')!.value).toBe(0);
    expect(match.apply({ player: 0, choice: 'pick Uno' })).toEqual({ ok: true });
    expect(match.apply({ player: 0, choice: 'confirm' })).toEqual({ ok: true });
    expect(match.outcome?.reason).toBe('buste chiuse');
    expect(match.view(0).players.map((p) => p.variables.find((v) => v.name === 'offerta')!.value)).toEqual([3, 3]);
  });

  it('random bots play it to the end, the same game in batch mode as with every move kept', () => {
    for (const seed of [1, 2, 3]) {
      const kept = randomPlayout(sealed, { players: 2, seed });
      const batch = randomPlayout(sealed, { players: 2, seed, keepMoves: false });
      expect(batch.state.players.map((p) => p.vars)).toEqual(kept.state.players.map((p) => p.vars));
      expect(kept.outcome.reason).toBe('buste chiuse');
    }
  });
});

describe('a move open at any time while a selection is being made', () => {
  const loan = compiled(`
game "Prestito" { players 2 }
tokens Moneta
cards Carte with costo = 1 { Uno { costo 1 } Due { costo 2 } Tre { costo 3 } }
pile Mercato of Carte public
player pile Magazzino public
setup { for each p in players { gain 2 Moneta to p } }
turns {
  choose any xs from Mercato where sum of xs by costo <= current.Moneta prompt "Compra"
  move xs to current.Magazzino
  end game "fine"
}
at any time by p in players {
  option "prestito" if p.Moneta < 5 { gain 3 Moneta to p }
}`);

  it('opens the selection again from the start, for the game as the move left it', () => {
    const match = start(loan);
    expect(choices(match).filter((c) => c.startsWith('pick'))).toEqual(['pick Uno', 'pick Due']);
    match.apply({ player: 0, choice: 'pick Uno' });
    expect(match.apply({ player: 0, choice: 'prestito' })).toEqual({ ok: true });
    // 5 coins now: every card fits, and the pick made before the loan is gone.
    expect(match.view(0).pending!.picked).toEqual([]);
    expect(choices(match)).toEqual(['pick Uno', 'pick Due', 'pick Tre', 'confirm']);
    match.apply({ player: 0, choice: 'pick Due' });
    match.apply({ player: 0, choice: 'pick Tre' });
    expect(match.apply({ player: 0, choice: 'confirm' })).toEqual({ ok: true });
    expect(match.view('referee').players[0].piles.find((p) => p.name === 'Magazzino')!.cards).toEqual(['Due', 'Tre']);
  });

  it("the other player's loan does not change what the chooser may buy, but the selection starts again", () => {
    const match = start(loan);
    match.apply({ player: 0, choice: 'pick Due' });
    expect(match.apply({ player: 1, choice: 'prestito' })).toEqual({ ok: true });
    expect(match.view(0).pending!.picked).toEqual([]);
    expect(choices(match).filter((c) => c.startsWith('pick'))).toEqual(['pick Uno', 'pick Due']);
  });
});
