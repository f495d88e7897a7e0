/**
 * The differential test of the code generator (interpreter/codegen/): for every game in rules/
 * and rules/examples/ (a game added there is picked up), seeded random games played through the
 * generated code and through the stepper (the reference) give the same moves, the same log and
 * the same state hash, in batch mode (quiet) and in a logged match.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../interpreter/compile.ts';
import { randomPlayout } from '../../interpreter/bots.ts';
import { stateHash } from '../../interpreter/hash.ts';
import { playerCounts } from '../../interpreter/program.ts';
import { codegenReport, withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';

const rulesDirectory = fileURLToPath(new URL('../../rules/', import.meta.url));
const games = [
  ...readdirSync(rulesDirectory).filter((f) => f.endsWith('.rules')),
  ...readdirSync(`${rulesDirectory}examples`).filter((f) => f.endsWith('.rules')).map((f) => `examples/${f}`),
];

/**
 * Games per file, quiet and logged. 1,000 quiet games where a game takes about a millisecond; the
 * long games (hundreds of rounds of a war or a board game, 5–30 ms each through both back ends,
 * the first ones cold) play fewer, and logged games (a log line per event) fewer still, so that `npm test` stays in a minute or so on two cores.
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
/** As `regola simulate` plays them: a war game with random bots may otherwise go round the table for ever. */
const maxRounds = 100;

describe.each(games)('generated code and stepper play the same games: %s', (file) => {
  const compiled = compileRules(readFileSync(`${rulesDirectory}${file}`, 'utf8'));
  const definition = compiled.definition!;
  const generated = withGeneratedCode(definition);
  const stepper = withStepper(definition);
  const counts = definition ? playerCounts(definition) : [];
  const { quiet, logged } = budget[file] ?? defaultBudget;

  it('compiles, and every program is generated', () => {
    expect(definition, compiled.diagnostics.map((d) => d.message).join('; ')).not.toBeNull();
    const report = codegenReport(definition);
    for (const program of [...report.logged, ...report.batch]) expect(program.generated, `${program.program}: ${program.reason}`).toBe(true);
  });

  it(`${quiet} quiet games: same decisions and state hash`, () => {
    for (let seed = 1; seed <= quiet; seed++) {
      const options = { players: counts[seed % counts.length], seed, keepMoves: false, maxRounds };
      const a = randomPlayout(generated, options);
      const b = randomPlayout(stepper, options);
      expect(a.state.moveCount, `seed ${seed}`).toBe(b.state.moveCount);
      expect(stateHash(a.state), `seed ${seed}`).toBe(stateHash(b.state));
    }
  });

  it(`${logged} logged games: same moves, log and state hash`, () => {
    for (let seed = 1; seed <= logged; seed++) {
      const options = { players: counts[seed % counts.length], seed, keepMoves: true, maxRounds };
      const a = randomPlayout(generated, options);
      const b = randomPlayout(stepper, options);
      expect(a.moves, `seed ${seed}`).toEqual(b.moves);
      expect(a.state.log.map((e) => e.text), `seed ${seed}`).toEqual(b.state.log.map((e) => e.text));
      expect(stateHash(a.state), `seed ${seed}`).toBe(stateHash(b.state));
    }
  });
});
