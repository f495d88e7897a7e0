/**
 * Values computed by a setup, for tests of expressions at run time: a 3-player game whose setup
 * sets the named globals (each declared `none` first) and ends at once.
 */
import { expect } from 'vitest';
import { compileRules, startGame, type GameDefinition, type Value } from '../../interpreter/index.ts';

export function compiled(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('; '));
  return definition;
}

/** The values of the named globals once the setup has run (the game has `tokens Oro` to spend). */
export function valuesAfterSetup(declarations: string, setup: string, names: string[]): Record<string, Value> {
  const definition = compiled(`game "Conti" { players 3 }
tokens Oro reserve 100
${names.map((n) => `var ${n} = none`).join('\n')}
${declarations}
setup {
${setup}
}
turns { end game "fine" }
`);
  const started = startGame(definition, { players: 3, seed: 7 });
  if (!started.ok) throw new Error(started.diagnostic.message);
  expect(started.state.error).toBeNull();
  return Object.fromEntries(names.map((n) => [n, started.state.globals[definition.globals.findIndex((g) => g.name === n)]]));
}
