/** The options of a command line (`--name value`, `--name=value`, `--switch`) and the numbers, bots and counts they give. */
import { allowsPlayerCount, fitPlayerCount, parseSeatBots, type BotSpec, type GameDefinition } from '../interpreter/index.ts';
import { UsageError } from './failures.ts';

export interface Flags { positional: string[]; values: Map<string, string>; switches: Set<string> }

/** `valued`: the options that take a value; `switches`: those that do not. Any other option is refused. */
export function parseFlags(args: string[], valued: string[], switches: string[]): Flags {
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

/** The whole number given as `--name`; `fallback` when it is left out (undefined: the option is required). */
export function integer(flags: Flags, name: string, fallback: number | undefined): number {
  const raw = flags.values.get(name);
  if (raw === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`);
    return fallback;
  }
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new UsageError(`--${name} must be a whole number, not '${raw}'`);
  return Number(raw);
}

export function positive(flags: Flags, name: string, fallback: number | undefined): number {
  const value = integer(flags, name, fallback);
  if (value < 1) throw new UsageError(`--${name} must be at least 1, not ${value}`);
  return value;
}

/** `--players`, or the count nearest four the rules allow; a count the rules do not allow is refused. */
export function playerCount(flags: Flags, definition: GameDefinition): number {
  const players = integer(flags, 'players', fitPlayerCount(definition, 4));
  if (!allowsPlayerCount(definition, players)) {
    const counts = definition.allowedPlayers ? definition.allowedPlayers.join(', ') : `${definition.minPlayers} to ${definition.maxPlayers}`;
    throw new UsageError(`${definition.title} is for ${counts} players, not ${players}`);
  }
  return players;
}

/** `--bots`: the bot at each seat, or null where none is named. `everySeat`: a list of one bot per seat is allowed. */
export function seatBots(flags: Flags, players: number, everySeat: boolean): (BotSpec | null)[] {
  const text = flags.values.get('bots');
  if (text === undefined) return new Array(players).fill(null);
  if (!everySeat && !text.includes('=') && text.split(',').length !== players) {
    throw new UsageError(`--bots: name the seats the bots take (P2=mcts,P3=random), or give one bot for each of the ${players} seats`);
  }
  const parsed = parseSeatBots(text, players);
  if (!parsed.ok) throw new UsageError(`--bots: ${parsed.message}`);
  return parsed.value;
}
