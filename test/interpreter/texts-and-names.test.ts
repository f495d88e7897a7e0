/**
 * Texts that show values (`log "ne restano {p.daPiazzare}"`, prompts, reasons) and `where` with a
 * named element (`Mondo where t: …`), so a `where` inside the condition can still reach it.
 */
import { describe, expect, it } from 'vitest';
import { analyze, LineIndex } from '../../grammar/index.ts';
import { applyMove, compileRules, randomPlayout, startGame, type GameDefinition, type GameState } from '../../interpreter/index.ts';

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return definition;
}

function start(definition: GameDefinition, players = 2, seed = 1): GameState {
  const started = startGame(definition, { players, seed });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.state;
}

function play(definition: GameDefinition, state: GameState, choice: string): GameState {
  const result = applyMove(definition, state, { player: state.pending!.player, choice });
  if (!result.ok) throw new Error(result.diagnostic.message);
  return result.state;
}

const game = `game "Conti" { players 2 }
tokens Oro
cards Carte { Asso Re }
pile Mazzo of Carte public
var soglia = 5
turns {
  gain 3 Oro to current
  log "{current} ha {current.Oro} Oro; soglia {soglia}, vicino {current.Oro >= soglia}, carte {Mazzo}, nessuno {none}"
  choose n from [1, 2] by current prompt "Quante ne vuoi, {current}? Ne hai {current.Oro}"
  gain n Oro to current
  if current.Oro >= 9 { win current "{current} arriva a {current.Oro} Oro" }
}
`;

describe('texts that show values', () => {
  it('a log shows numbers, players, conditions, lists and none as the log prints them', () => {
    const definition = compile(game);
    const state = start(definition);
    expect(state.log.map((e) => e.text)).toContain('P1: P1 ha 3 Oro; soglia 5, vicino false, carte Asso, Re, nessuno none');
  });

  it('a prompt is made when the choice is asked, with the values of that moment', () => {
    const definition = compile(game);
    let state = start(definition);
    expect(state.pending!.prompt).toBe('Quante ne vuoi, P1? Ne hai 3');
    state = play(definition, state, '2');
    expect(state.pending!.prompt).toBe('Quante ne vuoi, P2? Ne hai 3');
    expect(state.log.map((e) => e.text)).toContain('P1: 2 (Quante ne vuoi, P1? Ne hai 3)');
  });

  it('a reason shows its values in the outcome, in batch mode too', () => {
    const definition = compile(game);
    const logged = randomPlayout(definition, { players: 2, seed: 4, keepMoves: true });
    const quiet = randomPlayout(definition, { players: 2, seed: 4, keepMoves: false });
    expect(logged.outcome.reason).toMatch(/^P[12] arriva a (9|10) Oro$/);
    expect(quiet.outcome).toEqual(logged.outcome);
  });

  it('a brace is written \\{ ; a text without braces is unchanged', () => {
    const definition = compile(`game "G" { players 2 }
turns { log "graffe \\{ e \\} letterali"  end game "fine {1 + 1}" }`);
    const state = start(definition);
    expect(state.log.map((e) => e.text)).toContain('P1: graffe { e } letterali');
    expect(state.outcome!.reason).toBe('fine 2');
  });

  it('every mistake in a text is reported at its own line:col, all in one pass', () => {
    const text = `game "G" { players 2 }
tokens Oro
turns {
  log "aperta {current.Oro"
  log "vuota {}"
  log "avanzo {current Oro}"
  log "ignota {pipo}"
  choose x from [1, 2] by current prompt "sorte {random([1, 2])}"
  end game
}
`;
    const index = new LineIndex(text);
    const found = analyze(text).diagnostics.map((d) => {
      const { line, column } = index.position(d.range.start);
      return `${line}:${column} ${d.code}`;
    });
    expect(found).toEqual([
      '4:15 syntax/unexpected-token',
      '5:14 syntax/unexpected-token',
      '6:24 syntax/unexpected-token',
      '7:16 name/unknown',
      '8:50 type/mismatch',
    ]);
    expect(analyze(text).diagnostics.find((d) => d.code === 'name/unknown')!.suggestion).toBeUndefined();
  });

  it('a value in a text sees the names in scope there: a rule\'s parameter, a loop\'s variable, not the choice it prompts', () => {
    const text = `game "G" { players 2 }
tokens Oro
rule Dai(p, k) { gain k Oro to p  log "{p} riceve {k}" }
turns {
  for each q in players { do Dai(q, 2) }
  choose x from [1] by current prompt "x vale {x}?"
  end game
}
`;
    const diagnostics = analyze(text).diagnostics;
    expect(diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(["name/unknown 'x' is not declared"]);
  });
});

describe('where with a named element', () => {
  const isole = `game "Isole" { players 2 }
tokens Armata
map Arcipelago {
  region Nord { Alfa, Beta, Gamma }
  border Alfa - Beta
  border Beta - Gamma
}
var contese = []
setup {
  set Alfa.owner = 0   set Beta.owner = 1   set Gamma.owner = 1
  # The territories next to a territory of another owner: the inner where tests the neighbours, t is the outer one.
  set contese = Arcipelago where t: count(neighbours(t) where owner != t.owner) > 0
}
turns { end game "fine" }
`;

  it('names the element, so an inner where can compare with it', () => {
    const definition = compile(isole);
    const state = start(definition);
    const index = definition.globals.findIndex((g) => g.name === 'contese');
    expect((state.globals[index] as number[]).map((z) => definition.zones[-z - 1].name)).toEqual(['Alfa', 'Beta']);
  });

  it('the name is known only inside its condition', () => {
    const text = isole.replace('set contese = Arcipelago where t: count(neighbours(t) where owner != t.owner) > 0', 'set contese = Arcipelago where t: t.owner == 0\n  log "{t}"');
    expect(analyze(text).diagnostics.map((d) => d.message)).toEqual(["'t' is not declared"]);
  });

  it('a bare attribute is still the innermost element\'s', () => {
    // Every territory has exactly one neighbour held by P2. Were `owner` the outer t's, Alfa (P1's) would be left out.
    const definition = compile(isole.replace('count(neighbours(t) where owner != t.owner) > 0', 'count(neighbours(t) where owner == 1) == 1'));
    const state = start(definition);
    const index = definition.globals.findIndex((g) => g.name === 'contese');
    expect((state.globals[index] as number[]).map((z) => definition.zones[-z - 1].name)).toEqual(['Alfa', 'Beta', 'Gamma']);
  });
});
