/**
 * The differential test of the code generator, on a budget that keeps `npm test` to a minute or so
 * on two cores: every game of rules/ and rules/examples/, generated code against the stepper
 * (test/differential/differential.ts). `npm run test:differential` plays 1,000 quiet and 1,000
 * logged games of each; this file also checks that every game has its file there.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { differentialFileOf, differentialSuite, games } from '../differential/differential.ts';

/**
 * Games per file, quiet and logged. 1,000 quiet games where a game takes about a millisecond; the
 * long games (hundreds of rounds of a war or a board game, 5–30 ms each through both back ends,
 * the first ones cold) play fewer, and logged games (a log line per event) fewer still.
 * A game not listed plays the default.
 */
const budget: Record<string, { quiet: number; logged: number }> = {
  '1984.rules': { quiet: 100, logged: 20 },
  'notav.rules': { quiet: 100, logged: 20 },
  'percorsi.rules': { quiet: 60, logged: 15 },
  'risiko.rules': { quiet: 60, logged: 15 },
  'examples/isole.rules': { quiet: 300, logged: 40 },
  'examples/breakthrough.rules': { quiet: 300, logged: 40 },
  'examples/mercato.rules': { quiet: 500, logged: 60 },
};
const defaultBudget = { quiet: 1000, logged: 100 };

for (const file of games) differentialSuite(file, budget[file] ?? defaultBudget);

it('every game has its file in the full differential run (npm run test:differential)', () => {
  const directory = fileURLToPath(new URL('../differential/', import.meta.url));
  const missing = games.filter((game) => !existsSync(`${directory}${differentialFileOf(game)}`));
  expect(missing, `add test/differential/<game>.differential.ts for: ${missing.join(', ')}`).toEqual([]);
});
