/**
 * Bots at the playtest's seats (issue 12): the move the studio's bot worker plays is the move the
 * CLI's bots play for the same rules, seed, moves and budget; in a sealed block the others'
 * answers never change it; the seats' bots are kept with the session and in a link; and a
 * cancelled search's answer is never played.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TableBots } from '../../cli/table-bots.ts';
import { compileRules, Match, randomMove, type GameDefinition, type Move } from '../../interpreter/index.ts';
import type { BotSpec } from '../../interpreter/bots/index.ts';
import { BotClient, type BotWorkerLike, type BotWorkerReply, type BotWorkerRequest } from '../../studio/src/lib/bot-client.ts';
import { chooseBotMove, type BotMoveRequest } from '../../studio/src/lib/bot-move.ts';
import { fitSeatBots, nextBotTurn, parseSeatBot, seatBotLabel, seatBotsOf, seatBotTexts } from '../../studio/src/lib/seat-bots.ts';
import { decodeShare, encodeShare, sessionStateOf } from '../../studio/src/lib/share.ts';
import { checkSessionState } from '../../studio/src/lib/storage.ts';

const rules = (path: string) => readFileSync(fileURLToPath(new URL(`../../rules/${path}`, import.meta.url)), 'utf8');
function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}
const tris = compile(rules('examples/tris.rules'));
const asta = compile(rules('examples/asta.rules'));
const mortadella = compile(rules('mortadella.rules'));

/**
 * A game at the CLI's table (cli/table-bots.ts): people (random moves from a fixed generator) at
 * the seats without a bot. Returns the moves, and which of them a bot made.
 */
function cliGame(definition: GameDefinition, players: number, seed: number, seats: (BotSpec | null)[], limit: number) {
  const started = Match.start(definition, { players, seed, variant: null });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const match = started.match;
  const bots = new TableBots(match, seats, () => {});
  const person = { state: 99 };
  const byBot: number[] = [];
  while (!match.outcome && match.moves.length < limit) {
    const before = match.moves.length;
    bots.playUntilPerson();
    for (let i = before; i < match.moves.length; i++) byBot.push(i);
    if (match.outcome || match.moves.length >= limit) break;
    expect(match.apply(randomMove(match.legalMoves(match.toAct!), person)).ok).toBe(true);
  }
  return { moves: match.moves, byBot, seed: match.options.seed };
}

const request = (players: number, seed: number, moves: readonly Move[], seat: number, iterations: number): BotMoveRequest => ({ players, seed, variant: null, moves, seat, iterations });

describe('the worker\'s move is the CLI bot\'s move', () => {
  const cases: [string, GameDefinition, number, (BotSpec | null)[], number][] = [
    ['tic-tac-toe, the bot at P2', tris, 2, [null, { kind: 'mcts', iterations: 60 }], 20],
    ['Mortadella, bots at P2 and P4', mortadella, 4, [null, { kind: 'mcts', iterations: 12 }, null, { kind: 'mcts', iterations: 12 }], 24],
    ['Asta (sealed bids), bots at P1 and P3', asta, 3, [{ kind: 'mcts', iterations: 15 }, null, { kind: 'mcts', iterations: 15 }], 12],
  ];
  for (const [name, definition, players, seats, limit] of cases) {
    it(name, () => {
      const { moves, byBot, seed } = cliGame(definition, players, seed0(name), seats, limit);
      expect(byBot.length).toBeGreaterThan(1);
      for (const i of byBot) {
        const seat = moves[i].player;
        const budget = (seats[seat] as { iterations: number }).iterations;
        const answer = chooseBotMove(definition, request(players, seed, moves.slice(0, i), seat, budget));
        expect(answer).toMatchObject({ ok: true, move: moves[i] });
        // A forced choice is played without a search.
        expect([0, budget]).toContain(answer.ok && answer.iterations);
      }
    });
  }
});

function seed0(name: string): number { return name.length; }

describe('a sealed answer stays sealed', () => {
  it('in an Asta block, what P1 bid never changes the move of P2\'s bot', () => {
    // Seed 5, three players: everyone bids at once from the start; P1 answers first. (The search's
    // seed counts the moves played, so the others' answers are there, just not what they were.)
    const bids = ['0', '3', '7', '10'];
    const answers = bids.map((bid) => chooseBotMove(asta, request(3, 5, [{ player: 0, choice: bid }], 1, 40)));
    for (const answer of answers) expect(answer.ok).toBe(true);
    expect(new Set(answers.map((a) => a.ok && a.move.choice)).size).toBe(1);
  });

  it('a bot answers for a waiting seat even when it is not the one the block runs', () => {
    const match = Match.start(asta, { players: 3, seed: 5, variant: null });
    if (!match.ok) throw new Error(match.diagnostic.message);
    const state = match.match.state;
    // The seat after the one the block runs now.
    const seat = (state.pending!.player + 1) % 3;
    const bots: (BotSpec | null)[] = [null, null, null];
    bots[seat] = { kind: 'mcts', iterations: 10 };
    expect(nextBotTurn(state, bots)).toEqual({ seat, bot: bots[seat] });
    const answer = chooseBotMove(asta, request(3, 5, [], seat, 10));
    expect(answer).toMatchObject({ ok: true, move: { player: seat } });
    expect(answer.ok && match.match.apply(answer.move).ok).toBe(true);
  });

  it('refuses moves the rules refuse, and a seat with nothing to choose', () => {
    expect(chooseBotMove(tris, request(2, 1, [{ player: 0, choice: 'nowhere' }], 1, 10))).toMatchObject({ ok: false, message: expect.stringContaining('move 1 is refused') });
    expect(chooseBotMove(tris, request(2, 1, [], 1, 10))).toMatchObject({ ok: false, message: 'P2 has no choice to make' });
  });
});

describe('whose turn a bot plays', () => {
  const started = Match.start(tris, { players: 2, seed: 1, variant: null });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.match.state;
  const search: BotSpec = { kind: 'mcts', iterations: 200 };

  it('a bot at the seat to choose plays; a person\'s seat waits', () => {
    expect(nextBotTurn(state, [search, null])).toEqual({ seat: 0, bot: search });
    expect(nextBotTurn(state, [null, search])).toBeNull();
    expect(nextBotTurn(state, [])).toBeNull();
  });

  it('"Bots play to the end" plays the people\'s seats at random, and stops at the viewer\'s seat after a move', () => {
    expect(nextBotTurn(state, [null, search], { viewer: null, played: 5 })).toEqual({ seat: 0, bot: { kind: 'random' } });
    expect(nextBotTurn(state, [null, search], { viewer: 0, played: 0 })).toEqual({ seat: 0, bot: { kind: 'random' } });
    expect(nextBotTurn(state, [null, search], { viewer: 0, played: 1 })).toBeNull();
    expect(nextBotTurn(state, [search, null], { viewer: 0, played: 1 })).toEqual({ seat: 0, bot: search });
  });
});

describe('the seats\' bots in the session', () => {
  const settings = { players: 3, seed: 4, variant: null };
  const bots = [null, { kind: 'mcts', iterations: 200 } as BotSpec, { kind: 'mcts', milliseconds: 500 } as BotSpec];

  it('are written as on the command line, and kept only when a seat has a bot', () => {
    const state = sessionStateOf({ intendedMoves: [], intendedPosition: 0, viewAs: 0, settings, seatBots: bots }, 'play');
    expect(state.bots).toEqual(['human', 'mcts:200', 'mcts:500ms']);
    expect(sessionStateOf({ intendedMoves: [], intendedPosition: 0, viewAs: 0, settings, seatBots: [null, null] }, 'play')).not.toHaveProperty('bots');
    expect(sessionStateOf({ intendedMoves: [], intendedPosition: 0, viewAs: 0, settings }, 'play')).not.toHaveProperty('bots');
    // Seats beyond the table are not kept.
    expect(sessionStateOf({ intendedMoves: [], intendedPosition: 0, viewAs: 0, settings: { ...settings, players: 2 }, seatBots: bots }, 'play').bots).toEqual(['human', 'mcts:200']);
  });

  it('come back from storage and from a link as they were', () => {
    const state = sessionStateOf({ intendedMoves: [{ player: 0, choice: 'x' }], intendedPosition: 1, viewAs: 'referee', settings, seatBots: bots }, 'play');
    const kept = checkSessionState(JSON.parse(JSON.stringify(state)));
    expect(kept).toEqual({ ok: true, value: state });
    const shared = decodeShare(encodeShare({ name: 'asta.rules', text: 'game', session: state }));
    expect(shared.ok && shared.value.session.bots).toEqual(['human', 'mcts:200', 'mcts:500ms']);
    expect(fitSeatBots(seatBotsOf(state.bots), 3)).toEqual(bots);
    expect(fitSeatBots(seatBotsOf(undefined), 2)).toEqual([null, null]);
  });

  it('a session with a bot the studio does not know is refused with the reason', () => {
    const state = { moves: [], played: 0, players: 2, seed: 1, variant: null, viewAs: 'referee', tab: 'play' };
    expect(checkSessionState({ ...state, bots: ['human', 'greedy'] })).toEqual({ ok: false, reason: 'P2\'s bot is not a bot the studio knows' });
    expect(checkSessionState({ ...state, bots: 'mcts' })).toMatchObject({ ok: false });
    expect(checkSessionState({ ...state, bots: ['mcts:0'] })).toMatchObject({ ok: false });
    expect(checkSessionState({ ...state, bots: ['random', 'mcts:50ms'] })).toMatchObject({ ok: true, value: { bots: ['random', 'mcts:50ms'] } });
  });

  it('reads and labels each seat\'s choice', () => {
    expect(parseSeatBot('human')).toEqual({ ok: true, value: null });
    expect(parseSeatBot('mcts:1000')).toEqual({ ok: true, value: { kind: 'mcts', iterations: 1000 } });
    expect(seatBotTexts([null, { kind: 'random' }])).toEqual(['human', 'random']);
    expect(seatBotLabel('mcts:200')).toBe('search, 200 it.');
    expect(seatBotLabel('mcts:300')).toBe('search, 300 it.');
    expect(seatBotLabel('mcts:750ms')).toBe('search, 750 ms');
  });
});

/** A worker that answers only when told to, to see what the client does with a late answer. */
class FakeWorker implements BotWorkerLike {
  static all: FakeWorker[] = [];
  requests: BotWorkerRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<BotWorkerReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor() { FakeWorker.all.push(this); }
  postMessage(message: BotWorkerRequest) { this.requests.push(message); }
  terminate() { this.terminated = true; }
  answer(id: number, choice: string) { this.onmessage?.({ data: { id, answer: { ok: true, move: { player: 1, choice }, iterations: 1, milliseconds: 1 } } } as MessageEvent<BotWorkerReply>); }
}

describe('the bot worker\'s client', () => {
  it('a cancelled search answers nothing, its worker is stopped, and a late answer is ignored', async () => {
    FakeWorker.all = [];
    const client = new BotClient(() => new FakeWorker());
    const first = client.ask('rules', request(2, 1, [], 1, 10));
    expect(client.busy).toBe(true);
    client.cancel();
    expect(await first).toBeNull();
    expect(FakeWorker.all[0].terminated).toBe(true);
    const second = client.ask('rules', request(2, 1, [{ player: 0, choice: 'A1' }], 1, 10));
    expect(FakeWorker.all).toHaveLength(2);
    // The first worker's answer comes in late: nothing happens.
    FakeWorker.all[0].answer(FakeWorker.all[0].requests[0].id, 'stale');
    expect(client.busy).toBe(true);
    const worker = FakeWorker.all[1];
    worker.answer(worker.requests[0].id, 'B2');
    expect(await second).toMatchObject({ ok: true, move: { choice: 'B2' } });
    expect(client.busy).toBe(false);
    // A new question while one is pending cancels the pending one.
    const third = client.ask('rules', request(2, 1, [], 1, 10));
    const fourth = client.ask('rules', request(2, 1, [], 1, 10));
    expect(await third).toBeNull();
    const last = FakeWorker.all[FakeWorker.all.length - 1];
    last.answer(last.requests[last.requests.length - 1].id, 'C3');
    expect(await fourth).toMatchObject({ ok: true, move: { choice: 'C3' } });
  });
});
