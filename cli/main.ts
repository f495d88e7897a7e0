/**
 * The `regola` command: check, play, simulate, replay. Every failure is a message and an exit
 * code, never a stack trace.
 */
import { accessSync, constants, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { formatDiagnostic, LineIndex, type Diagnostic } from '../grammar/index.ts';
import { allowsPlayerCount, compileRules, fitPlayerCount, Match, reasonText, winnersText, type GameDefinition, type Outcome, type SavedGame } from '../interpreter/index.ts';
import { defaultMaxRounds } from '../interpreter/index.ts';
import { defaultIterations } from '../interpreter/index.ts';
import { readSavedGame } from '../interpreter/index.ts';
import { printable } from './printable.ts';
import { renderReport } from './render.ts';
import { renderComparison, variantName } from './render-compare.ts';
import { compareReports } from '../interpreter/index.ts';
import type { SimulationReport } from '../interpreter/index.ts';
import { continueFrom, layoutProblem, parseSave, type Continued } from './series.ts';
import { HotSeat } from './hot-seat.ts';
import { citationWarnings, coverageJson, interpretationsPath, renderCoverage, rulebookIndex, sourcePath } from './coverage.ts';
import { coverage, strictlyCovered } from '../rulebook/index.ts';
import { Progress } from './progress.ts';
import { renderCodegenReport } from './codegen-report.ts';
import { simulateOnWorkers, SimulationFailed, SimulationInterrupted, workersAvailable } from './simulate-workers.ts';
import { parseSeatBots, renderTournament, tournament, type BotSpec } from '../interpreter/index.ts';
import { TableBots } from './table-bots.ts';

const usage = `usage:
  regola check FILE [--verbose]
      --verbose  also what the code generator made of each program, and what it left to closures
  regola play FILE [--players N] [--seed S] [--variant V] [--bots P2=mcts,P3=random] [--save LOG.json] [--continue LOG.json]
      --continue LOG.json  start from the tiles a saved game ended with (a grid with 'carry layout');
                           the players and variant are the saved game's unless given
      --bots SEATS         bots at the seats named (P2=mcts,P3=random); people at the others
  regola simulate FILE --games N [--players N] [--seed S] [--variant V] [--max-rounds R] [--bots B,…] [--workers W] [--json] [--compare V2]
      --compare V2    also play variant V2 on the same seeds: each win rate of A (--variant, or default)
                      and B (V2) with its 95% interval, and B − A with its 95% interval (★ beyond chance)
      --max-rounds R  stop a game still going after R rounds, counted as aborted (default ${defaultMaxRounds},
                      none when the rules state their length with 'length up to …')
      --bots B,…      one bot per seat, or one for all (default random): mcts:200,random,random
      --workers W     play the games on W threads (default: one per core, here ${availableParallelism()});
                      the report is the same for any W
  regola tournament FILE [--bots mcts:100] [--games N] [--players N] [--seed S] [--variant V] [--max-rounds R] [--json]
      the bot at one seat (each seat in turn) against random bots; its win rate with a 95% interval,
      beside a random bot's at the same seats on the same seeds, and its iterations per second
  regola replay FILE LOG.json
  regola coverage FILE [--source TEXT] [--interpretations FILE.md] [--json] [--strict]
      each sentence of the rulebook (the rules' 'source'), by its id (§LINE): cited by which rules,
      interpreted by which entry (one that quotes it whole or names its id, with a reading), or not;
      --strict exits 1 when a sentence that carries a rule is neither, or a citation stops before
      the end of its sentence
bots: random; mcts (information-set Monte Carlo tree search, ${defaultIterations} iterations a move); mcts:N
      (N iterations a move: the same moves for the same seed); mcts:Nms (N milliseconds a move)`;

class UsageError extends Error {}
/** A request the CLI understood but cannot carry out: its message, exit code 1, no usage. */
class Refusal extends Error {}

/** Prints to standard output, each line made safe for the terminal (texts come from the rules file). */
function say(text: string): void {
  console.log(text.split('\n').map(printable).join('\n'));
}

interface Flags { positional: string[]; values: Map<string, string>; switches: Set<string> }

function parseFlags(args: string[], valued: string[], switches: string[]): Flags {
  const flags: Flags = { positional: [], values: new Map(), switches: new Set() };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) { flags.positional.push(arg); continue; }
    const [name, inline] = arg.slice(2).split('=', 2);
    if (switches.includes(name)) flags.switches.add(name);
    else if (valued.includes(name)) {
      const value = inline ?? args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      flags.values.set(name, value);
    } else throw new UsageError(`unknown option --${name}`);
  }
  return flags;
}

function integer(flags: Flags, name: string, fallback: number | undefined): number {
  const raw = flags.values.get(name);
  if (raw === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`);
    return fallback;
  }
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new UsageError(`--${name} must be a whole number, not '${raw}'`);
  return Number(raw);
}

function positive(flags: Flags, name: string, fallback: number | undefined): number {
  const value = integer(flags, name, fallback);
  if (value < 1) throw new UsageError(`--${name} must be at least 1, not ${value}`);
  return value;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function printDiagnostics(file: string, text: string, diagnostics: Diagnostic[], out: (line: string) => void) {
  const index = new LineIndex(text);
  for (const d of diagnostics) out(printable(formatDiagnostic(file, index, d)));
}

/** Compiles or prints why not. */
function load(file: string, text = readText(file)): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) {
    printDiagnostics(file, text, diagnostics, (line) => console.error(printable(line)));
    throw new ExitCode(1);
  }
  return definition;
}

class ExitCode extends Error { constructor(readonly code: number) { super(`exit ${code}`); } }

function check(args: string[]): number {
  const flags = parseFlags(args, [], ['verbose']);
  const file = flags.positional[0];
  if (!file) throw new UsageError('check needs a FILE');
  const text = readText(file);
  const { diagnostics: compiled, definition } = compileRules(text);
  // Citations are checked against the rulebook when the rules' `source` file is there.
  const diagnostics = [...compiled, ...citationWarnings(file, text)].sort((a, b) => a.range.start - b.range.start);
  printDiagnostics(file, text, diagnostics, say);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (flags.switches.has('verbose') && definition) for (const line of renderCodegenReport(file, text, definition)) say(line);
  say(errors === 0 ? `${file}: no errors${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}` : `${file}: ${errors} error${errors === 1 ? '' : 's'}${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}`);
  return errors === 0 ? 0 : 1;
}

function startMatch(definition: GameDefinition, flags: Flags, series?: Continued): Match {
  const started = Match.start(definition, {
    players: integer(flags, 'players', series?.saved.players ?? fitPlayerCount(definition, 4)),
    seed: integer(flags, 'seed', 1),
    variant: flags.values.get('variant') ?? series?.saved.variant ?? null,
    layout: series?.layout,
  });
  if (!started.ok) throw new UsageError(started.diagnostic.message);
  return started.match;
}

async function play(args: string[]): Promise<number> {
  const flags = parseFlags(args, ['players', 'seed', 'variant', 'save', 'continue', 'bots'], []);
  const file = flags.positional[0];
  if (!file) throw new UsageError('play needs a FILE');
  const savePath = flags.values.get('save');
  // Told before the game, not after an hour of play.
  if (savePath !== undefined) checkWritable(savePath);
  const definition = load(file);
  const previous = flags.values.get('continue');
  let series: Continued | undefined;
  if (previous !== undefined) {
    const continued = continueFrom(definition, readSave(previous), previous);
    if (!continued.ok) throw new Refusal(continued.message);
    series = continued.value;
  }
  const match = startMatch(definition, flags, series);
  const bots = new TableBots(match, seatBots(flags, match.options.players, false), say);
  const hotSeat = new HotSeat(match, say);
  say(`${definition.title}: ${match.options.players} players, seed ${match.options.seed}${match.options.variant ? `, variant ${match.options.variant}` : ''}. Type a number, or undo, redo, log, quit${definition.anyTime.length ? "; 'P2 LABEL' takes a move open at any time out of turn" : ''}.`);
  if (series) {
    say(`the tiles as ${previous} left them, after its ${series.movesReplayed} moves${series.finished ? '' : ' (that game was not finished)'}`);
  }
  if (bots.any) say(`bots: ${bots.describe()}`);
  // The bots at the table play until a person must choose (or the game ends).
  const promptAfterBots = () => { bots.playUntilPerson(); hotSeat.prompt(); };
  promptAfterBots();
  const lines = match.outcome ? [] : createInterface({ input: process.stdin, terminal: false });
  for await (const raw of lines) {
    const line = raw.trim();
    if (match.outcome) break;
    if (line === '') { hotSeat.prompt(); continue; }
    if (line === 'quit' || line === 'q') break;
    if (line === 'log') {
      for (const entry of match.view(match.toAct ?? 'referee').log) say(`  [${entry.turn}] ${entry.text}${entry.cite ? `  — «${entry.cite}»` : ''}`);
      process.stdout.write('> ');
      continue;
    }
    if (line === 'undo' || line === 'redo') {
      const sealed = line === 'undo' ? hotSeat.undoRefusal() : null;
      if (sealed) { say(`undo refused: ${sealed}`); process.stdout.write('> '); continue; }
      const done = line === 'undo' ? match.undo() : match.redo();
      say(done ? `${line} done` : `nothing to ${line}`);
      hotSeat.afterUndo();
      bots.afterUndo();
      // Undo goes back to the last person's choice: the bots' moves after it are taken back too.
      if (line === 'undo') while (bots.isBot(match.toAct) && match.undo()) hotSeat.afterUndo();
      hotSeat.prompt();
      continue;
    }
    // `P2 chiama`: a move open at any time taken by a player who is not the one choosing.
    const outOfTurn = /^P(\d+)\s+(.+)$/.exec(line);
    if (outOfTurn) {
      const seat = Number(outOfTurn[1]) - 1;
      const open = match.legalMoves(seat).find((m) => m.kind === 'any-time' && m.choice === outOfTurn[2]);
      if (!open) say(`refused: ${outOfTurn[2]} is not a move open at any time to P${outOfTurn[1]} now`);
      else {
        const result = match.apply(open);
        if (!result.ok) say(`refused: ${result.diagnostic.message}`);
      }
      promptAfterBots();
      if (match.outcome) break;
      continue;
    }
    const moves = match.legalMoves();
    const number = /^\d+$/.test(line) ? Number(line) : NaN;
    const move = Number.isInteger(number) ? moves[number - 1] : moves.find((m) => m.choice === line);
    // A pick or a confirm that a selection under a condition refuses: say why, rather than list the choices.
    const tried = !move && /^(pick .+|confirm)$/.test(line) && match.state.pending?.kind === 'select' ? match.apply({ player: match.toAct!, choice: line }) : null;
    if (tried && !tried.ok) {
      say(`refused: ${tried.diagnostic.message}`);
      process.stdout.write('> ');
      continue;
    }
    if (!move) {
      say(`'${line}' is not one of the ${moves.length} choices: type a number from 1 to ${moves.length}, or undo, redo, log, quit`);
      process.stdout.write('> ');
      continue;
    }
    const result = match.apply(move);
    if (!result.ok) say(`refused: ${result.diagnostic.message}`);
    promptAfterBots();
    if (match.outcome) break;
  }
  hotSeat.printNewLog();
  const outcome = match.outcome;
  if (outcome) {
    say(`game over: ${outcomeLine(outcome)}`);
    if (match.state.error) say(`error ${match.state.error.code}: ${match.state.error.message}`);
  } else {
    say(`stopped after ${match.moves.length} moves, game not finished`);
  }
  if (savePath !== undefined) say(`saved to ${saveGame(savePath, `${JSON.stringify(match.save(), null, 2)}\n`)}`);
  return 0;
}

/** The save path can be written: its folder exists and it is not a folder itself. */
function checkWritable(path: string): void {
  try {
    accessSync(dirname(path) || '.', constants.W_OK);
  } catch (error) {
    throw new UsageError(`cannot save to ${path}: the folder ${dirname(path)} ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be written'}`);
  }
  let isFolder = false;
  try { isFolder = statSync(path).isDirectory(); } catch { /* a new file */ }
  if (isFolder) throw new UsageError(`cannot save to ${path}: it is a folder`);
}

/** Writes the save; if that fails after all (the disk, the folder removed meanwhile), the moves go to a temporary file. Returns where. */
function saveGame(path: string, json: string): string {
  try {
    writeFileSync(path, json);
    return path;
  } catch (error) {
    const fallback = join(mkdtempSync(join(tmpdir(), 'regola-')), 'game.json');
    writeFileSync(fallback, json);
    console.error(`regola: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); the game was saved to ${fallback} instead`);
    return fallback;
  }
}

/**
 * A variant named on the command line: null for `default` (the options as written, unless the
 * rules have a variant of that name); a name the rules do not declare is refused with the known ones.
 */
function variantFlag(definition: GameDefinition, name: string | undefined): string | null {
  if (name === undefined || (name === 'default' && !definition.variants.has(name))) return null;
  if (definition.variants.has(name)) return name;
  const known = [...definition.variants.keys()];
  throw new UsageError(`there is no variant '${name}'${known.length ? `; the variants are ${known.map((v) => `'${v}'`).join(', ')}` : ''}`);
}

/** More threads than this is a typo, not a machine. */
const maxWorkers = 256;

async function simulateCommand(args: string[]): Promise<number> {
  const flags = parseFlags(args, ['games', 'players', 'seed', 'variant', 'compare', 'max-rounds', 'bots', 'workers'], ['json']);
  const file = flags.positional[0];
  if (!file) throw new UsageError('simulate needs a FILE');
  // The numbers are checked before the file is read: a mistyped flag is told at once.
  const games = positive(flags, 'games', undefined);
  // Left out: the rules' stated length bounds the games, or else the default round limit.
  const maxRounds = flags.values.has('max-rounds') ? positive(flags, 'max-rounds', undefined) : undefined;
  const seed = integer(flags, 'seed', 1);
  let workers = positive(flags, 'workers', availableParallelism());
  if (workers > maxWorkers) throw new UsageError(`--workers must be at most ${maxWorkers}, not ${workers}`);
  const text = readText(file);
  const definition = load(file, text);
  const players = integer(flags, 'players', fitPlayerCount(definition, 4));
  if (!allowsPlayerCount(definition, players)) {
    const counts = definition.allowedPlayers ? definition.allowedPlayers.join(', ') : `${definition.minPlayers} to ${definition.maxPlayers}`;
    throw new UsageError(`${definition.title} is for ${counts} players, not ${players}`);
  }
  const variant = variantFlag(definition, flags.values.get('variant'));
  const compared = flags.values.has('compare') ? variantFlag(definition, flags.values.get('compare')) : undefined;
  if (compared !== undefined && compared === variant) throw new UsageError(`--compare needs a variant other than the one simulated ('${variantName(variant)}')`);
  const named = flags.values.has('bots') ? seatBots(flags, players, true) : undefined;
  const bots = named?.map((bot) => bot ?? { kind: 'random' as const });
  if (workers > 1 && !workersAvailable()) {
    console.error('regola: this build has no simulation worker module; playing the games on one thread');
    workers = 1;
  }
  const showProgress = process.stderr.isTTY && !flags.switches.has('json');
  const started = performance.now();
  const progress = new Progress();
  // Ctrl-C stops the workers between two games and says how far the run got.
  const interrupt = new AbortController();
  const onInterrupt = () => interrupt.abort();
  process.once('SIGINT', onInterrupt);
  // Compared: A's games, then B's on the same seeds (the same `seed`: game i has seed simulationGameSeed(seed, i) in both).
  const variants = compared === undefined ? [variant] : [variant, compared];
  const reports: SimulationReport[] = [];
  try {
    for (const [i, v] of variants.entries()) {
      reports.push(await simulateOnWorkers(text, definition, { games, players, seed, variant: v, maxRounds, bots }, {
        workers,
        signal: interrupt.signal,
        onProgress: showProgress ? (done, total) => process.stderr.write(`\r\x1b[K${progress.line(i * total + done, variants.length * total, performance.now())}`) : undefined,
      }));
    }
  } catch (error) {
    if (error instanceof SimulationInterrupted) {
      if (showProgress) process.stderr.write('\r\x1b[K');
      console.error(`regola: ${error.message}${reports.length ? ` of ${variantName(compared ?? null)} (B)` : ''}`);
      return 130;
    }
    if (error instanceof SimulationFailed) throw new Refusal(`${compared !== undefined ? `${variantName(variants[reports.length])}: ` : ''}${error.message}`);
    throw error;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
  if (showProgress) process.stderr.write('\r\x1b[K');
  const json = flags.switches.has('json');
  if (compared === undefined) {
    if (json) console.log(JSON.stringify(reports[0], null, 2));
    else say(renderReport(reports[0]));
  } else {
    const comparison = compareReports(reports[0], reports[1]);
    if (json) console.log(JSON.stringify(comparison, null, 2));
    else say(renderComparison(comparison));
  }
  if (!json) console.log(`(${((performance.now() - started) / 1000).toFixed(2)} s)`);
  return 0;
}

/** `--bots`: the bot at each seat, or null where none is named. `everySeat`: a list of one bot per seat is allowed. */
function seatBots(flags: Flags, players: number, everySeat: boolean): (BotSpec | null)[] {
  const text = flags.values.get('bots');
  if (text === undefined) return new Array(players).fill(null);
  if (!everySeat && !text.includes('=') && text.split(',').length !== players) {
    throw new UsageError(`--bots: name the seats the bots take (P2=mcts,P3=random), or give one bot for each of the ${players} seats`);
  }
  const parsed = parseSeatBots(text, players);
  if (!parsed.ok) throw new UsageError(`--bots: ${parsed.message}`);
  return parsed.value;
}

function tournamentCommand(args: string[]): number {
  const flags = parseFlags(args, ['games', 'players', 'seed', 'variant', 'max-rounds', 'bots'], ['json']);
  const file = flags.positional[0];
  if (!file) throw new UsageError('tournament needs a FILE');
  const games = positive(flags, 'games', 20);
  const maxRounds = flags.values.has('max-rounds') ? positive(flags, 'max-rounds', undefined) : undefined;
  const seed = integer(flags, 'seed', 1);
  const spec = parseSeatBots(flags.values.get('bots') ?? 'mcts:100', 1);
  if (!spec.ok) throw new UsageError(`--bots: ${spec.message}`);
  const bot = spec.value[0]!;
  const definition = load(file);
  const players = integer(flags, 'players', fitPlayerCount(definition, 4));
  if (!allowsPlayerCount(definition, players)) {
    const counts = definition.allowedPlayers ? definition.allowedPlayers.join(', ') : `${definition.minPlayers} to ${definition.maxPlayers}`;
    throw new UsageError(`${definition.title} is for ${counts} players, not ${players}`);
  }
  const variant = flags.values.get('variant') ?? null;
  if (variant !== null && !definition.variants.has(variant)) throw new UsageError(`there is no variant '${variant}'`);
  const showProgress = process.stderr.isTTY && !flags.switches.has('json');
  const report = tournament(definition, {
    games, players, seed, variant, bot, maxRounds,
    onProgress: showProgress ? (done, total) => process.stderr.write(`\r  ${done}/${total} games`) : undefined,
  });
  if (showProgress) process.stderr.write('\r\x1b[K');
  if (flags.switches.has('json')) console.log(JSON.stringify(report, null, 2));
  else say(renderTournament(report));
  return 0;
}

function readSave(file: string): SavedGame {
  const parsed = parseSave(readText(file), file);
  if (!parsed.ok) throw new UsageError(parsed.message);
  return parsed.value;
}

function replay(args: string[]): number {
  const flags = parseFlags(args, [], []);
  const [file, logFile] = flags.positional;
  if (!file || !logFile) throw new UsageError('replay needs a FILE and a LOG.json');
  const definition = load(file);
  let data: unknown;
  try {
    data = JSON.parse(readText(logFile));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${logFile} is not valid JSON (cut short or edited?): ${(error as Error).message}`);
  }
  const read = readSavedGame(data);
  if (!read.ok) {
    console.error(`${logFile} is not a Regola saved game (format regola-save/1):\n${read.problems.map((p) => `  ${p}`).join('\n')}`);
    return 1;
  }
  const saved: SavedGame = read.saved;
  if (saved.title !== definition.title) {
    console.error(`${logFile} is a save of '${saved.title}', not of '${definition.title}' (${file})`);
    return 1;
  }
  const problem = saved.layout && layoutProblem(definition, saved.layout);
  if (problem) throw new Refusal(`${logFile} cannot be replayed on these rules: ${problem}`);
  const restored = Match.restore(definition, saved);
  if (!restored.ok) {
    say(`replay stopped: ${restored.diagnostic.message}`);
    return 1;
  }
  const { match } = restored;
  const outcome = match.outcome;
  say(`${saved.moves.length} moves replayed`);
  say(outcome
    ? `outcome: ${outcomeLine(outcome)}`
    : 'outcome: the game is not finished');
  say(restored.hashMatches ? `state hash ${match.hash()} matches the save` : `state hash ${match.hash()} differs from the save (${saved.stateHash}): the rules or the save changed since it was written`);
  return restored.hashMatches ? 0 : 1;
}

function coverageCommand(args: string[]): number {
  const flags = parseFlags(args, ['source', 'interpretations'], ['json', 'strict']);
  const file = flags.positional[0];
  if (!file) throw new UsageError('coverage needs a FILE');
  const text = readText(file);
  const source = flags.values.get('source') ?? sourcePath(file, text);
  if (!source) throw new Refusal(`${file} names no source text that can be read (write source "FILE" in its game block, or give --source)`);
  const interpretations = flags.values.get('interpretations') ?? interpretationsPath(file);
  const report = coverage(text, rulebookIndex(readText(source)), interpretations ? readText(interpretations) : '');
  const files = { source, interpretations };
  if (flags.switches.has('json')) console.log(JSON.stringify(coverageJson(report, file, text, files), null, 2));
  else say(renderCoverage(report, file, text, files).join('\n'));
  return flags.switches.has('strict') && !strictlyCovered(report) ? 1 : 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'check': return check(args);
      case 'play': return await play(args);
      case 'simulate': return await simulateCommand(args);
      case 'tournament': return tournamentCommand(args);
      case 'replay': return replay(args);
      case 'coverage': return coverageCommand(args);
      case undefined: case '--help': case 'help': console.log(usage); return command === undefined ? 2 : 0;
      default: throw new UsageError(`unknown command '${command}'`);
    }
  } catch (error) {
    if (error instanceof ExitCode) return error.code;
    if (error instanceof Refusal) {
      console.error(`regola: ${printable(error.message)}`);
      return 1;
    }
    if (error instanceof UsageError) {
      console.error(`regola: ${printable(error.message)}\n${usage}`);
      return 2;
    }
    throw error;
  }
}

/** "Rossi (P1, P3) wins (punti)", "draw (finito il mazzo)". */
function outcomeLine(outcome: Outcome): string {
  return outcome.kind === 'win' ? `${winnersText(outcome)} wins (${reasonText(outcome)})` : `${outcome.kind} (${reasonText(outcome)})`;
}
