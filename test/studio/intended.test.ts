/**
 * Live editing never throws moves away: the studio keeps the designer's moves apart from the game
 * replayed from them (studio/src/lib/intended.ts), replays them on the engine's fast path
 * (Match.replay), and rewinds to any log line. These are the pieces the Session puts together.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Match, randomPlayout, type GameDefinition, type Move } from '../../interpreter/index.ts';
import { compileText as compile } from '../support/scenario.ts';
import { IntendedMoves } from '../../studio/src/lib/intended.ts';
import { rebuildMatch } from '../../studio/src/lib/playtest.ts';

const rules = (name: string) => readFileSync(new URL(`../../rules/${name}`, import.meta.url), 'utf8');

const risikoText = rules('risiko.rules');
const risiko = compile(risikoText);
const settings = { players: 5, seed: 3, variant: null as string | null };

/** The first `count` moves random bots play in a game with these settings. */
function movesOf(definition: GameDefinition, s: { players: number; seed: number }, count: number): Move[] {
  const moves = randomPlayout(definition, { players: s.players, seed: s.seed, keepMoves: true, maxRounds: 50 }).moves.slice(0, count);
  expect(moves).toHaveLength(count);
  return moves;
}

/** What the Session does on every keystroke: compile, replay the designer's moves, note where they stop. */
function edit(intended: IntendedMoves, text: string) {
  const rebuilt = rebuildMatch(compile(text), settings, intended.moves);
  if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
  intended.replayed(rebuilt.applied, rebuilt.refused);
  return rebuilt;
}

describe('an edit never throws moves away', () => {
  it('Risiko!: 25 → 2 → 28 → 25 armies by typing; the in-between text stops the game early, retyping 25 brings back all 80 moves', () => {
    const moves = movesOf(risiko, settings, 80);
    const original = Match.replay(risiko, settings, moves);
    if (!original.ok) throw new Error(original.diagnostic.message);
    const intended = new IntendedMoves();
    intended.reset(moves);

    const two = edit(intended, risikoText.replace('let iniziali = 25', 'let iniziali = 2'));
    expect(two.applied).toBeLessThan(80);
    expect(intended.moves).toEqual(moves);
    expect(intended.divergence).toMatchObject({ index: two.applied, move: moves[two.applied] });
    expect(intended.divergence!.reason.length).toBeGreaterThan(0);
    expect(intended.divergence!.later).toHaveLength(80 - two.applied);

    edit(intended, risikoText.replace('let iniziali = 25', 'let iniziali = 28'));
    expect(intended.moves).toEqual(moves);

    const back = edit(intended, risikoText);
    expect(back.applied).toBe(80);
    expect(intended.divergence).toBeNull();
    expect(back.match.hash()).toBe(original.match.hash());
  });

  it('playing the next move of the list keeps the rest; another move replaces it; drop lets the rest go', () => {
    const moves = movesOf(risiko, settings, 30);
    const intended = new IntendedMoves();
    intended.reset(moves);
    const replayed = Match.replay(risiko, settings, moves.slice(0, 10));
    if (!replayed.ok) throw new Error(replayed.diagnostic.message);
    const match = replayed.match;
    // Redo: the next move of the list, played again.
    expect(intended.next(match.moves.length)).toEqual(moves[10]);
    match.apply(moves[10]);
    intended.played(match.moves);
    expect(intended.moves).toEqual(moves);
    // Something else: the list follows the game.
    const other = match.legalMoves().find((m) => m.choice !== moves[11].choice);
    if (other) {
      match.apply(other);
      intended.played(match.moves);
      expect(intended.moves).toHaveLength(12);
      expect(intended.moves.slice(0, 11)).toEqual(moves.slice(0, 11));
      expect(intended.moves[11]).toMatchObject({ player: other.player, choice: other.choice });
    }
    intended.reset(moves);
    intended.replayed(5, 'refused');
    intended.drop(moves.slice(0, 5));
    expect(intended.moves).toEqual(moves.slice(0, 5));
    expect(intended.divergence).toBeNull();
  });
});

describe('Match.replay: the fast path', () => {
  const mortadella = compile(rules('mortadella.rules'));
  const long = { players: 4, seed: 11, variant: null };
  const moves = randomPlayout(mortadella, { players: 4, seed: 11, keepMoves: true }).moves;

  it('plays the same game as applying the moves one by one, to the end of a long game', () => {
    expect(moves.length).toBeGreaterThan(300);
    const replayed = Match.replay(mortadella, long, moves);
    if (!replayed.ok) throw new Error(replayed.diagnostic.message);
    const started = Match.start(mortadella, long);
    if (!started.ok) throw new Error(started.diagnostic.message);
    for (const move of moves) expect(started.match.apply(move).ok).toBe(true);
    expect(replayed.applied).toBe(moves.length);
    expect(replayed.refused).toBeNull();
    expect(replayed.match.hash()).toBe(started.match.hash());
    expect(replayed.match.view(0)).toEqual(started.match.view(0));
  });

  it('undo after a replay goes back through states it did not keep, to the same positions as the slow path', () => {
    const replayed = Match.replay(mortadella, long, moves.slice(0, 100));
    if (!replayed.ok) throw new Error(replayed.diagnostic.message);
    for (let back = 1; back <= 40; back++) {
      expect(replayed.match.undo()).toBe(true);
      if (back % 13 === 0) {
        const slow = Match.replay(mortadella, long, moves.slice(0, 100 - back));
        expect(slow.ok && replayed.match.hash()).toBe(slow.ok && slow.match.hash());
      }
    }
    // Redo still works from there.
    expect(replayed.match.redo()).toBe(true);
    expect(replayed.match.moves).toHaveLength(61);
  });

  it('stops at the first move the rules refuse, and says why', () => {
    const broken = moves.slice(0, 20).concat([{ player: 0, choice: 'no such move' }], moves.slice(20, 40));
    const replayed = Match.replay(mortadella, long, broken);
    expect(replayed.ok && replayed.applied).toBe(20);
    expect(replayed.ok && replayed.refused?.message).toMatch(/no such move|not one of|cannot/);
  });
});

describe('rewind to a log line', () => {
  it('returns the game to the point where the line was written; the designer\'s later moves stay for redo', () => {
    const mortadella = compile(rules('mortadella.rules'));
    const s = { players: 4, seed: 5, variant: null };
    const moves = randomPlayout(mortadella, { players: 4, seed: 5, keepMoves: true }).moves.slice(0, 60);
    const replayed = Match.replay(mortadella, s, moves);
    if (!replayed.ok) throw new Error(replayed.diagnostic.message);
    const match = replayed.match;
    const log = match.view('referee').log;
    // The line that opened turn 4: the game goes back to the moment it was written.
    const line = log.findIndex((e) => e.text.startsWith('turn 4:'));
    const at = match.movesAtLogLine(line);
    expect(match.rewindTo(at)).toBe(true);
    expect(match.moves).toEqual(moves.slice(0, at));
    expect(match.view('referee').log.length).toBeGreaterThan(line);
    const slow = Match.replay(mortadella, s, moves.slice(0, at));
    expect(slow.ok && slow.match.hash()).toBe(match.hash());
    // Lines of the setup go back to the start.
    expect(match.movesAtLogLine(0)).toBe(0);
    const intended = new IntendedMoves();
    intended.reset(moves);
    expect(intended.next(match.moves.length)).toEqual(moves[at]);
  });
});

describe('an edit after an undo', () => {
  it('keeps where the designer stands: the game goes back there, the undone moves stay for redo', () => {
    const moves = movesOf(risiko, settings, 30);
    const intended = new IntendedMoves();
    intended.reset(moves);
    intended.moveTo(20);
    expect(intended.position).toBe(20);
    // What Session.rebuild does: replay all, then show the game where the designer stands.
    const rebuilt = edit(intended, risikoText.replace('# ', '#  '));
    expect(rebuilt.applied).toBe(30);
    expect(rebuilt.match.rewindTo(intended.position)).toBe(true);
    expect(rebuilt.match.moves).toEqual(moves.slice(0, 20));
    expect(intended.divergence).toBeNull();
    expect(intended.next(20)).toEqual(moves[20]);
    expect(intended.moves).toEqual(moves);
  });
});
