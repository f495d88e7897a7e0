/**
 * `regola play FILE`: a game at the terminal, people and bots at its seats, from the start or from
 * the tiles a saved game ended with (`--continue`), saved at the end with `--save`.
 */
import { fitPlayerCount, Match, type GameDefinition } from '../../interpreter/index.ts';
import { Refusal, UsageError } from '../failures.ts';
import { integer, parseFlags, seatBots, type Flags } from '../flags.ts';
import { HotSeat } from '../hot-seat.ts';
import { outcomeLine, say } from '../output.ts';
import { playAtTable } from '../play-loop.ts';
import { load } from '../rules-file.ts';
import { checkWritable, readSave, saveGame } from '../save-file.ts';
import { continueFrom, type Continued } from '../series.ts';
import { TableBots } from '../table-bots.ts';

export async function play(args: string[]): Promise<number> {
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
  await playAtTable(match, hotSeat, bots);
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
