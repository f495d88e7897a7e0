/**
 * Bots at some seats of a game played at the terminal (`regola play --bots P2=mcts,P3=random`):
 * whenever a bot's seat must choose, it chooses, until a person must (or the game ends). A search
 * bot sees only what its player may see; in a simultaneous block it searches from the block as it
 * opened, with only its own answers (interpreter/bots/sealed.ts), whoever answered before it.
 */
import { botRandomFor, randomMove } from '../interpreter/index.ts';
import { legalMoves, playerName, type Match } from '../interpreter/index.ts';
import { botName, hiddenPriors, moveOf, SealedAnswers, searchMove, searchSeed, type BotSpec, type HiddenPriors } from '../interpreter/index.ts';

export class TableBots {
  private readonly sealed: SealedAnswers;
  private readonly random;
  private priors: HiddenPriors | null = null;

  constructor(private readonly match: Match, private readonly seats: (BotSpec | null)[], private readonly say: (text: string) => void) {
    this.sealed = new SealedAnswers(match.definition);
    this.random = botRandomFor(match.options.seed);
  }

  get any(): boolean { return this.seats.some((bot) => bot !== null); }

  isBot(seat: number | null): boolean { return seat !== null && this.seats[seat] !== null && this.seats[seat] !== undefined; }

  describe(): string {
    return this.seats.flatMap((bot, seat) => (bot ? [`${playerName(seat)} ${botName(bot)}`] : [])).join(', ');
  }

  /** Moves were taken back: the block being tracked may be gone. */
  afterUndo(): void {
    this.sealed.observe({ ...this.match.state, simultaneous: undefined, interrupted: undefined });
    this.sealed.observe(this.match.state, this.match.moves.length);
  }

  /** Plays the bots' moves until a person must choose or the game is over. */
  playUntilPerson(): void {
    for (;;) {
      const state = this.match.state;
      this.sealed.observe(state, this.match.moves.length);
      const seat = this.match.toAct;
      if (state.outcome || seat === null || !this.isBot(seat)) return;
      const bot = this.seats[seat]!;
      let move;
      if (bot.kind === 'random') {
        move = randomMove(legalMoves(state), this.random);
      } else {
        this.priors ??= hiddenPriors(this.match.definition, state.seats, state.variant);
        const result = searchMove(this.match.definition, this.sealed.stateFor(state, seat), seat, {
          iterations: bot.iterations, milliseconds: bot.milliseconds, seed: searchSeed(this.match.options.seed, seat, state.moveCount), priors: this.priors,
          // The game's past, so the search imagines only worlds consistent with what the seat saw (bots/worlds.ts).
          history: this.sealed.historyFor({ start: this.match.start, moves: this.match.moves }, state, seat),
        });
        this.sealed.record(seat, result.choice);
        move = moveOf(state, result.choice);
      }
      const applied = this.match.apply(move);
      if (!applied.ok) {
        // A bot only ever plays legal moves (tested); should one be refused, the person takes over.
        this.say(`${playerName(seat)}'s bot was refused (${applied.diagnostic.message}); that seat is played at the keyboard now`);
        this.seats[seat] = null;
        return;
      }
    }
  }
}
