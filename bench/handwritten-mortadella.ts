/**
 * Il Trono di Mortadella written by hand, with exactly the rules of rules/mortadella.rules (that
 * file is the spec; comments name the rule each part follows). It is the speed limit the
 * interpreter aims at: one mutable state, a stack of pending tasks as the continuation, and
 * the decision points of the .rules file (a choice with one candidate is taken at once and is
 * no decision; a choice with none is skipped; `choose 3` is three picks and a confirm).
 * Only the default options are played (regoleAggiuntive = true), as `randomPlayout` does.
 *
 * A player put out of the game is never asked to choose (the choice is skipped), and when it is
 * the current player the turn ends as soon as control is back in the turn block: the rules that
 * put them out are completed first (see `isTurnStatement`).
 */

// ---- vocabulary ------------------------------------------------------------------------------
// The first four die faces are the four tokens, so a face below Vino is also a token index.
const Popolo = 0, Torre = 1, Libro = 2, Mortadella = 3, Vino = 4, Ratto = 5;
const faceCount = 6;
const tokenCount = 4;
const reserveSize = 40;
const turnLimit = 400;

const Role = { Principe: 0, Rettore: 1, Seta: 2, Capitano: 3, Cardinale: 4, Maestro: 5, Brigante: 6 } as const;
const noRole = -1;
const nobody = -1;

/** Dice are numbered 0..4; marks are bit masks over them. */
const diceCount = 5;
const allDice = 0b11111;
const bit = (die: number) => 1 << die;

/** The value of the `confirm` move of a `choose 3`. */
export const confirm = -1;
/** Moves of the two-option choices: the first option as written in the .rules file is 0, the second 1. */
const first = 0, second = 1;

export const Decision = {
  None: 0,
  SetupToken: 1, // 7 players: the token of your choice
  Deus: 2, // don't use / use the Deus Ex-Machina
  KeepOrReroll: 3, // keep the two passed dice / roll all five
  PickThree: 4, // choose 3 scelti from Dadi: three picks, then confirm
  KeepOne: 5, // the die to add to the two kept ones
  ResolveDie: 6, // the next die to resolve
  PairOrAlone: 7, // alone / in a pair
  PairPartner: 8,
  PopoloPair: 9, // 2 Popoli: acquire 2 / Rivoluzione
  RevolutionTarget: 10,
  RevolutionToken: 11, // the token: Torre or Libro
  Jolly: 12, // Libro: which token to acquire
  DrunkTarget: 13, // Ubriacatura
  DrunkPay: 14, // skip the next turn / pay 2 Mortadella
  TipsyTarget: 15, // Ebbrezza
  TipsyPay: 16, // the token lost: Popolo or Mortadella
  Plague: 17, // Peste, the token lost: Popolo or Torre
  StealFrom: 18, // Brigante and Carnevale
  MaestroAsk: 19, // not now / guess a role
  MaestroTarget: 20,
  MaestroRole: 21,
  TwoPlayerAsk: 22, // play the turn / guess the opponent's role
  TwoPlayerGuess: 23,
} as const;
type DecisionKind = (typeof Decision)[keyof typeof Decision];

/** Pending work: the continuation of the rules between two decisions. */
const Task = {
  SetupChoice: 0, // 7 players: 2 Popolo, then a token of one's choice (player)
  FirstPlayer: 1,
  Victory: 2, // rule Vittoria (player)
  VictoryOutOfTurn: 3, // rule VittoriaFuoriTurno
  TwoPlayerAsk: 4,
  Phase1: 5,
  PickThree: 6,
  KeepOne: 7,
  EffectsOfRoll: 8, // rule EffettiDelLancio
  Phase2: 9, // one round of the while loop of Fase 2
  Phase3: 10,
  Acquire: 11, // rule Acquisisci (player, token)
  SevenSins: 12, // rule SetteVizi (player)
  Plague: 13, // Peste for one player (player, 1 for Peste nera)
  DiscardMortadella: 14, // Peste nera, after the Peste choice (player)
  TurnVictory: 15, // `do Vittoria(current)` written in the turn block itself
} as const;
type TaskKind = (typeof Task)[keyof typeof Task];

/**
 * The tasks that are statements of the `turns clockwise { … }` block, not steps inside a rule:
 * once the current player is out, the turn ends when the next of these is due.
 */
function isTurnStatement(kind: TaskKind): boolean {
  switch (kind) {
    case Task.TwoPlayerAsk: case Task.Phase1: case Task.KeepOne: case Task.Phase2: case Task.Phase3: case Task.TurnVictory:
      return true;
    default:
      return false;
  }
}

export type Reason = 'role goal' | 'maestro guessed' | 'two-player guess' | 'last player standing' | 'turn limit';

export interface PlayerState {
  tokens: number[];
  role: number;
  active: boolean;
  /** The Salta Turno token (Ubriacatura). */
  skipsNextTurn: boolean;
}

export interface MortadellaGame {
  seats: number;
  players: PlayerState[];
  reserve: number[];
  roleDeck: number[];
  faces: number[];
  passed: number; // mark passato
  kept: number; // mark tenuto
  resolved: number; // mark risolto
  rolled: number; // mark lanciato
  current: number;
  turn: number;
  /** The current player is out: the turn ends at its next statement. */
  turnOver: boolean;
  firstTurn: boolean; // var primoTurno
  deus: number; // var deus: the holder of the Deus Ex-Machina, or nobody
  carnival: boolean; // var carnevale
  diceRandom: number;
  // the task stack, as parallel arrays
  taskKind: TaskKind[];
  taskPlayer: number[];
  taskArg: number[];
  top: number;
  // the decision waiting for a move, its legal moves and what it is about
  decision: DecisionKind;
  decider: number;
  options: number[];
  picked: number; // PickThree: mask of the dice picked so far
  pickedCount: number;
  target: number; // Rivoluzione and Maestro: the chosen player
  face: number; // the face of the die (or pair) being resolved
  token: number; // StealFrom: the token stolen
  roller: number; // Deus: whose roll it is
  decisions: number;
  winner: number | null;
  reason: Reason | null;
}

// ---- randomness ------------------------------------------------------------------------------
/** mulberry32 */
function nextRandom(g: MortadellaGame): number {
  let t = (g.diceRandom = (g.diceRandom + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const randomBelow = (g: MortadellaGame, n: number) => Math.floor(nextRandom(g) * n);

// ---- the game --------------------------------------------------------------------------------
export function newGame(seats: number, seed: number): MortadellaGame {
  if (!Number.isInteger(seats) || seats < 2 || seats > 7) throw new Error(`Mortadella is for 2 to 7 players, not ${seats}`);
  const g: MortadellaGame = {
    seats,
    players: Array.from({ length: seats }, () => ({ tokens: [0, 0, 0, 0], role: noRole, active: true, skipsNextTurn: false })),
    reserve: [reserveSize, reserveSize, reserveSize, reserveSize],
    roleDeck: [],
    faces: [Popolo, Popolo, Popolo, Popolo, Popolo],
    passed: 0, kept: 0, resolved: 0, rolled: 0,
    current: nobody,
    turn: 0,
    turnOver: false,
    firstTurn: true,
    deus: nobody,
    carnival: false,
    diceRandom: (seed ^ 0x9e3779b9) | 0,
    taskKind: [], taskPlayer: [], taskArg: [], top: 0,
    decision: Decision.None, decider: nobody, options: [], picked: 0, pickedCount: 0,
    target: nobody, face: Popolo, token: Popolo, roller: nobody,
    decisions: 0,
    winner: null,
    reason: null,
  };
  setup(g);
  run(g);
  return g;
}

/** The legal moves of the decision now due (empty when the game is over): dice, seats, tokens, roles or option numbers. */
export function legalMoves(g: MortadellaGame): readonly number[] {
  return g.decision === Decision.None ? [] : g.options;
}

/** The player who must decide now. */
export function decidingPlayer(g: MortadellaGame): number {
  return g.decision === Decision.None ? nobody : g.decider;
}

/** Plays one of `legalMoves(g)` and runs the rules up to the next decision. */
export function applyMove(g: MortadellaGame, move: number): void {
  const kind = g.decision;
  g.decisions++;
  g.decision = Decision.None;
  resolve(g, kind, move);
  run(g);
}

function run(g: MortadellaGame): void {
  while (g.decision === Decision.None && g.reason === null) {
    if (g.top === 0) startNextTurn(g);
    else runTask(g);
  }
}

// ---- tasks -----------------------------------------------------------------------------------
function push(g: MortadellaGame, kind: TaskKind, player = nobody, arg = 0): void {
  const i = g.top++;
  g.taskKind[i] = kind;
  g.taskPlayer[i] = player;
  g.taskArg[i] = arg;
}

/** `end turn`: nothing more of this turn runs. */
const endTurn = (g: MortadellaGame) => { g.top = 0; };

function runTask(g: MortadellaGame): void {
  const i = --g.top;
  const kind = g.taskKind[i];
  if (g.turnOver && isTurnStatement(kind)) { endTurn(g); return; }
  const player = g.taskPlayer[i];
  const arg = g.taskArg[i];
  switch (kind) {
    case Task.SetupChoice: gain(g, player, Popolo, 2); offerTokenChoice(g, player); return;
    case Task.FirstPlayer: chooseFirstPlayer(g); return;
    case Task.Victory: case Task.TurnVictory: checkVictory(g, player); return;
    case Task.VictoryOutOfTurn: victoryOutOfTurn(g); return;
    case Task.TwoPlayerAsk: offerTwo(g, Decision.TwoPlayerAsk, g.current); return;
    case Task.Phase1: phase1(g); return;
    case Task.PickThree: offerPickThree(g); return;
    case Task.KeepOne: offerDice(g, Decision.KeepOne, allDice & ~g.passed); return;
    case Task.EffectsOfRoll: effectsOfRoll(g); return;
    case Task.Phase2: phase2(g); return;
    case Task.Phase3: g.passed = allDice & ~g.kept; return;
    case Task.Acquire: acquire(g, player, arg); return;
    case Task.SevenSins: sevenSins(g, player); return;
    case Task.Plague: plague(g, player, arg === 1); return;
    case Task.DiscardMortadella: discard(g, player, Mortadella, 1); return;
  }
}

// ---- decisions -------------------------------------------------------------------------------
/** A player out of the game is never asked: the choice is skipped (binds none, runs no option). */
const isOut = (g: MortadellaGame, p: number) => !g.players[p].active;

/** Asks `decider` to choose one of `g.options`; a single option is taken at once. Always the last step of its caller. */
function offer(g: MortadellaGame, kind: DecisionKind, decider: number): void {
  if (isOut(g, decider)) return;
  g.decider = decider;
  if (g.options.length === 1) resolve(g, kind, g.options[0]);
  else g.decision = kind;
}

function offerTwo(g: MortadellaGame, kind: DecisionKind, decider: number, a = first, b = second): void {
  if (isOut(g, decider)) return;
  g.options = [a, b];
  g.decider = decider;
  g.decision = kind;
}

/** choose d from <dice>: none is skipped (`mark` on none does nothing), one is taken at once. */
function offerDice(g: MortadellaGame, kind: DecisionKind, dice: number): void {
  g.options = [];
  for (let d = 0; d < diceCount; d++) if (dice & bit(d)) g.options.push(d);
  if (g.options.length > 0) offer(g, kind, g.current);
}

function resolve(g: MortadellaGame, kind: DecisionKind, move: number): void {
  const me = g.decider;
  switch (kind) {
    case Decision.SetupToken: gain(g, me, move, 1); return;
    case Decision.Deus: if (move === second) useDeus(g); return;
    case Decision.KeepOrReroll: if (move === first) keepPassedDice(g); else rollAllFive(g); return;
    case Decision.PickThree: pickDie(g, move); return;
    case Decision.KeepOne: g.kept |= bit(move); return;
    case Decision.ResolveDie: resolveDie(g, move); return;
    case Decision.PairOrAlone: if (move === second) offerPartner(g); else effect(g, g.face, false); return;
    case Decision.PairPartner: g.resolved |= bit(move); effect(g, g.face, true); return;
    case Decision.PopoloPair: if (move === second) offerRevolutionTargets(g); else acquireTwoPopolo(g); return;
    case Decision.RevolutionTarget: offerRevolutionTokens(g, move); return;
    case Decision.RevolutionToken: discard(g, g.target, move, 1); return;
    case Decision.Jolly: acquire(g, g.current, move); return;
    case Decision.DrunkTarget: drunk(g, move); return;
    case Decision.DrunkPay: if (move === second) discard(g, me, Mortadella, 2); else g.players[me].skipsNextTurn = true; return;
    case Decision.TipsyTarget: tipsy(g, move); return;
    case Decision.TipsyPay: discard(g, me, move, 1); return;
    case Decision.Plague: discard(g, me, move, 1); return;
    case Decision.StealFrom: steal(g, me, move, g.token); return;
    case Decision.MaestroAsk: if (move === second) offerMaestroTargets(g, me); return;
    case Decision.MaestroTarget: g.target = move; offerMaestroRoles(g, me); return;
    case Decision.MaestroRole: judgeMaestro(g, me, move); return;
    case Decision.TwoPlayerAsk: if (move === second) { endTurn(g); offerTwoPlayerGuess(g, me); } return;
    case Decision.TwoPlayerGuess: judgeTwoPlayerGuess(g, me, move); return;
  }
}

// ---- seating ---------------------------------------------------------------------------------
/** The seat k places clockwise from the current player (`players` lists the active ones in this order). */
const seatFromCurrent = (g: MortadellaGame, k: number) => ((g.current < 0 ? 0 : g.current) + k) % g.seats;

/** The next active player in `step` direction (1 = left, -1 = right), or `p` when nobody else is left. */
function neighbour(g: MortadellaGame, p: number, step: 1 | -1): number {
  for (let k = 1; k <= g.seats; k++) {
    const seat = (((p + step * k) % g.seats) + g.seats) % g.seats;
    if (g.players[seat].active) return seat;
  }
  return p;
}

/** Fills g.options with the active players, in turn order from the current one, that pass `test`. */
function listPlayers(g: MortadellaGame, test: (p: PlayerState, seat: number) => boolean): void {
  g.options = [];
  for (let k = 0; k < g.seats; k++) {
    const seat = seatFromCurrent(g, k);
    const player = g.players[seat];
    if (player.active && test(player, seat)) g.options.push(seat);
  }
}

/** Pushes one task per active player so that they run in turn order from the current one (`for each q in players`). */
function pushForEachPlayer(g: MortadellaGame, kind: TaskKind, arg = 0): void {
  for (let k = g.seats - 1; k >= 0; k--) {
    const seat = seatFromCurrent(g, k);
    if (g.players[seat].active) push(g, kind, seat, arg);
  }
}

// ---- tokens ----------------------------------------------------------------------------------
function gain(g: MortadellaGame, p: number, token: number, wanted: number): void {
  const amount = Math.min(wanted, g.reserve[token]);
  g.reserve[token] -= amount;
  g.players[p].tokens[token] += amount;
}

function discard(g: MortadellaGame, p: number, token: number, wanted: number): void {
  const tokens = g.players[p].tokens;
  const amount = Math.min(wanted, tokens[token]);
  tokens[token] -= amount;
  g.reserve[token] += amount;
}

function discardAll(g: MortadellaGame, p: number): void {
  for (let t = 0; t < tokenCount; t++) discard(g, p, t, g.players[p].tokens[t]);
}

function steal(g: MortadellaGame, thief: number, victim: number, token: number): void {
  g.players[victim].tokens[token]--;
  g.players[thief].tokens[token]++;
}

/**
 * rule Acquisisci: the Brigante, and the current player during Carnevale, steal instead. A thief
 * put out a moment ago (the first of 2 Popoli made 8) is not asked: `offer` skips the choice,
 * v is none and nothing is stolen (`if v != none`); SetteVizi still runs, and finds no tokens.
 */
function acquire(g: MortadellaGame, p: number, token: number): void {
  if (g.players[p].role === Role.Brigante || (g.carnival && p === g.current)) {
    listPlayers(g, (q, seat) => seat !== p && q.tokens[token] > 0);
    if (g.options.length > 0) {
      push(g, Task.SevenSins, p);
      g.token = token;
      offer(g, Decision.StealFrom, p);
      return;
    }
  } else {
    gain(g, p, token, 1);
  }
  sevenSins(g, p);
}

function acquireTwoPopolo(g: MortadellaGame): void {
  push(g, Task.Acquire, g.current, Popolo);
  push(g, Task.Acquire, g.current, Popolo);
}

/** rule SetteVizi: 8 of one symbol puts you out (the Brigante is exempt). */
function sevenSins(g: MortadellaGame, p: number): void {
  const player = g.players[p];
  if (player.role === Role.Brigante) return;
  const t = player.tokens;
  if (t[Popolo] >= 8 || t[Torre] >= 8 || t[Libro] >= 8 || t[Mortadella] >= 8) leave(g, p);
}

// ---- the end ---------------------------------------------------------------------------------
function finish(g: MortadellaGame, winner: number | null, reason: Reason): void {
  g.winner = winner;
  g.reason = reason;
  g.decision = Decision.None;
  g.top = 0;
}

/**
 * rule Esce: the Deus Ex-Machina moves on, the tokens go back to the reserve. Out during their
 * own turn, they pass no dice (Fase 3 is not reached): the next player rolls all five (I-29).
 */
function leave(g: MortadellaGame, p: number): void {
  if (g.deus === p) g.deus = neighbour(g, p, -1);
  if (p === g.current) g.passed = 0; // unmark passato on Dadi
  discardAll(g, p);
  eliminate(g, p);
}

function eliminate(g: MortadellaGame, p: number): void {
  g.players[p].active = false;
  let left = 0;
  let last = nobody;
  for (let seat = 0; seat < g.seats; seat++) if (g.players[seat].active) { left++; last = seat; }
  if (left === 1) finish(g, last, 'last player standing');
  else if (p === g.current) g.turnOver = true; // the running rules finish, the turn does not
}

function meetsGoal(player: PlayerState): boolean {
  const tokens = player.tokens;
  const p = tokens[Popolo], t = tokens[Torre], l = tokens[Libro], m = tokens[Mortadella];
  switch (player.role) {
    case Role.Principe: return p >= 2 && t >= 2 && l >= 2 && m >= 5;
    case Role.Rettore: return p >= 4 && t >= 2 && l >= 5;
    case Role.Seta: return p >= 4 && t >= 6 && m === 0;
    case Role.Capitano: return p >= 5 && l === 0 && m >= 4;
    case Role.Cardinale: return p >= 2 && t >= 4 && l >= 4 && m >= 2;
    case Role.Maestro: return p >= 2 && t === 2 && l >= 2 && m === 2;
    case Role.Brigante:
      return (p >= 8 && l === 0 && m === 0) || (l >= 8 && p === 0 && m === 0) || (m >= 8 && p === 0 && l === 0);
    default: return false;
  }
}

/** rule Vittoria */
function checkVictory(g: MortadellaGame, p: number): void {
  const player = g.players[p];
  if (!meetsGoal(player)) return;
  if (player.role !== Role.Maestro) { finish(g, p, 'role goal'); return; }
  // "indovina un ruolo" is open only with someone to guess; "non ora" alone is no decision.
  listPlayers(g, (q, seat) => seat !== p && q.role !== Role.Brigante);
  if (g.options.length > 0) offerTwo(g, Decision.MaestroAsk, p);
}

/** rule VittoriaFuoriTurno: everyone is checked, in turn order from the current player. */
const victoryOutOfTurn = (g: MortadellaGame) => pushForEachPlayer(g, Task.Victory);

function offerMaestroTargets(g: MortadellaGame, maestro: number): void {
  listPlayers(g, (q, seat) => seat !== maestro && q.role !== Role.Brigante);
  offer(g, Decision.MaestroTarget, maestro);
}

/** `roles where it != Brigante and it != Maestro`: the five ordinary roles. */
function offerMaestroRoles(g: MortadellaGame, maestro: number): void {
  g.options = [];
  for (let role = Role.Principe; role <= Role.Cardinale; role++) g.options.push(role);
  offer(g, Decision.MaestroRole, maestro);
}

function judgeMaestro(g: MortadellaGame, maestro: number, role: number): void {
  if (g.players[g.target].role === role) finish(g, maestro, 'maestro guessed');
  else leave(g, maestro);
}

/** rule IndovinaDueGiocatori: any of the five roles but one's own. */
function offerTwoPlayerGuess(g: MortadellaGame, p: number): void {
  g.options = [];
  for (let role = Role.Principe; role <= Role.Cardinale; role++) if (role !== g.players[p].role) g.options.push(role);
  offer(g, Decision.TwoPlayerGuess, p);
}

function judgeTwoPlayerGuess(g: MortadellaGame, p: number, role: number): void {
  for (let k = 1; k < g.seats; k++) {
    const other = seatFromCurrent(g, k);
    if (!g.players[other].active) continue;
    if (g.players[other].role === role) { finish(g, p, 'two-player guess'); return; }
    discardAll(g, p);
    g.players[p].role = g.roleDeck.shift() ?? noRole;
  }
}

// ---- setup -----------------------------------------------------------------------------------
function setup(g: MortadellaGame): void {
  dealRoles(g);
  if (g.seats === 6) for (let p = 0; p < g.seats; p++) { gain(g, p, Popolo, 1); gain(g, p, Mortadella, 1); }
  push(g, Task.FirstPlayer);
  if (g.seats === 7) for (let p = g.seats - 1; p >= 0; p--) push(g, Task.SetupChoice, p);
}

/** Maestro from 3 players, Brigante only at 7; the cards left over are the deck. */
function dealRoles(g: MortadellaGame): void {
  const eligible: number[] = [Role.Principe, Role.Rettore, Role.Seta, Role.Capitano, Role.Cardinale];
  if (g.seats >= 3) eligible.push(Role.Maestro);
  if (g.seats === 7) eligible.push(Role.Brigante);
  for (let i = eligible.length - 1; i > 0; i--) {
    const j = randomBelow(g, i + 1);
    [eligible[i], eligible[j]] = [eligible[j], eligible[i]];
  }
  for (let p = 0; p < g.seats; p++) g.players[p].role = eligible.shift()!;
  g.roleDeck = eligible;
}

function offerTokenChoice(g: MortadellaGame, p: number): void {
  g.options = [];
  g.options.push(Popolo, Torre, Libro, Mortadella);
  offer(g, Decision.SetupToken, p);
}

/** Highest count of Mortadella and Vino on five dice; the tied roll again. */
function chooseFirstPlayer(g: MortadellaGame): void {
  let contenders = Array.from({ length: g.seats }, (_, p) => p);
  for (let round = 0; contenders.length > 1 && round < 100; round++) {
    let best = -1;
    let leaders: number[] = [];
    for (const p of contenders) {
      let score = 0;
      for (let d = 0; d < diceCount; d++) {
        const face = (g.faces[d] = randomBelow(g, faceCount));
        if (face === Mortadella || face === Vino) score++;
      }
      if (score > best) { best = score; leaders = [p]; } else if (score === best) leaders.push(p);
    }
    contenders = leaders;
  }
  g.current = contenders[0];
  g.deus = neighbour(g, g.current, -1); // to the last player of the round
}

// ---- the turn --------------------------------------------------------------------------------
function startNextTurn(g: MortadellaGame): void {
  if (g.turn >= turnLimit) { finish(g, null, 'turn limit'); return; }
  g.current = g.turn === 0 ? g.current : neighbour(g, g.current, 1);
  g.turn++;
  g.turnOver = false;
  const player = g.players[g.current];
  if (player.skipsNextTurn) { player.skipsNextTurn = false; return; }
  push(g, Task.Phase3);
  push(g, Task.Phase2);
  push(g, Task.Phase1);
  if (g.seats === 2) push(g, Task.TwoPlayerAsk);
  push(g, Task.TurnVictory, g.current);
}

/** Fase 1: roll all five on the first turn, and when no die is passato (the previous player went out after rolling all five). */
function phase1(g: MortadellaGame): void {
  g.carnival = false;
  if (g.firstTurn) { g.firstTurn = false; rollAllFive(g); }
  else if (g.passed === 0) rollAllFive(g);
  else offerTwo(g, Decision.KeepOrReroll, g.current);
}

/** rule LanciaTutti */
function rollAllFive(g: MortadellaGame): void {
  g.passed = g.kept = g.resolved = 0;
  push(g, Task.PickThree);
  roll(g, allDice);
}

/** Keep the two passed dice, roll the other three and add one of them. */
function keepPassedDice(g: MortadellaGame): void {
  g.resolved = 0;
  g.kept = g.passed;
  push(g, Task.KeepOne);
  roll(g, allDice & ~g.passed);
}

function offerPickThree(g: MortadellaGame): void {
  if (isOut(g, g.current)) return; // out during the roll: nothing is kept
  g.picked = 0;
  g.pickedCount = 0;
  g.options = [];
  for (let d = 0; d < diceCount; d++) g.options.push(d);
  g.decider = g.current;
  g.decision = Decision.PickThree;
}

/** A pick of `choose 3`: the confirm is a decision of its own even though it is the only move. */
function pickDie(g: MortadellaGame, move: number): void {
  if (move === confirm) { g.kept |= g.picked; return; }
  g.picked |= bit(move);
  g.pickedCount++;
  g.options = [];
  if (g.pickedCount < 3) { for (let d = 0; d < diceCount; d++) if (!(g.picked & bit(d))) g.options.push(d); }
  else g.options.push(confirm);
  g.decision = Decision.PickThree;
}

/** rule Lancia: roll, let the Deus Ex-Machina holder reroll, then the effects of the roll. */
function roll(g: MortadellaGame, dice: number): void {
  g.rolled = dice;
  rollMarked(g);
  push(g, Task.EffectsOfRoll);
  if (g.deus !== nobody) { g.roller = g.current; offerTwo(g, Decision.Deus, g.deus); }
}

function rollMarked(g: MortadellaGame): void {
  for (let d = 0; d < diceCount; d++) if (g.rolled & bit(d)) g.faces[d] = randomBelow(g, faceCount);
}

/** It passes to the right after its holder's own roll, else to the player whose roll it repeated. */
function useDeus(g: MortadellaGame): void {
  rollMarked(g);
  g.deus = g.deus === g.roller ? neighbour(g, g.deus, -1) : g.roller;
}

/** rule EffettiDelLancio: the five dice, kept ones included, make Festa, Terremoto or Carnevale. */
function effectsOfRoll(g: MortadellaGame): void {
  let seen = 0;
  let ratsAndWine = 0;
  for (let d = 0; d < diceCount; d++) {
    const face = g.faces[d];
    seen |= 1 << face;
    if (face === Ratto || face === Vino) ratsAndWine++;
  }
  const distinct = popCount(seen);
  const face = g.faces[0];
  if (distinct === 1 && face <= Mortadella) {
    // Festa della Porchetta: everyone acquires one, then anyone may win out of turn.
    push(g, Task.VictoryOutOfTurn);
    pushForEachPlayer(g, Task.Acquire, face);
  } else if (ratsAndWine === diceCount) {
    // Terremoto
    for (let p = 0; p < g.seats; p++) {
      if (!g.players[p].active) continue;
      discard(g, p, Torre, g.players[p].tokens[Torre]);
      discard(g, p, Libro, g.players[p].tokens[Libro]);
    }
    push(g, Task.VictoryOutOfTurn);
  } else if (distinct === diceCount) {
    g.carnival = true;
  }
}

function popCount(mask: number): number {
  let count = 0;
  for (; mask; mask &= mask - 1) count++;
  return count;
}

/** One round of Fase 2's loop: choose a kept die, resolve it (maybe in a pair), then Vittoria. */
function phase2(g: MortadellaGame): void {
  const waiting = g.kept & ~g.resolved;
  if (waiting === 0) return;
  push(g, Task.Phase2);
  push(g, Task.TurnVictory, g.current);
  offerDice(g, Decision.ResolveDie, waiting);
}

function sameFaceWaiting(g: MortadellaGame, face: number): number {
  let dice = 0;
  for (let d = 0; d < diceCount; d++) if (g.faces[d] === face) dice |= bit(d);
  return dice & g.kept & ~g.resolved;
}

function resolveDie(g: MortadellaGame, die: number): void {
  g.resolved |= bit(die);
  const face = (g.face = g.faces[die]);
  const pairs = face === Popolo || face === Vino || face === Ratto;
  if (pairs && sameFaceWaiting(g, face) !== 0) offerTwo(g, Decision.PairOrAlone, g.current);
  else effect(g, face, false);
}

const offerPartner = (g: MortadellaGame) => offerDice(g, Decision.PairPartner, sameFaceWaiting(g, g.face));

// ---- effects of the dice (rule Effetto) -------------------------------------------------------
function effect(g: MortadellaGame, face: number, pair: boolean): void {
  switch (face) {
    case Popolo:
      if (!pair) acquire(g, g.current, Popolo);
      else if (someoneHasTorreOrLibro(g)) offerTwo(g, Decision.PopoloPair, g.current);
      else acquireTwoPopolo(g);
      return;
    case Torre: case Mortadella: acquire(g, g.current, face); return;
    case Libro:
      g.options = [];
      g.options.push(Libro, Popolo, Torre, Mortadella);
      offer(g, Decision.Jolly, g.current);
      return;
    case Vino:
      listPlayers(g, anyPlayer);
      offer(g, pair ? Decision.DrunkTarget : Decision.TipsyTarget, g.current);
      return;
    case Ratto: pushForEachPlayer(g, Task.Plague, pair ? 1 : 0); return;
  }
}

const anyPlayer = () => true;
const hasTorreOrLibro = (p: PlayerState) => p.tokens[Torre] > 0 || p.tokens[Libro] > 0;

function someoneHasTorreOrLibro(g: MortadellaGame): boolean {
  for (const player of g.players) if (player.active && hasTorreOrLibro(player)) return true;
  return false;
}

function offerRevolutionTargets(g: MortadellaGame): void {
  listPlayers(g, hasTorreOrLibro);
  offer(g, Decision.RevolutionTarget, g.current);
}

function offerRevolutionTokens(g: MortadellaGame, target: number): void {
  const tokens = g.players[target].tokens;
  g.target = target;
  g.options = [];
  if (tokens[Torre] > 0) g.options.push(Torre);
  if (tokens[Libro] > 0) g.options.push(Libro);
  offer(g, Decision.RevolutionToken, g.current);
}

/** Ubriacatura: skip the next turn, unless the target pays 2 Mortadella. */
function drunk(g: MortadellaGame, target: number): void {
  if (g.players[target].tokens[Mortadella] >= 2) offerTwo(g, Decision.DrunkPay, target);
  else g.players[target].skipsNextTurn = true;
}

/** Ebbrezza: lose a Popolo, unless the target pays a Mortadella. */
function tipsy(g: MortadellaGame, target: number): void {
  const tokens = g.players[target].tokens;
  if (tokens[Popolo] === 0) return;
  if (tokens[Mortadella] > 0) offerTwo(g, Decision.TipsyPay, target, Popolo, Mortadella);
  else discard(g, target, Popolo, 1);
}

/** Peste for one player: a Popolo, or a Torre instead; Peste nera also takes a Mortadella. */
function plague(g: MortadellaGame, p: number, black: boolean): void {
  const tokens = g.players[p].tokens;
  if (black) push(g, Task.DiscardMortadella, p);
  if (tokens[Popolo] === 0) return;
  if (tokens[Torre] > 0) offerTwo(g, Decision.Plague, p, Popolo, Torre);
  else discard(g, p, Popolo, 1);
}

// ---- random playouts ---------------------------------------------------------------------------
export interface PlayoutSummary { winner: number | null; turns: number; decisions: number; reason: Reason }

/** One game between random bots; the bots draw from their own generator (xorshift32), apart from the dice. */
export function playRandomGame(players: number, seed: number): PlayoutSummary {
  const g = newGame(players, seed);
  let bot = Math.imul(seed, 2654435761) >>> 0 || 1;
  while (g.reason === null) {
    bot ^= bot << 13; bot ^= bot >>> 17; bot ^= bot << 5;
    bot >>>= 0;
    const moves = g.options;
    applyMove(g, moves[bot % moves.length]);
  }
  return { winner: g.winner, turns: g.turn, decisions: g.decisions, reason: g.reason };
}
