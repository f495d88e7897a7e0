/**
 * Bots named on a command line: `random`, `mcts` (the search bot, 200 iterations a move),
 * `mcts:500` (iterations a move) or `mcts:50ms` (a time budget a move). A list gives one per seat
 * (`mcts:200,random,random`), one for every seat (`mcts`), or seats by name (`P2=mcts,P3=random`).
 */
import { defaultIterations } from './mcts.ts';

export type BotSpec = { kind: 'random' } | { kind: 'mcts'; iterations?: number; milliseconds?: number; rolloutRounds?: number; playouts?: 'guided' | 'uniform' };

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const budgetLimit = 10_000_000;

export function parseBotSpec(text: string): Parsed<BotSpec> {
  const spec = text.trim();
  if (spec === 'random') return { ok: true, value: { kind: 'random' } };
  const match = /^mcts(?::(\d+)(ms)?)?$/.exec(spec);
  if (!match) return { ok: false, message: `'${spec}' is not a bot: write random, mcts, mcts:ITERATIONS (mcts:500) or mcts:MILLISECONDSms (mcts:50ms)` };
  if (match[1] === undefined) return { ok: true, value: { kind: 'mcts', iterations: defaultIterations } };
  const amount = Number(match[1]);
  if (amount < 1 || amount > budgetLimit) return { ok: false, message: `'${spec}': the budget must be from 1 to ${budgetLimit}` };
  return { ok: true, value: match[2] ? { kind: 'mcts', milliseconds: amount } : { kind: 'mcts', iterations: amount } };
}

/**
 * The bot at each seat, or null where nobody was named (a person at `play`, a random bot at
 * `simulate`). `players`: the table's size.
 */
export function parseSeatBots(text: string, players: number): Parsed<(BotSpec | null)[]> {
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, message: 'no bot named' };
  const seats: (BotSpec | null)[] = new Array(players).fill(null);
  if (parts.some((p) => p.includes('='))) {
    for (const part of parts) {
      const named = /^P(\d+)=(.*)$/.exec(part);
      if (!named) return { ok: false, message: `'${part}': name the seat, as in P2=mcts` };
      const seat = Number(named[1]) - 1;
      if (seat < 0 || seat >= players) return { ok: false, message: `'${part}': there are only P1 to P${players} at this table` };
      if (seats[seat] !== null) return { ok: false, message: `P${seat + 1} is named twice` };
      const spec = parseBotSpec(named[2]);
      if (!spec.ok) return spec;
      seats[seat] = spec.value;
    }
    return { ok: true, value: seats };
  }
  if (parts.length !== 1 && parts.length !== players) {
    return { ok: false, message: `${parts.length} bots for ${players} players: give one for every seat, or one for all` };
  }
  for (let seat = 0; seat < players; seat++) {
    const spec = parseBotSpec(parts.length === 1 ? parts[0] : parts[seat]);
    if (!spec.ok) return spec;
    seats[seat] = spec.value;
  }
  return { ok: true, value: seats };
}

/** `mcts:200` again, for reports. */
export function botName(spec: BotSpec): string {
  if (spec.kind === 'random') return 'random';
  return spec.milliseconds !== undefined ? `mcts:${spec.milliseconds}ms` : `mcts:${spec.iterations ?? defaultIterations}`;
}
