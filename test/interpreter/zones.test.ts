/**
 * Zones (places holding tokens, with properties and variables) and `leader of … by … margin …`,
 * on rules/examples/conquista.rules and small rules written here.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { compileRules, randomPlayout, startGame, viewFor, type GameDefinition } from '../../interpreter/index.ts';
import { loadDefinition, Scenario } from '../support/scenario.ts';

const conquista = loadDefinition('examples/conquista.rules');

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return definition;
}

describe('leader of … by … margin …', () => {
  const game = (expression: string) => {
    const definition = compile(`game "L" { players 2 }
var risultato = none
setup { set risultato = ${expression} }
turns { end game "fine" }`);
    const started = startGame(definition, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    return started.state.globals[0];
  };

  it('a simple majority: the highest score wins by at least 1', () => {
    expect(game('leader of [4, 9, 7] by it')).toBe(9);
  });

  it('a tie gives none', () => {
    expect(game('leader of [5, 9, 9] by it')).toBeNull();
  });

  it('with a margin, the leader must be that far ahead of every other', () => {
    expect(game('leader of [4, 9] by it margin 5')).toBe(9);
    expect(game('leader of [5, 9] by it margin 5')).toBeNull();
  });

  it('a single element leads; an empty list has no leader', () => {
    expect(game('leader of [3] by it margin 5')).toBe(3);
    expect(game('leader of [] by it')).toBeNull();
  });
});

describe('zones', () => {
  it('are shown with their tokens, variables and properties', () => {
    const game = Scenario.of('examples/conquista.rules', 4);
    const zones = viewFor(conquista, game.state, 0).zones;
    expect(zones.map((z) => z.name)).toEqual(['Colle', 'Fiume', 'Ponte']);
    expect(zones[0].properties).toEqual([{ name: 'margine', value: 3 }, { name: 'capienza', value: 6 }]);
    expect(zones[2].properties).toEqual([{ name: 'margine', value: 1 }, { name: 'capienza', value: 4 }]);
    expect(zones[1].variables).toEqual([{ name: 'padrone', value: null }]);
  });

  it('gain … to a zone takes tokens from the reserve and puts them on the zone', () => {
    const game = Scenario.of('examples/conquista.rules', 4);
    game.choose(0, 'Fiume').choose(0, '3');
    const fiume = viewFor(conquista, game.state, 0).zones[1];
    expect(fiume.tokens).toEqual([{ token: 'PedinaRossa', count: 3 }, { token: 'PedinaBlu', count: 0 }]);
    expect(game.state.reserve[0]).toBe(57);
  });

  it('steal … from a zone to a zone moves tokens between them', () => {
    const game = Scenario.of('examples/conquista.rules', 4);
    game.choose(0, 'Fiume').choose(0, '2');
    game.answerWhile('Spostare una pedina?', 'no');
    // P2 (Blu) plays; then P3 (Rossi) moves one Rossa from Fiume to Colle.
    game.choose(1, 'Ponte').choose(1, '1').answerWhile('Spostare una pedina?', 'no');
    game.choose(2, 'Colle').choose(2, '1').choose(2, 'sì, da un altro luogo');
    const zones = viewFor(conquista, game.state, 0).zones;
    expect(zones[0].tokens[0].count).toBe(2);
    expect(zones[1].tokens[0].count).toBe(1);
  });

  it('a full zone goes to the team leading it by its margin, and its tokens go back', () => {
    const game = Scenario.of('examples/conquista.rules', 2);
    game.state.zones[2].tokens = [3, 0];
    game.state.reserve = [57, 60];
    game.choose(0, 'Ponte').choose(0, '1');
    game.answerWhile('Spostare una pedina?', 'no');
    const ponte = viewFor(conquista, game.state, 'referee').zones[2];
    expect(ponte.variables).toEqual([{ name: 'padrone', value: 'Rossi' }]);
    expect(ponte.tokens.map((t) => t.count)).toEqual([0, 0]);
    expect(game.state.reserve).toEqual([60, 60]);
    expect(viewFor(conquista, game.state, 'referee').teams[0].variables).toEqual([{ name: 'conquiste', value: 1 }]);
  });

  it('over 300 random games tokens are conserved: reserve + players + zones', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { state, outcome } = randomPlayout(conquista, { players: 2 + (seed % 3), seed, keepMoves: false });
      expect(state.error).toBeNull();
      expect(outcome.kind === 'win' || outcome.kind === 'draw').toBe(true);
      for (let t = 0; t < 2; t++) {
        const onZones = state.zones.reduce((sum, z) => sum + z.tokens[t], 0);
        const held = state.players.reduce((sum, p) => sum + p.tokens[t], 0);
        expect(onZones + held + state.reserve[t]!).toBe(60);
        for (const z of state.zones) expect(z.tokens[t]).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('the checker: tokens go to a player or a zone; zone properties are declared', () => {
    const base = 'game "Z" { players 2 }\ntokens X reserve 9\nzones Posti with peso = 1 { A { peso 2 } B }\nzone var v = 0\n';
    expect(analyze(`${base}turns { gain 1 X to A  set B.v = A.peso + A.X }`).diagnostics).toEqual([]);
    expect(analyze(`${base}turns { gain 1 X to 3 }`).diagnostics.map((d) => d.code)).toEqual(['type/expected-player']);
    expect(analyze(`${base.replace('{ peso 2 }', '{ pes 2 }')}turns { }`).diagnostics.map((d) => d.code)).toEqual(['name/unknown-attribute']);
  });
});
