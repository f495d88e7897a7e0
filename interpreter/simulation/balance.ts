/**
 * A balance run (`regola balance FILE`): the same game at several player counts, each played by
 * several kinds of bot (every seat the same kind), so a designer sees at a glance whether a seat,
 * a team, a role or a faction wins more than its share, and whether that holds for bots that play
 * well as for bots that play at random. This module plans the run: which counts, which bots, and
 * the plain simulation job of each cell (one count, one kind of bot). The games are played by the
 * simulations' own machinery; balance-report.ts turns the games of each cell into the report.
 */
import { parseBotSpec, botName, type BotSpec, type Parsed } from '../bots/bot-spec.ts';
import { allowsPlayerCount, playerCounts, type GameDefinition } from '../program/program.ts';
import type { SimulationJob } from './simulate.ts';

export interface BalancePlan {
  /** The player counts, in increasing order. */
  players: number[];
  /** The kinds of bot: each plays every seat of its own games. */
  bots: BotSpec[];
  /** Games for each count and each kind of bot. */
  games: number;
  seed: number;
  variant: string | null;
  /** As `simulate`'s: left out, the rules' stated length or the default round limit. */
  maxRounds?: number;
}

/** One count, one kind of bot: a plain simulation job, the same seeds as every other cell. */
export interface BalanceCellJob { players: number; bot: string; job: SimulationJob }

/** Random bots, and the search bot at a small budget (fast enough for many games at every count). */
export const defaultBalanceBots: BotSpec[] = [{ kind: 'random' }, { kind: 'mcts', iterations: 50 }];

/** At most this many counts by default; a game for more gets an even spread from the smallest to the largest. */
export const defaultCountLimit = 6;

/** Every count the game allows, or an even spread of them (the smallest and largest included) when there are many. */
export function defaultBalanceCounts(definition: Pick<GameDefinition, 'minPlayers' | 'maxPlayers' | 'allowedPlayers'>): number[] {
  const counts = playerCounts(definition);
  if (counts.length <= defaultCountLimit) return counts;
  const picked = new Set<number>();
  for (let i = 0; i < defaultCountLimit; i++) picked.add(counts[Math.round((i * (counts.length - 1)) / (defaultCountLimit - 1))]);
  return [...picked];
}

/**
 * `--players`: one count (`5`), a range (`5-9`), or a list of both (`2,4-6`). Every count must be
 * one the game allows; the counts come back sorted, each once.
 */
export function parsePlayerCounts(text: string, definition: Pick<GameDefinition, 'title' | 'minPlayers' | 'maxPlayers' | 'allowedPlayers'>): Parsed<number[]> {
  const counts = new Set<number>();
  const parts = text.split(',').map((p) => p.trim());
  for (const part of parts) {
    const match = /^(\d{1,4})(?:\s*-\s*(\d{1,4}))?$/.exec(part);
    if (!match) return { ok: false, message: `'${part}' is not a player count: write a count (5), a range (5-9) or a list (3,5-7)` };
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from) return { ok: false, message: `'${part}': the range goes down; write ${to}-${from}` };
    for (let count = from; count <= to; count++) {
      if (!allowsPlayerCount(definition, count)) {
        const allowed = definition.allowedPlayers ? definition.allowedPlayers.join(', ')
          : definition.minPlayers === definition.maxPlayers ? String(definition.minPlayers) : `${definition.minPlayers} to ${definition.maxPlayers}`;
        return { ok: false, message: `${definition.title} is for ${allowed} players, not ${count}` };
      }
      counts.add(count);
    }
  }
  return { ok: true, value: [...counts].sort((a, b) => a - b) };
}

/** `--bots random,mcts:50`: the kinds of bot, each once. */
export function parseBotKinds(text: string): Parsed<BotSpec[]> {
  const parts = text.split(',').map((p) => p.trim());
  const bots: BotSpec[] = [];
  for (const part of parts) {
    if (part.includes('=')) return { ok: false, message: `'${part}': name kinds of bot (random,mcts:50), each of which plays every seat; not seats` };
    const spec = parseBotSpec(part);
    if (!spec.ok) return spec;
    if (bots.some((bot) => botName(bot) === botName(spec.value))) return { ok: false, message: `${botName(spec.value)} is named twice` };
    bots.push(spec.value);
  }
  return { ok: true, value: bots };
}

/** The run's cells: for each count (in order), each kind of bot (in the order given). */
export function balanceCells(plan: BalancePlan): BalanceCellJob[] {
  return plan.players.flatMap((players) => plan.bots.map((bot) => ({
    players,
    bot: botName(bot),
    job: {
      games: plan.games, players, seed: plan.seed, variant: plan.variant,
      ...(plan.maxRounds !== undefined ? { maxRounds: plan.maxRounds } : {}),
      bots: Array.from({ length: players }, () => bot),
    },
  })));
}
