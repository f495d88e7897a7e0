/**
 * One game of a simulation, played and reduced to plain data: what the reports count of it. A run
 * spread over worker threads (`regola simulate --workers`) or Web Workers (the studio) sends these
 * back to be tallied in game order, so a report is the same whichever worker played which game.
 */
import { randomPlayout } from '../bots/bots.ts';
import type { GameDefinition, GameState, Outcome } from '../program/program.ts';
import type { BotSpec } from '../bots/bot-spec.ts';
import { playTable } from '../bots/table.ts';
import { runGameSeed } from '../runtime/seeds.ts';

/**
 * How each game of a run is played. Plain JSON on purpose: it is posted to every worker, so
 * whatever is added here (a bot for each seat) reaches them as it is.
 */
export interface GameSettings {
  players: number;
  variant?: string | null;
  /** The round limit the games are played under (`simulationRoundLimit`); null: none. */
  roundLimit: number | null;
  /** The bot at each seat; left out, random bots everywhere. */
  bots?: BotSpec[];
}

/** What the reports count of one game. */
export interface GameRecord {
  turns: number;
  /** Rounds played; a game stopped by the round limit counts as lasting the limit's rounds. */
  rounds: number;
  decisions: number;
  kind: Outcome['kind'];
  reason: string;
  winners: number[];
  stoppedAtRoundLimit: boolean;
  stoppedAtStatedLength: boolean;
  /** The seat that played the first turn; -1 when the game ended in its setup. */
  firstSeat: number;
  /** Each seat's team (an index into the definition's teams), or null. */
  teams: (number | null)[];
  /** The role each seat held at the end, or null. */
  roles: (string | null)[];
  /** The player piles every player ended holding exactly one card of, with the card's name by seat. */
  cardsHeldAlone: { pile: string; cards: string[] }[];
  /** The other player piles: someone held none, or several. */
  pilesNotHeldAlone: string[];
}

/** The seed of game `game` of a run: derived from the run's seed, so a run is reproducible game by game, whoever plays it. */
export function simulationGameSeed(seed: number, game: number): number {
  return runGameSeed(seed, game);
}

/**
 * The player piles in which every player holds exactly one card at this point, with the card's
 * name by seat: an objective or a character card dealt one each, which decides a game as a role does.
 */
export function cardsHeldAlone(definition: GameDefinition, state: GameState): Map<string, string[]> {
  const result = new Map<string, string[]>();
  definition.piles.forEach((pile, index) => {
    if (!pile.perPlayer) return;
    const slots = Array.from({ length: state.seats }, (_, seat) => state.piles[state.pileBase[index] + seat]);
    if (slots.every((cards) => cards.length === 1)) result.set(pile.name, slots.map((cards) => definition.cards[cards[0]].name));
  });
  return result;
}

/** Plays one game with the given seed (random bots unless settings name others; batch mode) and keeps what the reports count. */
export function playSimulationGame(definition: GameDefinition, settings: GameSettings, seed: number): GameRecord {
  const maxRounds = settings.roundLimit ?? undefined;
  // A table of random bots plays the very games randomPlayout plays: only search bots need it.
  const searching = settings.bots?.some((bot) => bot.kind !== 'random') ?? false;
  const playout = searching
    ? playTable(definition, { players: settings.players, seed, variant: settings.variant, bots: settings.bots!, maxRounds })
    : randomPlayout(definition, { players: settings.players, seed, variant: settings.variant, keepMoves: false, maxRounds });
  const { state, outcome } = playout;
  const held = cardsHeldAlone(definition, state);
  return {
    turns: state.turn,
    // Stopped at the first choice of the round after the limit: it played the limit's rounds.
    rounds: playout.stoppedAtRoundLimit ? settings.roundLimit! : state.round,
    decisions: state.moveCount,
    kind: outcome.kind,
    reason: outcome.reason,
    winners: outcome.winners.slice(),
    stoppedAtRoundLimit: playout.stoppedAtRoundLimit,
    stoppedAtStatedLength: playout.stoppedAtStatedLength,
    firstSeat: state.firstSeat,
    teams: state.players.map((player) => player.team),
    roles: state.players.map((player) => player.role),
    cardsHeldAlone: [...held].map(([pile, cards]) => ({ pile, cards })),
    pilesNotHeldAlone: definition.piles.filter((pile) => pile.perPlayer && !held.has(pile.name)).map((pile) => pile.name),
  };
}
