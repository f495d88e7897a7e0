/**
 * `define NAME(PARAMS) = VALUE` at run time (interpreter/lowering/compile-define.ts, and written out by the
 * code generator): the values it gives, when its arguments are evaluated, its own frame beside a
 * rule's locals (logged, inlined in batch mode, generated), and the same games on both back ends.
 */
import { describe, expect, it } from 'vitest';
import { startGame } from '../../interpreter/index.ts';
import { compiled, valuesAfterSetup as after } from '../support/setup-values.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { programReports, withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';

describe('define at run time', () => {
  it('gives its value for the arguments passed, and sees the variables of the file', () => {
    expect(after(`var base = 10
define Somma(a, b) = a + b + base
define Doppio(n) = Somma(n, n)
define Dieci = base`, `set base = 100
  set uno = Somma(1, 2)
  set due = Doppio(3)
  set tre = Dieci()`, ['uno', 'due', 'tre'])).toEqual({ uno: 103, due: 106, tre: 100 });
  });

  it('evaluates each argument once, before the value: a draw by lot passed in is one draw', () => {
    const values = after('define Coppia(x) = [x, x]', `for each i in range(1, 20) {
    if count(distinct(Coppia(random(range(1, 1000))))) != 1 { set diversi = true }
  }
  set coppia = Coppia(random(range(1, 1000)))`, ['diversi', 'coppia']);
    expect(values.diversi).toBeNull();
    const [a, b] = values.coppia as number[];
    expect(a).toBe(b);
  });

  it('a parameter hides a variable of the same name', () => {
    expect(after('var n = 5\ndefine Piu(n) = n + 1', 'set x = Piu(1) + n', ['x'])).toEqual({ x: 7 });
  });

  it('a define inside a where reads the element passed to it; the where inside the define has its own element', () => {
    expect(after(`define Ricco(p) = p.Oro >= 3
define Piu(p) = count(players where q: q.Oro > p.Oro)`, `gain 5 Oro to top(players)
  gain 3 Oro to left(top(players))
  set ricchi = count(players where Ricco(it))
  set davanti = [Piu(top(players)), Piu(left(top(players))), Piu(right(top(players)))]`, ['ricchi', 'davanti']))
      .toEqual({ ricchi: 2, davanti: [0, 1, 2] });
  });

  it("a variable's initial value may call a define", () => {
    const definition = compiled(`game "G" { players 2 }
define Tre = 1 + 2
var nove = Tre() * Tre()
turns { end game }
`);
    const started = startGame(definition, { players: 2, seed: 1 });
    expect(started.ok && started.state.globals[0]).toBe(9);
  });
});

/**
 * A rule with locals of its own calls a define whose value filters a list: logged, the rule has a
 * frame of its own; in batch mode it is inlined past its caller's slots; generated, the define is a
 * function with a frame of its own. The same game every way.
 */
const game = `game "Raccolto" { players 2 to 4 turn limit 200 }
tokens Grano, Oro reserve 200
player var punti = 0
define Forza(p, extra) = p.Grano + extra + count(players where q: q.Oro < p.Oro)
define Migliore = top(highest of players by Forza(it, 0))
rule Raccogli(p, quanto) {
  let prima = p.Grano
  let soglia = quanto * 2
  choose n from range(1, quanto) where Forza(p, it) < soglia + 10 by p prompt "Quanto grano?"
  gain n Grano to p
  if Forza(p, 0) > prima + soglia { gain 1 Oro to p }
  set p.punti = p.punti + Forza(p, n)
  # A define in its own argument, and inside a where in its own argument: each call has its frame to itself.
  if Forza(p, Forza(p, n) - count(players where Forza(it, 0) > Forza(p, 0))) > 40 { gain 1 Oro to p }
}
turns {
  do Raccogli(current, 3)
  if current == Migliore() and current.Oro >= 4 { win current "il raccolto migliore" }
}
`;

describe('define in a rule: logged, inlined, generated', () => {
  const definition = compiled(game);

  it('the generated code writes each call out (no call left to a closure)', () => {
    const generated = withGeneratedCode(definition);
    for (const programs of [definition.programs, definition.batchPrograms()]) {
      for (const report of programReports(generated, programs)) {
        expect(report.generated, report.program).toBe(true);
        expect(report.fallbacks.filter((f) => f.what === 'call'), report.program).toEqual([]);
      }
    }
    const turn = programReports(generated, definition.batchPrograms()).find((r) => r.program === 'turn')!;
    expect(turn.source).toMatch(/function v\d+\(s, a0, a1\)/);
  });

  it('random games end the same on the stepper and in generated code, quiet and logged', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const players = 2 + (seed % 3);
      const ends: string[] = [];
      for (const keepMoves of [false, true]) {
        const a = randomPlayout(withGeneratedCode(definition), { players, seed, keepMoves });
        const b = randomPlayout(withStepper(definition), { players, seed, keepMoves });
        expect(a.state.error, `seed ${seed}`).toBeNull();
        expect(stateHash(a.state), `seed ${seed}`).toBe(stateHash(b.state));
        ends.push(JSON.stringify([a.state.moveCount, a.state.players.map((p) => [p.tokens, p.vars]), a.state.outcome]));
      }
      // A logged match (a frame per rule call) and a quiet one (the rule inlined) reach the same end.
      expect(ends[0], `seed ${seed}`).toBe(ends[1]);
    }
  });
});
