/**
 * Dice compared in pairs, as in an attack, tested exhaustively: every number of attacking dice 1–3
 * against every number of defending dice 1–3 (so also the usual 1–3 against 1–2), every face of
 * every die. `pairsWon` is checked against a brute force written here from the rulebook's words, the
 * totals against the published Risk odds, and the same battles are fought through the language.
 *
 * "il dado con il punteggio più alto ottenuto dall'attaccante si confronta con il punteggio più alto
 * del difensore … In caso di pareggio vince sempre il difensore … il confronto avviene per
 * eliminazione progressiva del punteggio più basso. I punteggi non si sommano mai."
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { pairsWon } from '../../interpreter/runtime/builtin-values.ts';
import { applyMove, cloneState, compileRules, startGame, type GameDefinition, type GameState } from '../../interpreter/index.ts';

/** Every roll of `count` six-sided dice, each a list of faces 1–6: 6^count of them. */
function allRolls(count: number): number[][] {
  let rolls: number[][] = [[]];
  for (let die = 0; die < count; die++) rolls = rolls.flatMap((roll) => [1, 2, 3, 4, 5, 6].map((face) => [...roll, face]));
  return rolls;
}

/**
 * The rulebook, step by step and without sorting: the side with more dice drops its lowest until both
 * have as many ("eliminazione progressiva del punteggio più basso"); then the highest die left on each
 * side meet, and the attacker wins the pair only by showing more ("in caso di pareggio vince sempre il
 * difensore"); both dice leave, and so on. Scores are compared one die at a time, never added.
 */
function pairsWonByTheRulebook(attack: number[], defence: number[]): number {
  const a = attack.slice();
  const d = defence.slice();
  const dropLowest = (dice: number[]) => dice.splice(dice.indexOf(Math.min(...dice)), 1);
  while (a.length > d.length) dropLowest(a);
  while (d.length > a.length) dropLowest(d);
  let won = 0;
  while (a.length > 0) {
    const highestAttack = Math.max(...a);
    const highestDefence = Math.max(...d);
    if (highestAttack > highestDefence) won++;
    a.splice(a.indexOf(highestAttack), 1);
    d.splice(d.indexOf(highestDefence), 1);
  }
  return won;
}

/** How many rolls end with the defender losing k armies, for k = 0 … min(n, m). */
function outcomes(attackDice: number, defenceDice: number, won: (a: number[], d: number[]) => number): number[] {
  const counts = new Array(Math.min(attackDice, defenceDice) + 1).fill(0);
  for (const a of allRolls(attackDice)) for (const d of allRolls(defenceDice)) counts[won(a, d)]++;
  return counts;
}

const pairings = [1, 2, 3].flatMap((n) => [1, 2, 3].map((m) => [n, m] as const));

describe('pairsWon, on its own', () => {
  it('compares the highest with the highest, then the next: [6, 1, 1] against [5, 5] wins one pair and loses one', () => {
    expect(pairsWon([6, 1, 1], [5, 5])).toBe(1);
    expect(pairsWon([1, 6, 1], [5, 5])).toBe(1);
  });

  it('a tie goes to the defender', () => {
    expect(pairsWon([3], [3])).toBe(0);
    expect(pairsWon([6, 4], [6, 3])).toBe(1);
  });

  it('scores are never added: [4, 4] against [6] loses, though 8 is more than 6', () => {
    expect(pairsWon([4, 4], [6])).toBe(0);
  });

  it('only as many pairs as the shorter side has; nothing against nothing', () => {
    expect(pairsWon([6, 6, 6], [1])).toBe(1);
    expect(pairsWon([6, 6, 6], [])).toBe(0);
    expect(pairsWon([], [1, 1])).toBe(0);
  });

  it('leaves the lists it is given as they were', () => {
    const a = [1, 5, 3];
    const d = [2, 6];
    pairsWon(a, d);
    expect([a, d]).toEqual([[1, 5, 3], [2, 6]]);
  });
});

describe('pairsWon against the rulebook, every roll', () => {
  for (const [n, m] of pairings) {
    it(`${n} against ${m} dice: all ${6 ** (n + m)} rolls agree with the brute force`, () => {
      let checked = 0;
      for (const a of allRolls(n)) {
        for (const d of allRolls(m)) {
          const expected = pairsWonByTheRulebook(a, d);
          if (pairsWon(a, d) !== expected) expect.fail(`pairsWon([${a}], [${d}]) should be ${expected}, not ${pairsWon(a, d)}`);
          checked++;
        }
      }
      expect(checked).toBe(6 ** (n + m));
    });
  }

  it('the one-die cases match the closed forms: a single die beats m dice in Σ(a−1)^m rolls; n dice beat one in Σ(6^n − d^n)', () => {
    const faces = [1, 2, 3, 4, 5, 6];
    for (const m of [1, 2, 3]) {
      expect(outcomes(1, m, pairsWon)[1], `1 against ${m}`).toBe(faces.reduce((sum, a) => sum + (a - 1) ** m, 0));
    }
    for (const n of [1, 2, 3]) {
      expect(outcomes(n, 1, pairsWon)[1], `${n} against 1`).toBe(faces.reduce((sum, d) => sum + 6 ** n - d ** n, 0));
    }
  });

  // The published odds of Risk battles (defender losses 0, 1, 2 over all rolls), an independent check.
  const published: [number, number, number[]][] = [
    [1, 1, [21, 15]],
    [2, 1, [91, 125]],
    [3, 1, [441, 855]],
    [1, 2, [161, 55]],
    [2, 2, [581, 420, 295]],
    [3, 2, [2275, 2611, 2890]],
  ];
  for (const [n, m, counts] of published) {
    it(`${n} against ${m}: the well-known odds, ${counts.join(' / ')} of ${6 ** (n + m)}`, () => {
      expect(outcomes(n, m, pairsWonByTheRulebook)).toEqual(counts);
      expect(outcomes(n, m, pairsWon)).toEqual(counts);
    });
  }

  it('1 against 1: the attacker wins 15 rolls in 36', () => {
    expect(outcomes(1, 1, pairsWon)[1] / 36).toBeCloseTo(15 / 36, 12);
  });
});

describe('pairsWon through the language', () => {
  // An attack: the attacker chooses how many dice, then the defender; the dice already show their
  // faces (set by the test at the defender's choice), so nothing is rolled here.
  const rules = `game "Battaglia" { players 2 }
tokens Armata
die D6 faces 1 to 6
dice Attacco: 3 D6
dice Difesa: 3 D6
map Fronte { region Campo { Da, Verso } border Da - Verso }
var vinte = none
var perse = none
setup {
  set Da.owner = top(players)
  set Verso.owner = left(top(players))
  gain 4 Armata to Da
  gain 3 Armata to Verso
}
turns {
  choose n from range(1, min(3, Da.Armata - 1)) by Da.owner prompt "Con quanti dadi attacchi?"
  choose m from range(1, min(3, Verso.Armata)) by Verso.owner prompt "Con quanti dadi difendi?"
  set vinte = pairsWon(take(Attacco, n), take(Difesa, m))
  set perse = min(n, m) - vinte
  discard vinte Armata from Verso
  discard perse Armata from Da
  end game "battaglia risolta"
}`;
  const compiled = compileRules(rules);
  if (!compiled.definition) throw new Error(compiled.diagnostics.map((d) => d.message).join('; '));
  const definition: GameDefinition = compiled.definition;
  const vinte = definition.globals.findIndex((g) => g.name === 'vinte');
  const perse = definition.globals.findIndex((g) => g.name === 'perse');
  const attackFirst = definition.pools.find((p) => p.name === 'Attacco')!.first;
  const defenceFirst = definition.pools.find((p) => p.name === 'Difesa')!.first;

  /** The game waiting for the defender, after the attacker chose n dice. */
  function waitingForTheDefender(n: number): GameState {
    const started = startGame(definition, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const chosen = applyMove(definition, started.state, { player: 0, choice: String(n) });
    if (!chosen.ok) throw new Error(chosen.diagnostic.message);
    expect(chosen.state.pending?.prompt).toBe('Con quanti dadi difendi?');
    return chosen.state;
  }

  /** Fights every roll of n against m dice through the rules; returns the defender-loss counts. */
  function fightEveryRoll(n: number, m: number): number[] {
    const waiting = waitingForTheDefender(n);
    const counts = new Array(Math.min(n, m) + 1).fill(0);
    for (const a of allRolls(n)) {
      for (const d of allRolls(m)) {
        const state = cloneState(waiting);
        a.forEach((face, i) => { state.dice[attackFirst + i].face = String(face); });
        d.forEach((face, i) => { state.dice[defenceFirst + i].face = String(face); });
        const result = applyMove(definition, state, { player: 1, choice: String(m) });
        if (!result.ok) throw new Error(result.diagnostic.message);
        const after = result.state;
        const expected = pairsWonByTheRulebook(a, d);
        const zones = after.zones.map((z) => z.tokens[0]);
        if (after.globals[vinte] !== expected || after.globals[perse] !== Math.min(n, m) - expected || zones[0] !== 4 - (Math.min(n, m) - expected) || zones[1] !== 3 - expected) {
          expect.fail(`${n} against ${m}, [${a}] against [${d}]: won ${String(after.globals[vinte])}, armies ${zones}; the rulebook says ${expected} won`);
        }
        counts[expected]++;
      }
    }
    return counts;
  }

  it('the dice counts offered follow the armies: up to 3 with 4 armies attacking, up to 3 against 3', () => {
    const started = startGame(definition, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    expect(started.state.pending?.labels).toEqual(['1', '2', '3']);
    expect(waitingForTheDefender(1).pending?.labels).toEqual(['1', '2', '3']);
  });

  it('3 against 2: every one of the 7776 rolls takes the armies the rulebook says (2890 / 2611 / 2275)', () => {
    expect(fightEveryRoll(3, 2)).toEqual([2275, 2611, 2890]);
  });

  it('1 against 1: every one of the 36 rolls (the attacker wins 15)', () => {
    expect(fightEveryRoll(1, 1)).toEqual([21, 15]);
  });

  it('every other pairing of 1–3 against 1–3 dice agrees with the enumeration', () => {
    for (const [n, m] of pairings) {
      if ((n === 3 && m === 2) || (n === 1 && m === 1)) continue;
      expect(fightEveryRoll(n, m), `${n} against ${m}`).toEqual(outcomes(n, m, pairsWonByTheRulebook));
    }
  });

  it('plain numbers compare the same way: pairsWon([6, 1, 1], [5, 5]) is 1', () => {
    const numbers = compileRules(`game "N" { players 2 }\nvar v = none\nsetup { set v = [pairsWon([6, 1, 1], [5, 5]), pairsWon([4, 4], [6]), pairsWon([3], [3])] }\nturns { end game "x" }`);
    const started = startGame(numbers.definition!, { players: 2, seed: 1 });
    expect(started.ok && started.state.globals[0]).toEqual([1, 0, 0]);
  });

  it('dice passed to a rule are compared by their faces; a parameter given dice by one call and numbers by another is refused', () => {
    const game = (body: string, calls = 'do Confronto(Attacco, Difesa)') => `game "R" { players 2 }
die D6 faces 1 to 6
dice Attacco: 3 D6
dice Difesa: 2 D6
var vinte = -1
rule Confronto(a, d) { ${body} }
turns {
  choose { option "confronta" { ${calls} } option "rinuncia" { } }
  end game "x"
}`;
    // A parameter takes the kind of value every call passes: here, dice.
    const accepted = compileRules(game('set vinte = pairsWon(a, d)'));
    expect(accepted.diagnostics).toEqual([]);
    const fight = (faces: string[]) => {
      const started = startGame(accepted.definition!, { players: 2, seed: 1 });
      if (!started.ok) throw new Error(started.diagnostic.message);
      faces.forEach((face, i) => { started.state.dice[i].face = face; });
      const result = applyMove(accepted.definition!, started.state, { player: 0, choice: 'confronta' });
      if (!result.ok) throw new Error(result.diagnostic.message);
      return result.state.globals[0];
    };
    expect(fight(['6', '6', '6', '5', '5'])).toBe(2);
    expect(fight(['6', '4', '1', '5', '5'])).toBe(1);
    expect(fight(['1', '2', '3', '5', '5'])).toBe(0);
    // Called with dice once and with numbers once, the parameters' kind is not known: refused, with the way out.
    const refused = analyze(game('set vinte = pairsWon(a, d)', 'do Confronto(Attacco, Difesa)  do Confronto([6, 5], [4])')).diagnostics;
    expect(refused.map((d) => d.code)).toEqual(['type/mismatch', 'type/mismatch']);
    expect(refused[0].message).toContain('values(');
  });

  it('dice kept in a variable, a local value or a player variable are compared by the faces they show', () => {
    for (const [declaration, body] of [
      ['var a = []', 'set a = take(Attacco, 2)  set vinte = pairsWon(a, Difesa)'],
      ['var a = none', 'set a = take(Attacco, 2)  set vinte = pairsWon(a, Difesa)'],
      ['', 'let a = []  set a = take(Attacco, 2)  set vinte = pairsWon(a, Difesa)'],
      ['player var a = []', 'set current.a = take(Attacco, 2)  set vinte = pairsWon(current.a, Difesa)'],
    ]) {
      const compiled = compileRules(`game "V" { players 2 }
die D6 faces 1 to 6
dice Attacco: 3 D6
dice Difesa: 2 D6
${declaration}
var vinte = -1
turns {
  choose { option "confronta" { ${body} } option "rinuncia" { } }
  end game "x"
}`);
      expect(compiled.diagnostics, body).toEqual([]);
      const started = startGame(compiled.definition!, { players: 2, seed: 1 });
      if (!started.ok) throw new Error(started.diagnostic.message);
      // The attacker's first two dice show 6 and 6, the defender's 1 and 1: both pairs are won.
      ['6', '6', '6', '1', '1'].forEach((face, i) => { started.state.dice[i].face = face; });
      const result = applyMove(compiled.definition!, started.state, { player: 0, choice: 'confronta' });
      if (!result.ok) throw new Error(result.diagnostic.message);
      const index = compiled.definition!.globals.findIndex((g) => g.name === 'vinte');
      expect(result.state.globals[index], body).toBe(2);
    }
  });

  it('a variable given something else than dice or numbers is refused in pairsWon', () => {
    const diagnostics = analyze('game "R" { players 2 }\ndie D6 faces 1 to 6\ndice Difesa: 2 D6\nvar a = none\nturns { set a = players  let v = pairsWon(a, Difesa) }\n').diagnostics;
    expect(diagnostics.map((d) => d.code)).toEqual(['type/mismatch']);
    expect(diagnostics[0].message).toContain('a list of players');
  });

  it('the checker refuses pairsWon of things that are not dice or numbers', () => {
    const diagnostics = analyze('game "R" { players 2 }\nturns { let v = pairsWon(players, [1]) }\n').diagnostics;
    expect(diagnostics.map((d) => d.code)).toEqual(['type/mismatch']);
  });
});
