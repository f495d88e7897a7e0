/**
 * Who plays each seat of the playtest: a person (null) or a bot, written as on the command line
 * (`random`, `mcts:200`, `mcts:500ms`: interpreter/bots/bot-spec.ts). Kept with the session and
 * in share links as those texts; and which seat a bot should play for next.
 */
import type { GameState } from '../../../interpreter/index.ts';
import { botName, parseBotSpec, type BotSpec } from '../../../interpreter/index.ts';
import { waitingPlayers } from '../../../interpreter/index.ts';

export type SeatBot = BotSpec | null;

/** What a seat's picker offers; a kept or shared session may name another budget, shown beside these. */
export const seatBotPresets: { text: string; label: string }[] = [
  { text: 'human', label: 'person' },
  { text: 'random', label: 'random bot' },
  { text: 'mcts:50', label: 'search, 50 it.' },
  { text: 'mcts:200', label: 'search, 200 it.' },
  { text: 'mcts:1000', label: 'search, 1000 it.' },
  { text: 'mcts:500ms', label: 'search, 0.5 s' },
  { text: 'mcts:2000ms', label: 'search, 2 s' },
];

export function seatBotText(bot: SeatBot): string {
  return bot ? botName(bot) : 'human';
}

/** A seat's text back to a bot: `human` is a person; anything else must be a bot the CLI takes. */
export function parseSeatBot(text: string): { ok: true; value: SeatBot } | { ok: false; message: string } {
  if (text.trim() === 'human') return { ok: true, value: null };
  return parseBotSpec(text);
}

/** The label of a seat's choice in its picker. */
export function seatBotLabel(text: string): string {
  return seatBotPresets.find((p) => p.text === text)?.label ?? text.replace(/^mcts:/, 'search, ').replace(/ms$/, ' ms').replace(/(\d)$/, '$1 it.');
}

/** One entry per seat: people where nothing was chosen, the rest dropped. */
export function fitSeatBots(bots: readonly SeatBot[], players: number): SeatBot[] {
  return Array.from({ length: players }, (_, seat) => bots[seat] ?? null);
}

/** The session's texts, or nothing when every seat is a person (so a session without bots is kept as before). */
export function seatBotTexts(bots: readonly SeatBot[]): string[] | undefined {
  return bots.some((bot) => bot !== null) ? bots.map(seatBotText) : undefined;
}

/** Texts read back from storage or a link: every one must be `human` or a bot. */
export function checkSeatBotTexts(value: unknown, maxSeats: number): { ok: true; value: string[] | undefined } | { ok: false; reason: string } {
  if (value === undefined) return { ok: true, value: undefined };
  if (!Array.isArray(value) || value.length > maxSeats) return { ok: false, reason: 'the seats\' bots are not a list of bots' };
  const texts: string[] = [];
  for (const [seat, text] of value.entries()) {
    if (typeof text !== 'string' || text.length > 40 || !parseSeatBot(text).ok) return { ok: false, reason: `P${seat + 1}'s bot is not a bot the studio knows` };
    texts.push(text.trim());
  }
  return { ok: true, value: texts };
}

/** The bots of a checked session (texts already checked). */
export function seatBotsOf(texts: readonly string[] | undefined): SeatBot[] {
  return (texts ?? []).map((text) => { const parsed = parseSeatBot(text); return parsed.ok ? parsed.value : null; });
}

/**
 * "Bots play to the end" (or until the viewer's seat): the people's seats are played by the random
 * bot too; `viewer` stops the bots at that seat's choice once they have played a move.
 */
export interface Autoplay { viewer: number | null; played: number }

/**
 * The seat a bot plays for next, and with which bot, or null when a person must choose (or the
 * game is over). The seat whose choice it is goes first; in a simultaneous block any waiting seat
 * with a bot answers, sealed, while the people take their time.
 */
export function nextBotTurn(state: GameState, bots: readonly SeatBot[], autoplay: Autoplay | null = null): { seat: number; bot: BotSpec } | null {
  if (state.outcome || !state.pending) return null;
  const first = state.pending.player;
  const seats = [first, ...waitingPlayers(state).filter((seat) => seat !== first)];
  for (const seat of seats) {
    const bot = bots[seat] ?? null;
    if (bot) return { seat, bot };
    if (autoplay && !(autoplay.viewer === seat && autoplay.played > 0)) return { seat, bot: { kind: 'random' } };
  }
  return null;
}
