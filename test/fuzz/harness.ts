/**
 * The fuzzing harness shared by `npm test` (test/fuzz/fuzz.test.ts, bounded) and `npm run fuzz`
 * (test/fuzz/run.ts, long runs on every core): the generators of inputs, the one function that
 * examines an input and names every broken promise, and a minimiser for what fails.
 *
 * The promises (issue 16): lex → parse → check → compile never throws, every range lies in the
 * text, the diagnostics are the same on a second run, no message is a JavaScript one; a game that
 * compiles plays short random games in batch mode, in the logged stepper and through the Match
 * actor without an exception, every run error is positioned in the text, every winner is a player;
 * and (issue 15) its generated code plays those games as the stepper does, hash for hash.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { analyze } from '../../grammar/index.ts';
import { compileRules, Match, randomPlayout, type GameDefinition } from '../../interpreter/index.ts';
import { readSavedGame } from '../../interpreter/match/save-file.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The games of rules/ and rules/examples/: the seeds that mutations start from. */
export const seedGames: { name: string; text: string }[] = ['rules', 'rules/examples'].flatMap((dir) =>
  readdirSync(join(root, dir)).filter((f) => f.endsWith('.rules')).sort()
    .map((f) => ({ name: `${dir}/${f}`, text: readFileSync(join(root, dir, f), 'utf8') })));

export const corpusDir = join(root, 'test', 'fuzz', 'corpus');

/** Pieces a token soup is made of: the language's words, punctuation, odd numbers and odd texts. */
const soup = [
  'game', 'players', 'to', 'turns', 'turn', 'phase', 'rule', 'do', 'win', 'eliminate', 'none', 'current', 'choose', 'option',
  'if', 'else', 'while', 'true', 'for', 'each', 'in', 'all', 'where', 'take', 'count', 'not', 'and', 'or', 'let', 'set', 'gain',
  'log', 'roll', 'dice', 'die', 'faces', 'tokens', 'var', 'player', 'cards', 'pile', 'map', 'zones', 'end', 'range', 'random',
  '{', '}', '(', ')', '[', ']', ',', '.', ':', '=', '==', '<', '>', '+', '-', '*', '/', '"', '"{x}"', '"{current.-1}"',
  '"a.b"', '"#game"', '"game over"', '""', '0', '1', '-1', '4294967296', '9007199254740993', '__proto__', 'constructor',
  '\\', '\u0000', '\u001b[31m', '\n', ' ',
];

/** Random text made of the soup's pieces. */
export const tokenSoup = fc.array(fc.constantFrom(...soup), { maxLength: 60 }).map((parts) => parts.join(' '));

/** A game of rules/ with a few edits: a range cut, copied, or replaced by a piece of the soup, or a number made extreme. */
export const mutatedSeed = fc.record({
  seed: fc.nat({ max: seedGames.length - 1 }),
  edits: fc.array(fc.record({ kind: fc.nat({ max: 3 }), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.nat({ max: 40 }), piece: fc.constantFrom(...soup) }), { minLength: 1, maxLength: 4 }),
}).map(({ seed, edits }) => {
  let text = seedGames[seed].text;
  for (const edit of edits) {
    const at = Math.floor(edit.at * text.length);
    const end = Math.min(text.length, at + edit.length);
    if (edit.kind === 0) text = text.slice(0, at) + text.slice(end);
    else if (edit.kind === 1) text = text.slice(0, end) + text.slice(at, end) + text.slice(end);
    else if (edit.kind === 2) text = `${text.slice(0, at)} ${edit.piece} ${text.slice(at)}`;
    else text = text.replace(/\b\d+\b/g, (n, offset: number) => (offset >= at && offset < at + 400 ? edit.piece.replace(/\D/g, '') || '0' : n));
  }
  return text;
});

/** Random bytes read as text (NULs, lone surrogates and all). */
export const randomText = fc.string({ unit: 'binary', maxLength: 300 });

/** The kinds of broken promise, as the summary table names them. */
export type Problem = 'exception' | 'bad-range' | 'nondeterministic' | 'javascript-message' | 'playout-crash' | 'run-error-unpositioned' | 'winner-not-a-player' | 'no-end' | 'codegen-differs';

export interface Finding { problem: Problem; detail: string }

const javascriptMessage = /Cannot read propert|is not a function|is not iterable|of undefined|of null|Maximum call stack|TypeError|RangeError|ReferenceError|\[object Object\]/;

export interface ExamineOptions {
  /** Random games played by each of the batch stepper and the logged stepper (the logged ones replayed through Match). */
  playouts: number;
  /** The round limit of each playout: keeps a fuzz input short. */
  maxRounds: number;
}

/** Everything wrong with one input, or nothing. Never throws. */
export function examine(text: string, options: ExamineOptions = { playouts: 1, maxRounds: 2 }): Finding[] {
  const findings: Finding[] = [];
  const found = (problem: Problem, detail: string) => findings.push({ problem, detail });
  let definition: GameDefinition | null = null;
  try {
    const first = analyze(text);
    for (const d of first.diagnostics) {
      const { start, end } = d.range;
      if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || end > text.length) found('bad-range', `${d.code} ${start}..${end} of ${text.length}`);
      if (javascriptMessage.test(d.message)) found('javascript-message', `${d.code}: ${d.message}`);
      // analyze and compileRules catch their own failures and say so (a whole analysis, internal/error,
      // or one check, internal/check-failed): for the fuzzer either is an exception.
      if (d.code.startsWith('internal/')) found('exception', d.message);
    }
    const again = analyze(text);
    const summary = (ds: typeof first.diagnostics) => JSON.stringify(ds.map((d) => [d.code, d.message, d.range, d.suggestion]));
    if (summary(again.diagnostics) !== summary(first.diagnostics)) found('nondeterministic', 'a second analysis gave other diagnostics');
    const compiled = compileRules(text);
    definition = compiled.definition;
    if (compiled.diagnostics.some((d) => d.code.startsWith('internal/'))) found('exception', 'compileRules failed inside');
  } catch (error) {
    found('exception', `${(error as Error).name}: ${(error as Error).message}`);
    return findings;
  }
  if (!definition || findings.length) return findings;
  const players = definition.allowedPlayers?.[0] ?? definition.minPlayers;
  for (let game = 0; game < options.playouts; game++) {
    for (const keepMoves of [false, true]) {
      try {
        const playout = randomPlayout(definition, { players, seed: game + 1, keepMoves, maxRounds: options.maxRounds });
        const { state, outcome } = playout;
        if (!outcome) found('no-end', 'a playout returned without an outcome');
        if (outcome?.winners.some((w) => !Number.isInteger(w) || w < 0 || w >= state.seats)) found('winner-not-a-player', JSON.stringify(outcome.winners));
        if (state.error) {
          if (!(state.error.at >= 0 && state.error.at <= text.length)) found('run-error-unpositioned', `${state.error.code} at ${state.error.at}`);
          if (javascriptMessage.test(state.error.message)) found('javascript-message', `${state.error.code}: ${state.error.message}`);
        }
        if (keepMoves) {
          const started = Match.start(definition, { players, seed: game + 1 });
          if (!started.ok) { found('playout-crash', `Match.start refused: ${started.diagnostic.message}`); continue; }
          for (const move of playout.moves) {
            const result = started.match.apply(move);
            if (!result.ok) { found('playout-crash', `the Match actor refused a move the stepper took: ${result.diagnostic.message}`); break; }
          }
          const restored = Match.restore(definition, JSON.parse(JSON.stringify(started.match.save())));
          if (!restored.ok) found('playout-crash', `restore failed: ${restored.diagnostic.message}`);
          started.match.stop();
        }
      } catch (error) {
        // The engine itself never throws (its errors become run/error): a throw is a crash.
        found('playout-crash', `${(error as Error).name}: ${(error as Error).message}`);
      }
      try {
        // The same game through generated code (structured from each turn's start, the switch
        // resuming) and through the stepper, the reference.
        const same = { players, seed: game + 1, keepMoves, maxRounds: options.maxRounds };
        const generated = randomPlayout(withGeneratedCode(definition), same);
        const reference = randomPlayout(withStepper(definition), same);
        if (stateHash(generated.state) !== stateHash(reference.state) || JSON.stringify(generated.moves) !== JSON.stringify(reference.moves)) {
          found('codegen-differs', `seed ${game + 1}${keepMoves ? ', logged' : ''}: ${generated.state.error?.message ?? 'no error'} / ${reference.state.error?.message ?? 'no error'}`);
        }
      } catch (error) {
        found('playout-crash', `${(error as Error).name}: ${(error as Error).message}`);
      }
    }
  }
  return findings;
}

/** Everything wrong with a save file given to `replay` (data as JSON.parse gives it), or nothing. */
export function examineSave(definition: GameDefinition, data: unknown): Finding[] {
  try {
    const read = readSavedGame(data);
    if (!read.ok) return read.problems.length ? [] : [{ problem: 'exception', detail: 'a refused save with no reason' }];
    const restored = Match.restore(definition, read.saved);
    if (!restored.ok && javascriptMessage.test(restored.diagnostic.message)) return [{ problem: 'javascript-message', detail: restored.diagnostic.message }];
    return [];
  } catch (error) {
    return [{ problem: 'exception', detail: `${(error as Error).name}: ${(error as Error).message}` }];
  }
}

/**
 * A smaller text that still shows `problem`: whole lines first, then ever smaller runs of
 * characters, as long as each cut keeps the problem (at most `budget` examinations).
 */
export function minimise(text: string, problem: Problem, options: ExamineOptions, budget = 400): string {
  const fails = (candidate: string) => examine(candidate, options).some((f) => f.problem === problem);
  let current = text;
  for (const unit of ['\n', '']) {
    let parts = unit ? current.split(unit) : [...current];
    for (let size = Math.max(1, parts.length >> 1); size >= 1 && budget > 0; size = size === 1 ? 0 : size >> 1) {
      for (let start = 0; start < parts.length && budget > 0;) {
        const candidate = [...parts.slice(0, start), ...parts.slice(start + size)];
        budget--;
        if (candidate.length < parts.length && fails(candidate.join(unit))) parts = candidate;
        else start += size;
      }
    }
    current = parts.join(unit);
  }
  return current;
}
