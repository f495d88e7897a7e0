/**
 * The operations compiled instructions perform on the game state: randomness, seating, tokens,
 * the log and the end of the game. All state changes go through here.
 */
import { gameOverPhase, holderName, holdings, playerName, type GameDefinition, type GameState, type LogEntry } from '../program/program.ts';
import { reasonText, winText } from '../program/outcome-text.ts';

// ---- randomness: one seeded generator per match, its state a single number in the snapshot ----
/** mulberry32: tiny, fast, and good enough for dice. */
export function nextRandom(state: GameState): number {
  let t = (state.rng = (state.rng + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

export function randomInt(state: GameState, below: number): number {
  return Math.floor(nextRandom(state) * below);
}

export function shuffle<T>(state: GameState, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(state, i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

// ---- seating -------------------------------------------------------------------------------
/** Players still in the game, in turn order, starting from `from` (or seat 0 before anyone plays). */
export function playersFrom(state: GameState, definition: GameDefinition, from: number, way?: 1 | -1): number[] {
  const result: number[] = [];
  const seats = state.seats;
  // With nobody's turn yet (the setup) the players are in seat order, whatever the turn order;
  // `way` 1 is clockwise (to the left), -1 counterclockwise, else the turn order's.
  const start = from < 0 ? 0 : from;
  const direction = way ?? (from < 0 ? 1 : definition.direction);
  for (let k = 0; k < seats; k++) {
    const seat = (((start + direction * k) % seats) + seats) % seats;
    if (state.players[seat].active) result.push(seat);
  }
  return result;
}

/** The next player clockwise (to the left) still in the game; `step` -1 gives the right. */
export function neighbour(state: GameState, player: number, step: 1 | -1): number {
  const seats = state.seats;
  for (let k = 1; k <= seats; k++) {
    const seat = (((player + step * k) % seats) + seats) % seats;
    if (state.players[seat].active) return seat;
  }
  return player;
}

export function activeCount(state: GameState): number {
  let count = 0;
  for (const player of state.players) if (player.active) count++;
  return count;
}

// ---- the log -------------------------------------------------------------------------------
export function log(state: GameState, entry: Omit<LogEntry, 'turn'>): void {
  const block = state.simultaneous;
  // Inside a simultaneous block a line tells of one player's answer: theirs alone until every answer is in.
  if (block) state.log.push({ turn: state.turn, ...entry, sealedFor: block.threads[block.running].player });
  else state.log.push({ turn: state.turn, ...entry });
}

// ---- tokens --------------------------------------------------------------------------------
/** `holder`: a player (≥ 0) or a zone (< 0). */
export function gainTokens(state: GameState, definition: GameDefinition, holder: number, token: number, wanted: number, cite: number, at: number): void {
  const reserve = state.reserve[token];
  const amount = Math.max(0, reserve === null ? wanted : Math.min(wanted, reserve));
  if (reserve !== null) state.reserve[token] = reserve - amount;
  holdings(state, holder)[token] += amount;
  if (state.quiet || wanted <= 0) return;
  const name = definition.tokens[token];
  const short = amount < wanted ? ` (the reserve had only ${amount})` : '';
  const verb = holder >= 0 ? 'gains' : 'receives';
  log(state, { player: holder >= 0 ? holder : state.current, kind: 'gain', text: `${holderName(definition, holder)} ${verb} ${amount} ${name}${short}`, cite, at });
}

export function discardTokens(state: GameState, definition: GameDefinition, holder: number, token: number, wanted: number, cite: number, at: number): void {
  const held = holdings(state, holder);
  const amount = Math.max(0, Math.min(wanted, held[token]));
  if (amount === 0) return;
  held[token] -= amount;
  const reserve = state.reserve[token];
  if (reserve !== null) state.reserve[token] = reserve + amount;
  // Batch mode writes no log: its text is not even built.
  if (state.quiet) return;
  const text = holder >= 0 ? `${playerName(holder)} discards ${amount} ${definition.tokens[token]}` : `${holderName(definition, holder)} loses ${amount} ${definition.tokens[token]}`;
  log(state, { player: holder >= 0 ? holder : state.current, kind: 'discard', text, cite, at });
}

/** Takes tokens from `victim` to `thief`: a theft between players, or tokens moved between zones. */
export function stealTokens(state: GameState, definition: GameDefinition, thief: number, victim: number, token: number, wanted: number, cite: number, at: number): void {
  const from = holdings(state, victim);
  const amount = Math.max(0, Math.min(wanted, from[token]));
  from[token] -= amount;
  holdings(state, thief)[token] += amount;
  if (state.quiet || !(amount > 0)) return;
  const verb = thief >= 0 && victim >= 0 ? 'steals' : 'moves';
  const text = thief >= 0 && victim >= 0
    ? `${playerName(thief)} steals ${amount} ${definition.tokens[token]} from ${playerName(victim)}`
    : `${amount} ${definition.tokens[token]} ${verb} from ${holderName(definition, victim)} to ${holderName(definition, thief)}`;
  log(state, { player: thief >= 0 ? thief : state.current, kind: 'steal', text, cite, at });
}

// ---- the end -------------------------------------------------------------------------------
export function finish(
  state: GameState, kind: 'win' | 'draw' | 'aborted', winners: number[], reason: string, cite: number, at: number,
  more: { team?: string; detail?: string } = {},
): void {
  if (state.outcome) return;
  state.outcome = { kind, winners, reason, cite };
  if (more.team !== undefined) state.outcome.team = more.team;
  if (more.detail !== undefined) state.outcome.detail = more.detail;
  state.stack = [];
  delete state.simultaneous;
  delete state.interrupted;
  state.pending = null;
  state.phase = gameOverPhase;
  if (state.quiet) return;
  const why = reasonText(state.outcome);
  const text = kind === 'win' ? `${winText(state.outcome)}: ${why}` : kind === 'draw' ? `the game ends without a winner: ${why}` : `the game is stopped: ${why}`;
  log(state, { player: winners[0] ?? null, kind: 'end', text, cite, at });
}

export function eliminate(state: GameState, player: number, reason: string, cite: number, at: number): void {
  if (!state.players[player].active) return;
  state.players[player].active = false;
  if (!state.quiet) log(state, { player, kind: 'eliminate', text: `${playerName(player)} is out of the game: ${reason}`, cite, at });
  const left = state.players.map((p, i) => (p.active ? i : -1)).filter((i) => i >= 0);
  if (left.length === 1) finish(state, 'win', left, 'the last player still in the game', cite, at);
  else if (left.length === 0) finish(state, 'draw', [], 'nobody is left in the game', cite, at);
  // A player out of the game plays no further: the effect that put them out is completed
  // (everyone still gets a Festa's token), then their turn ends (see advance).
  else if (player === state.current) state.turnOver = true;
}
