/**
 * Aggregates that name their element (`sum of c in L by c.valore`), so a `where` nested in the score
 * can still reach it; `count of … where …`; `distinct PROPERTY of L`; and a set of cards as the list
 * of all its cards.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { compileRules, startGame, type Value } from '../../interpreter/index.ts';

const cards = `cards Carte with valore = 0, seme = none {
  3 Asso { valore 1 seme Denari }
  2 Re { valore 10 seme Coppe }
  Fante { valore 8 seme Coppe }
}
tokens Denari, Coppe
pile Mazzo of Carte public
pile Tavolo public`;

/** The values of the named variables at the end of the setup of a 2-player game. */
function after(setup: string, names: string[]): Record<string, Value> {
  const { definition, diagnostics } = compileRules(`game "Conti" { players 2 }
${cards}
${names.map((n) => `var ${n} = none`).join('\n')}
setup {
${setup}
}
turns { end game "fine" }
`);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('; '));
  const started = startGame(definition, { players: 2, seed: 1 });
  if (!started.ok) throw new Error(started.diagnostic.message);
  expect(started.state.error).toBeNull();
  return Object.fromEntries(names.map((n) => [n, started.state.globals[definition.globals.findIndex((g) => g.name === n)]]));
}

function codes(body: string): string[] {
  return analyze(`game "G" { players 2 }\n${cards}\nturns {\n${body}\n}\n`).diagnostics.map((d) => d.code);
}

describe('aggregates that name their element', () => {
  it('a where inside the score reaches the outer element by its name', () => {
    // For each card: how many cards of the pile share its value (3 Assi → 3 each, 2 Re → 2 each, 1 Fante).
    expect(after(`set coppie = sum of c in Mazzo by count(Mazzo where valore == c.valore)`, ['coppie']))
      .toEqual({ coppie: 3 * 3 + 2 * 2 + 1 });
  });

  it('max of, min of, highest of, lowest of and leader of take a name too', () => {
    const values = after(`
  set alto = max of c in Mazzo by c.valore
  set basso = min of c in Mazzo by c.valore * 2
  set primi = count(highest of c in Mazzo by c.valore)
  set ultimi = count(lowest of c in Mazzo by c.valore)
  set capo = leader of c in Mazzo by c.valore margin 2`, ['alto', 'basso', 'primi', 'ultimi', 'capo']);
    expect(values).toEqual({ alto: 10, basso: 2, primi: 2, ultimi: 3, capo: null });
  });

  it('count of … where counts the elements that meet the condition', () => {
    expect(after(`
  set assi = count of c in Mazzo where c.valore == 1
  set alte = count of Mazzo where valore > 5
  set nessuna = count of c in Tavolo where c.valore == 1`, ['assi', 'alte', 'nessuna'])).toEqual({ assi: 3, alte: 3, nessuna: 0 });
  });

  it('the element name is known only inside the aggregate', () => {
    expect(codes('let s = sum of c in Mazzo by c.valore\nlog "{c}"')).toContain('name/unknown');
  });

  it('the element is what the list holds: a card has no attribute of a player', () => {
    expect(codes('let s = sum of c in Mazzo by c.Denari')).toContain('name/unknown-attribute');
  });

  it('count of needs a condition and sum of a number, each reported where it is', () => {
    expect(codes('let n = count of c in Mazzo where c.valore')).toContain('type/expected-condition');
    expect(codes('let n = sum of c in Mazzo by c.name')).toContain('type/expected-number');
  });
});

describe('a property\'s distinct values', () => {
  it('distinct seme of Carte lists each suit once, in the order the cards are written', () => {
    expect(after(`set semi = distinct seme of Carte`, ['semi'])).toEqual({ semi: ['Denari', 'Coppe'] });
  });

  it('agrees with the distinct(…) function and takes a computed value with a named element', () => {
    const values = after(`
  move top(Mazzo) to Tavolo
  set valori = distinct valore of Mazzo
  set doppi = distinct of c in Mazzo by c.valore * 2`, ['valori', 'doppi']);
    // The pile is shuffled by nobody: its first card (an Asso) went to the table.
    expect(values.valori).toEqual([1, 10, 8]);
    expect(values.doppi).toEqual([2, 20, 16]);
  });

  it('distinct(…) is still the function of a list', () => {
    expect(after(`set d = distinct([3, 1, 3, 2, 1])`, ['d'])).toEqual({ d: [3, 1, 2] });
  });

  it('an attribute the cards do not have is reported', () => {
    expect(codes('let x = distinct colore of Carte')).toContain('name/unknown');
  });
});

describe('a set of cards as a value', () => {
  it('is every card of the set wherever it lies', () => {
    expect(after(`
  move top(Mazzo) to Tavolo
  set tutte = count(Carte)
  set nelMazzo = count(Mazzo)`, ['tutte', 'nelMazzo'])).toEqual({ tutte: 6, nelMazzo: 5 });
  });
});

describe('count of … where reads its condition as far as a where does', () => {
  it('and and or belong to the condition; brackets end it', () => {
    expect(after(`
  set both = count of c in Mazzo where c.valore > 1 and c.seme == Coppe
  set more = (count of c in Mazzo where c.valore == 1) + 2
  set over = count of c in Mazzo where c.valore == 1 > 2`, ['both', 'more', 'over'])).toEqual({ both: 3, more: 5, over: true });
  });
});
