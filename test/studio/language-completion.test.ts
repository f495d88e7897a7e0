/**
 * Completion in context, on Mortadella and small snippets. `|` in a snippet marks the cursor.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { complete, RegolaDocument, type CompletionResult } from '../../studio/src/language/index.ts';

const mortadella = readFileSync(new URL('../../rules/mortadella.rules', import.meta.url), 'utf8');

/** Completion at the `|` of a text (the bar is removed). */
function at(textWithCursor: string): CompletionResult & { labels: string[] } {
  const offset = textWithCursor.indexOf('|');
  const text = textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1);
  const result = complete(new RegolaDocument(text), offset);
  return { ...result, labels: result.items.map((i) => i.label) };
}

/** Mortadella with `insert` (holding a `|`) put on a new line after the line containing `after`. */
function inMortadella(after: string, insert: string): ReturnType<typeof at> {
  const index = mortadella.indexOf(after);
  expect(index, `'${after}' is in mortadella.rules`).toBeGreaterThanOrEqual(0);
  const lineEnd = mortadella.indexOf('\n', index) + 1;
  return at(mortadella.slice(0, lineEnd) + insert + '\n' + mortadella.slice(lineEnd));
}

const rules = ['LanciaTutti', 'Lancia', 'DeusExMachina', 'EffettiDelLancio', 'Effetto', 'Acquisisci', 'SetteVizi', 'Esce', 'Vittoria', 'VittoriaFuoriTurno', 'IndovinaDueGiocatori'];

describe('completion after a keyword that names its kind', () => {
  it('after do: the rules, with their parameters as placeholders', () => {
    const result = inMortadella('    do Vittoria(current)', '    do |');
    expect(result.context).toBe('rule');
    expect(result.labels.sort()).toEqual([...rules].sort());
    const acquisisci = result.items.find((i) => i.label === 'Acquisisci')!;
    expect(acquisisci.insertText).toBe('Acquisisci(${1:p}, ${2:s})');
    expect(acquisisci.snippet).toBe(true);
    expect(result.items.find((i) => i.label === 'Effetto')!.documentation).toBe('EFFETTI DEI DADI');
    expect(result.items.find((i) => i.label === 'VittoriaFuoriTurno')!.insertText).toBe('VittoriaFuoriTurno');
  });

  it('after do, a partly typed name is the range the item replaces', () => {
    const result = inMortadella('    do Vittoria(current)', '    do Lan|');
    expect(result.context).toBe('rule');
    expect(result.range.end - result.range.start).toBe(3);
  });

  it('a rule whose name needs quotes is inserted with them', () => {
    const result = at('game "G" { players 2 }\nrule "Fonda una città"(p) { }\nturns { do | }');
    expect(result.items.map((i) => i.insertText)).toEqual(['"Fonda una città"(${1:p})']);
  });

  it('after mark and unmark: the marks of the dice', () => {
    expect(inMortadella('    do Vittoria(current)', '    mark |').labels).toEqual(['passato', 'tenuto', 'risolto', 'lanciato']);
    expect(inMortadella('    do Vittoria(current)', '    unmark ten|').context).toBe('mark');
  });

  it('after the count of a dice declaration: the kinds of die', () => {
    const result = at('game "G" { players 2 }\ndie D6 faces 1 to 6\ndie Moneta faces Testa, Croce\ndice Dadi: 2 |');
    expect(result.context).toBe('die');
    expect(result.labels).toEqual(['D6', 'Moneta']);
  });

  it('after end: turn or game', () => {
    expect(inMortadella('    do Vittoria(current)', '    end |').labels).toEqual(['turn', 'game']);
  });
});

describe('completion after a dot: the attributes of the value', () => {
  it('a player chosen from players: tokens, player variables and role', () => {
    const result = inMortadella('    choose t from players by current prompt "Ubriacatura: chi salta il prossimo turno?"', '    if t.|');
    expect(result.context).toBe('member');
    expect(result.labels).toEqual(['Popolo', 'Torre', 'Libro', 'Mortadella', 'salta', 'role']);
  });

  it('current is a player', () => {
    expect(inMortadella('    set carnevale = false', '    if current.|').labels).toContain('salta');
  });

  it('a die chosen from the dice: face, value and the marks', () => {
    const result = inMortadella('      mark risolto on d', '      if d.|');
    expect(result.labels).toEqual(['face', 'value', 'passato', 'tenuto', 'risolto', 'lanciato']);
  });

  it('a card chosen from a hand: its name, who played it and the properties of the cards', () => {
    const text = 'game "G" { players 2 }\ncards Carte with valore = 0 { Asso { valore 1 } }\npile Presa public\nplayer pile Mano secret\nturns {\n  choose c from current.Mano by current\n  if c.| }';
    expect(at(text).labels).toEqual(['name', 'player', 'valore']);
  });

  it('a rule parameter could be either, so both kinds of attribute are offered', () => {
    const result = inMortadella('rule Esce(p, motivo) {', '  if p.|');
    expect(result.labels).toEqual(expect.arrayContaining(['Popolo', 'salta', 'role', 'face', 'tenuto']));
  });
});

describe('completion in expressions', () => {
  it('locals in scope come first, then the names the file declares and the builtins', () => {
    const result = inMortadella('    let vittime = players where it != p and held(it, s) > 0', '    if |');
    expect(result.context).toBe('expression');
    const locals = result.items.filter((i) => i.sortText.startsWith('0')).map((i) => i.label);
    expect(locals.sort()).toEqual(['p', 's', 'vittime']);
    expect(result.labels).toEqual(expect.arrayContaining([
      'deus', 'carnevale', 'regoleAggiuntive', 'Popolo', 'Vino', 'Brigante', 'Maestro dei Locandieri', 'Dadi',
      'count', 'meetsGoal', 'held', 'current', 'players', 'others', 'seats', 'roles', 'true', 'none',
    ]));
    // Locals of other rules are not in scope here.
    expect(result.labels).not.toContain('coppia');
    expect(result.items.find((i) => i.label === 'Maestro dei Locandieri')!.insertText).toBe('"Maestro dei Locandieri"');
    expect(result.items.find((i) => i.label === 'count')!.insertText).toBe('count($1)');
  });

  it('the name of a selection is in scope after it, whatever its size words', () => {
    const text = (choose: string) => `game "G" { players 2 }\ntokens Oro\nturns {\n  ${choose}\n  gain count(|) Oro\n}`;
    for (const choose of ['choose some xs from players where count(xs) < 2', 'choose up to current.Oro + 1 xs from players', 'choose at least 1 xs from players', 'choose 2 xs from players']) {
      const result = at(text(choose));
      expect(result.items.filter((i) => i.sortText.startsWith('0')).map((i) => i.label), choose).toEqual(['xs']);
    }
  });

  it('a for each variable is in scope inside the loop only', () => {
    const inside = at('game "G" { players 2 }\ntokens Oro\nturns {\n  for each q in players { gain 1 Oro to | }\n}');
    expect(inside.labels).toContain('q');
    const after = at('game "G" { players 2 }\ntokens Oro\nturns {\n  for each q in players { gain 1 Oro to q }\n  win |\n}');
    expect(after.labels).not.toContain('q');
  });

  it('inside where over players: it and the player attributes as bare names', () => {
    const result = inMortadella('      mark risolto on d', '      let x = players where |');
    const first = result.items.filter((i) => i.sortText.startsWith('0')).map((i) => i.label);
    expect(first.sort()).toEqual(['Libro', 'Mortadella', 'Popolo', 'Torre', 'd', 'it', 'role', 'salta']);
    expect(result.items.find((i) => i.label === 'Popolo')!.kind).toBe('attribute');
  });

  it('inside where over dice: the die attributes', () => {
    const result = inMortadella('      mark risolto on d', '      let x = count(Dadi where face in [Vino, |');
    expect(result.labels).toEqual(expect.arrayContaining(['it', 'face', 'value', 'tenuto']));
  });

  it("inside a role's goal: the holder's attributes", () => {
    const text = mortadella.replace('goal Popolo >= 4 and Torre >= 2 and Libro >= 5', 'goal Popolo >= 4 and |');
    const result = at(text);
    expect(result.labels).toEqual(expect.arrayContaining(['it', 'Popolo', 'salta']));
  });

  it('the setting of a variant: the options', () => {
    expect(at(mortadella.replace('variant base { regoleAggiuntive = false }', 'variant base { |}')).labels).toEqual(['regoleAggiuntive']);
  });
});

describe('completion of statements and declarations', () => {
  it('at the start of a statement: the statements, phase only at the top of the turns', () => {
    const inRule = inMortadella('rule Esce(p, motivo) {', '  |');
    expect(inRule.context).toBe('statement');
    expect(inRule.labels).toEqual(expect.arrayContaining(['let', 'set', 'gain', 'for each', 'choose by', 'do', 'end turn', 'cite']));
    expect(inRule.labels).not.toContain('phase');
    expect(inRule.labels).not.toContain('Popolo');
    const forEach = inRule.items.find((i) => i.label === 'for each')!;
    expect(forEach.snippet).toBe(true);
    expect(forEach.insertText).toContain('${1:p}');
    expect(inMortadella('turns clockwise {', '  |').labels).toContain('phase');
  });

  it('after a closing brace, else too', () => {
    expect(at('game "G" { players 2 }\nturns {\n  if true { }\n  |\n}').labels).toContain('else');
  });

  it('inside choose { }: option clauses', () => {
    const result = at('game "G" { players 2 }\nturns {\n  choose by current prompt "?" {\n    |\n  }\n}');
    expect(result.context).toBe('options');
    expect(result.labels).toEqual(['option']);
  });

  it('at the top level: the declarations', () => {
    const result = at(mortadella + '\n|');
    expect(result.context).toBe('top-level');
    expect(result.labels).toEqual([
      'game', 'tokens', 'die', 'dice', 'player dice', 'roles', 'var', 'player var', 'team var', 'zone var', 'piece var', 'hidden var', 'secret player var',
      'option', 'variant', 'setup', 'turns', 'rule', 'teams', 'cards', 'pile', 'player pile', 'team pile', 'zones', 'map', 'grid', 'pieces',
      'thresholds', 'at any time', 'at turn limit', 'look', 'estimate', 'define',
    ]);
  });

  it('in the game block: its settings', () => {
    expect(at('game "G" {\n  |\n}').labels).toEqual(['players', 'turn limit', 'source']);
  });

  it('after the faces of a die: tokens and faces', () => {
    const result = at('game "G" { players 2 }\ntokens Oro, Argento\ndie Moneta faces Oro, |');
    expect(result.context).toBe('face');
    expect(result.labels).toEqual(expect.arrayContaining(['Oro', 'Argento']));
  });

  it('where a new name is being made up, or inside a text or a comment: nothing', () => {
    expect(at('game "G" { players 2 }\nrule |').items).toEqual([]);
    expect(inMortadella('rule Esce(p, motivo) {', '  let |').items).toEqual([]);
    expect(inMortadella('rule Esce(p, motivo) {', '  log "per |').items).toEqual([]);
    expect(inMortadella('rule Esce(p, motivo) {', '  # do |').items).toEqual([]);
  });
});

describe('completion in the smaller places', () => {
  it("in an option clause's condition: an expression, not another clause", () => {
    const result = at('game "G" { players 2 }\ntokens Oro\nturns {\n  choose by current prompt "?" {\n    option "paga" if current.Oro > | { }\n  }\n}');
    expect(result.context).toBe('expression');
    expect(result.labels).toContain('Oro');
  });

  it('after player at the top level: dice, var or pile; after turn in the game block: limit', () => {
    expect(at('game "G" { players 2 }\nplayer |').labels).toEqual(['dice', 'var', 'pile']);
    expect(at('game "G" {\n  turn |\n}').labels).toEqual(['limit']);
  });
});
