/**
 * The choice in front of someone: the moves or the picks the viewer may make, who is waited for,
 * the moves open at any time, and whom a shared device goes to next.
 */
import type { LegalMove, Move, PlayerView } from '../../../interpreter/index.ts';
import type { CardFace, CardFaces } from './piles-view-model.ts';
import { segments, type Palette, type Segment } from './symbols.ts';
import { seatName } from './toolbar-view-model.ts';

/** What the choice panel needs of a match (a `Match` fits). */
export interface MatchLike {
  readonly toAct: number | null;
  readonly outcome: unknown;
  legalMoves(player?: number): LegalMove[];
  readonly state: { pending: { kind: string; need?: number } | null };
}

/** `card`: the choice is a card (its label names one, "Asso" or "Asso (2)"), drawn as that card. */
export interface MoveButton { label: string; move: LegalMove; segments: Segment[]; card: CardFace | null }
export interface PickToggle { label: string; picked: boolean; move: LegalMove | null; segments: Segment[]; card: CardFace | null }

/** The card a choice label names: the name itself, or the name with the engine's "(2)" for a second copy. */
export function choiceCard(label: string, faces: CardFaces): CardFace | null {
  return faces.get(label) ?? faces.get(label.replace(/ \(\d+\)$/, '')) ?? null;
}

/** `together`: "P1, P2 and P3 choose at once", only while several players have a choice open at once. */
export type ChoicePanel =
  | { kind: 'none'; text: string }
  | { kind: 'over' }
  | { kind: 'waiting'; chooser: string; prompt: string; text: string; together?: string }
  | { kind: 'choose'; chooser: string; prompt: string; heading: string; moves: MoveButton[]; together?: string }
  | { kind: 'pick'; chooser: string; prompt: string; heading: string; picks: PickToggle[]; confirm: LegalMove | null; picked: number; need: number | null; together?: string; selection?: SelectionPanel };

/**
 * A selection under a condition: the picks that can still be completed are highlighted (the others
 * are disabled), `total` the running total of a `sum of … by …` condition ("total 5 (must be <= 7)"),
 * `reason` why Confirm is disabled.
 */
export interface SelectionPanel { total: string | null; reason: string | null }

/** Names as a sentence says them: "P1", "P1 and P2", "P1, P2 and P3". */
export function nameList(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0] ?? '';
}

/** The players with an open choice now, by seat (a simultaneous block lists them in its own order). */
export function waitingSeats(view: Pick<PlayerView, 'waiting' | 'players'>): number[] {
  return view.waiting.flatMap((name) => view.players.filter((p) => p.name === name).map((p) => p.seat)).sort((a, b) => a - b);
}

function together(view: PlayerView): { together?: string } {
  const seats = waitingSeats(view);
  return seats.length > 1 ? { together: `${nameList(seats.map(seatName))} choose at once` } : {};
}

/**
 * The pending choice as this viewer may see it: the moves when the view shows them the choices
 * (the chooser themself, or the referee acting for anyone), else who is being waited for. In a
 * simultaneous block a waiting player sees their own choice, whoever the engine is running.
 * Moves open at any time are left out: `openMoveGroups` shows them, in turn or not.
 */
export function choicePanel(view: PlayerView, match: MatchLike, palette: Palette, faces: CardFaces = new Map()): ChoicePanel {
  if (view.outcome) return { kind: 'over' };
  const pending = view.pending;
  if (!pending || match.toAct === null) return { kind: 'none', text: 'nobody has a choice to make' };
  const atOnce = together(view);
  if (pending.choices === null) {
    const waiting = waitingSeats(view).map(seatName);
    const whom = waiting.length > 1 ? nameList(waiting) : pending.player;
    return { kind: 'waiting', chooser: pending.player, prompt: pending.prompt, text: `waiting for ${whom} — ${pending.prompt}`, ...atOnce };
  }
  const moves = match.legalMoves(pending.seat).filter((move) => move.kind !== 'any-time');
  // Only a choice of cards is drawn as cards: No Tav's site "Trivella" shares its name with an action card.
  if (!pending.ofCards) faces = new Map();
  const heading = view.viewer === 'referee' ? `${pending.player} chooses` : `Your choice, ${pending.player}`;
  if (pending.kind !== 'pick' && pending.kind !== 'select') {
    return {
      kind: 'choose', chooser: pending.player, prompt: pending.prompt, heading, ...atOnce,
      moves: moves.map((move) => ({ label: move.choice, move, segments: segments(move.choice, palette), card: choiceCard(move.choice, faces) })),
    };
  }
  const picked = new Set(pending.picked);
  const need = pending.kind === 'pick' ? pending.need : null;
  const picks = pending.choices.map((label) => {
    const move = moves.find((m) => m.choice === (picked.has(label) ? `unpick ${label}` : `pick ${label}`)) ?? null;
    return { label, picked: picked.has(label), move, segments: segments(label, palette), card: choiceCard(label, faces) };
  });
  const about = pending.selection;
  const selection = about && {
    total: about.total === null ? null : `total ${about.total}${about.target ? ` (must be ${about.target})` : ''}`,
    reason: about.reason,
  };
  return {
    kind: 'pick', chooser: pending.player, prompt: pending.prompt, heading, picks,
    confirm: moves.find((m) => m.kind === 'confirm') ?? null, picked: picked.size, need, ...atOnce, ...(selection ? { selection } : {}),
  };
}

export interface OpenMoveGroup { player: string; seat: number; moves: { label: string; move: Move }[] }

/**
 * The moves open at any time, by player, as buttons: the viewer's own (the view gives a player
 * only theirs), or every player's for the referee. They may be taken in turn or not.
 */
export function openMoveGroups(view: Pick<PlayerView, 'openMoves' | 'outcome'>): OpenMoveGroup[] {
  if (view.outcome) return [];
  const groups: OpenMoveGroup[] = [];
  for (const open of view.openMoves) {
    let group = groups.find((g) => g.seat === open.seat);
    if (!group) groups.push(group = { player: open.player, seat: open.seat, moves: [] });
    group.moves.push({ label: open.label, move: { player: open.seat, choice: open.label } });
  }
  return groups.sort((a, b) => a.seat - b.seat);
}

/**
 * Hot seat in a simultaneous block: after `mover` answered, the seat the device must be passed to
 * before the board is shown again — the next chooser, when they were waiting in the same block as
 * the mover (so the mover's answer, and the next one, stay unseen) — else null.
 */
export function handOver(waitingBefore: number[], mover: number, after: { toAct: number | null; waiting: number[]; over: boolean }): number | null {
  if (after.over || after.toAct === null || after.toAct === mover) return null;
  if (waitingBefore.length < 2 || !waitingBefore.includes(mover)) return null;
  return waitingBefore.includes(after.toAct) && after.waiting.includes(after.toAct) ? after.toAct : null;
}
