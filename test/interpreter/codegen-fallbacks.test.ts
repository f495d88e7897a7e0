/**
 * What the code generator leaves to closures, listed: a statement or expression of a game in
 * rules/ or rules/examples/ that falls back to its closure without being listed here (with the
 * reason it may) fails, so nothing falls back silently. Every program must be generated
 * (codegen-differential.test.ts); this is about the parts inside them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../interpreter/lowering/compile.ts';
import { codegenReport } from '../../interpreter/codegen/index.ts';

const rulesDirectory = fileURLToPath(new URL('../../rules/', import.meta.url));
const games = [
  ...readdirSync(rulesDirectory).filter((f) => f.endsWith('.rules')),
  ...readdirSync(`${rulesDirectory}examples`).filter((f) => f.endsWith('.rules')).map((f) => `examples/${f}`),
];

/** Statements run by their own closure from the generated code, and why that is allowed. */
const statements: Record<string, string> = {
  'do': 'a real rule call (a rule calling itself, or any call in a logged match) pushes a frame: the engine runs it',
  'win': 'ends the game, once a game', 'win-team': 'ends the game, once a game', 'draw-game': 'ends the game, once a game',
  'eliminate': 'at most once per player and game',
  'next-turn': 'who plays next, out of turn order: at most once a turn (Bugie: once a round, the loser of the challenge)',
  'first-player': 'the setup, once a game', 'deal-roles': 'the setup, once a game', 'draw-role': 'rare, with its log line', 'discard-role': 'rare, with its log line',
  'draw-cards': 'cards (cards.ts) are not written out yet', 'deal-cards': 'dealing, mostly the setup, once a game', 'move-cards': 'cards (cards.ts) are not written out yet (a move of pieces is)',
  'reveal': 'cards (cards.ts) are not written out yet', 'shuffle': 'cards (cards.ts) are not written out yet',
  'choose-selection': 'the search of valid selections is selection.ts, called once when the choice opens',
  'simultaneous': 'threads (simultaneous.ts) change the stack: the engine takes over',
  'rotate': 'grids (compile-grid.ts) are not written out yet', 'take-off': 'grids (compile-grid.ts) are not written out yet',
  'set': 'a zone, team or piece variable (a player variable, a global and a local are written out)',
  'choose-value': 'a pick of several (`choose 2 x from L`), built pick by pick',
  'choose-option': 'a choice whose options a status can close (forbiddenLabels)',
  // A phase's instruction is lowered from the phase's name, which has no statement kind.
  'instruction': 'entering a phase (sets the phase name), once a turn',
};

/** Expressions evaluated by their closure from the generated code, by the reason given, and why that is allowed. */
const expressions: [RegExp, string][] = [
  [/^(sum|highest|lowest|max|min|count|distinct) of is left to its closure$/, 'aggregates (compile-aggregate.ts) are not written out yet'],
  [/^leader of is left to its closure$/, 'leader of (compile-aggregate.ts) is not written out yet'],
  [/^the function 'pairsWon' is left to its closure$/, 'a rare function'],
  // step, cell, adjacent, diagonal and cells' and pieces' attributes are written out (codegen/grid.ts).
  [/^the function '(pieces|tile|tiles|bordering|reachable)' is left to its closure$/, 'the other grid functions (grids.ts) build lists of tiles or paths, rarely called'],
  [/^the attribute kind '(tile-[a-z]+|cell-tile)' is left to its closure$/, 'tiles (grids.ts) are not written out yet'],
  [/^the name kind 'roles' is left to its closure$/, 'the eligible roles, read once a game'],
];

describe.each(games)('what the generator leaves to closures is listed: %s', (file) => {
  it('no statement or expression falls back without a listed reason', () => {
    const definition = compileRules(readFileSync(`${rulesDirectory}${file}`, 'utf8')).definition!;
    const report = codegenReport(definition);
    const unlisted: string[] = [];
    for (const program of [...report.logged, ...report.batch]) {
      for (const fallback of program.fallbacks) {
        const listed = fallback.reason === 'statement run by its closure'
          ? Object.prototype.hasOwnProperty.call(statements, fallback.what)
          : expressions.some(([pattern]) => pattern.test(fallback.reason));
        if (!listed) unlisted.push(`${program.program} @${fallback.at}: ${fallback.what}: ${fallback.reason}`);
      }
    }
    expect(unlisted).toEqual([]);
  });
});
