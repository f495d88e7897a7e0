/**
 * The differential test of the code generator (interpreter/codegen/): seeded random games of one
 * game played through the generated code and through the stepper (the reference) give the same
 * moves, the same log and the same state hash, in batch mode (quiet: random playouts, and games
 * played one decision at a time as a search plays them) and in a logged match.
 * `npm test` runs it over every game with a small budget (test/interpreter/codegen-differential.test.ts);
 * `npm run test:differential` runs 1,000 quiet and 1,000 logged games of each, a file per game.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../interpreter/lowering/compile.ts';
import { botRandomFor, randomPlayout } from '../../interpreter/bots/bots.ts';
import { advanceBot } from '../../interpreter/runtime/bot-random.ts';
import { applyChoiceIndex, choiceCount } from '../../interpreter/engine/engine.ts';
import { startState } from '../../interpreter/engine/batch-api.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { playerCounts, type GameDefinition, type GameState } from '../../interpreter/program/program.ts';
import { codegenReport, withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';

export const rulesDirectory = fileURLToPath(new URL('../../rules/', import.meta.url));

/** Every game of rules/ and rules/examples/, as paths under rules/ (a game added there is picked up). */
export const games = [
  ...readdirSync(rulesDirectory).filter((f) => f.endsWith('.rules')),
  ...readdirSync(`${rulesDirectory}examples`).filter((f) => f.endsWith('.rules')).map((f) => `examples/${f}`),
];

/** As `regola simulate` plays them: a war game with random bots may otherwise go round the table for ever. */
const maxRounds = 100;
/** A bound for the games played one decision at a time, which have no playout's limits. */
const maxDecisions = 100_000;

export function differentialSuite(file: string, budget: { quiet: number; logged: number }): void {
  describe(`generated code and stepper play the same games: ${file}`, () => {
    const compiled = compileRules(readFileSync(`${rulesDirectory}${file}`, 'utf8'));
    const definition = compiled.definition!;
    const generated = withGeneratedCode(definition);
    const stepper = withStepper(definition);
    const counts = definition ? playerCounts(definition) : [];

    it('compiles, and every program is generated', () => {
      expect(definition, compiled.diagnostics.map((d) => d.message).join('; ')).not.toBeNull();
      const report = codegenReport(definition);
      for (const program of [...report.logged, ...report.batch]) expect(program.generated, `${program.program}: ${program.reason}`).toBe(true);
    });

    it(`${budget.quiet} quiet games: same decisions and state hash`, () => {
      for (let seed = 1; seed <= budget.quiet; seed++) {
        const options = { players: counts[seed % counts.length], seed, keepMoves: false, maxRounds };
        const a = randomPlayout(generated, options);
        const b = randomPlayout(stepper, options);
        expect(a.state.moveCount, `seed ${seed}`).toBe(b.state.moveCount);
        expect(stateHash(a.state), `seed ${seed}`).toBe(stateHash(b.state));
      }
    });

    // Not a playout: each decision stops the frame and resumes it, in the batch programs' switch.
    it(`${budget.logged} quiet games one decision at a time, as a search moves: same decisions and state hash`, () => {
      for (let seed = 1; seed <= budget.logged; seed++) {
        const players = counts[seed % counts.length];
        const [a, b] = [generated, stepper].map((engine) => decisionByDecision(engine, players, seed));
        expect(a.moveCount, `seed ${seed}`).toBe(b.moveCount);
        expect(stateHash(a), `seed ${seed}`).toBe(stateHash(b));
      }
    });

    it(`${budget.logged} logged games: same moves, log and state hash`, () => {
      for (let seed = 1; seed <= budget.logged; seed++) {
        const options = { players: counts[seed % counts.length], seed, keepMoves: true, maxRounds };
        const a = randomPlayout(generated, options);
        const b = randomPlayout(stepper, options);
        expect(a.moves, `seed ${seed}`).toEqual(b.moves);
        expect(a.state.log.map((e) => e.text), `seed ${seed}`).toEqual(b.state.log.map((e) => e.text));
        expect(stateHash(a.state), `seed ${seed}`).toBe(stateHash(b.state));
      }
    });
  });
}

/** A quiet game from its start, each decision drawn by the bot's generator and made through `applyChoiceIndex`. */
function decisionByDecision(definition: GameDefinition, players: number, seed: number): GameState {
  const started = startState(definition, { players, seed });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.state;
  const random = botRandomFor(seed);
  while (!state.outcome && state.round <= maxRounds && state.moveCount < maxDecisions) applyChoiceIndex(definition, state, advanceBot(random, choiceCount(state)));
  return state;
}

/** The full run's budget: what issue 15 asks of every game. */
export const fullBudget = { quiet: 1000, logged: 1000 };

/** The file of `npm run test:differential` that plays `game` (one file per game, so the run spreads over the cores). */
export function differentialFileOf(game: string): string {
  return `${game.replace(/^examples\//, 'examples-').replace(/\.rules$/, '')}.differential.ts`;
}
