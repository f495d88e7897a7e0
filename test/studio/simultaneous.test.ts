/**
 * Simultaneous decisions, statuses and moves open at any time in the playtest pane: the sealed
 * bids of rules/examples/asta.rules, and a small game with thresholds and an "at any time" move.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, type GameDefinition, type Match } from '../../interpreter/index.ts';
import {
  autoPlay, choicePanel, handOver, nameList, openMoveGroups, playerCards, symbolPalette, waitingSeats,
} from '../../studio/src/playtest/view-model.ts';
import { playOn, startMatch } from '../support/studio-match.ts';

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

const asta = compile(readFileSync(fileURLToPath(new URL('../../rules/examples/asta.rules', import.meta.url)), 'utf8'));
const palette = symbolPalette(asta);
const prompt = 'La tua offerta segreta per il lotto 1';

/** Asta at three players, seed 1: P3 rolled highest, so the block runs P3, then P1, then P2. */
const auction = () => startMatch(asta, { players: 3, seed: 1, variant: null });

/** What the hot seat does after `mover` answered: the seat to pass to, or null. */
function passAfter(match: Match, play: () => void): number | null {
  const before = waitingSeats(match.view('referee'));
  const mover = match.toAct!;
  play();
  const after = match.view('referee');
  return handOver(before, mover, { toAct: match.toAct, waiting: waitingSeats(after), over: after.outcome !== null });
}

describe('sealed bids: several players choose at once', () => {
  it('says who chooses at once, by seat, and marks each of them as choosing', () => {
    const match = auction();
    const panel = choicePanel(match.view('referee'), match, palette);
    expect(panel).toMatchObject({ kind: 'choose', heading: 'P3 chooses', prompt, together: 'P1, P2 and P3 choose at once' });
    expect(playerCards(match.view('referee'), palette).map((p) => p.isChoosing)).toEqual([true, true, true]);
    expect(nameList(['P1'])).toBe('P1');
    expect(nameList(['P1', 'P2'])).toBe('P1 and P2');
  });

  it('gives a waiting player their own bids, even while the engine runs another player\'s choice', () => {
    const match = auction();
    expect(match.toAct).toBe(2);
    const asP1 = choicePanel(match.view(0), match, palette);
    if (asP1.kind !== 'choose') throw new Error(asP1.kind);
    expect(asP1.heading).toBe('Your choice, P1');
    expect(asP1.moves.map((m) => m.label)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(asP1.moves.every((m) => m.move.player === 0)).toBe(true);
    expect(playOn(match)(asP1.moves[4].move)).toBeNull();
    expect(waitingSeats(match.view('referee'))).toEqual([1, 2]);
  });

  it('once a player has bid, they wait for the others, and nobody else sees their bid until all are in', () => {
    const sealed = 'their own answers, shown once every player has answered';
    const match = auction();
    playOn(match)({ player: 2, choice: '7' });
    expect(choicePanel(match.view(2), match, palette)).toEqual({
      // The others' question stays theirs (it may quote an earlier answer of their own).
      kind: 'waiting', chooser: 'P1', prompt: sealed, text: `waiting for P1 and P2 — ${sealed}`, together: 'P1 and P2 choose at once',
    });
    for (const seat of [0, 1]) {
      const p3 = playerCards(match.view(seat), palette)[2];
      expect(p3.variables.find((v) => v.name === 'offerta')?.text).toBe('0');
      expect(match.view(seat).log.map((l) => l.text).join('\n')).not.toContain('7');
    }
    expect(playerCards(match.view('referee'), palette)[2].variables.find((v) => v.name === 'offerta')?.text).toBe('7');
  });

  it('hot seat: after each bid but the last, the device passes to the next bidder of the same block', () => {
    const match = auction();
    expect(passAfter(match, () => playOn(match)({ player: 2, choice: '7' }))).toBe(0);
    expect(passAfter(match, () => playOn(match)({ player: 0, choice: '3' }))).toBe(1);
    // The last bid closes the block: the next lot's bids are a new round for everyone, no pass needed.
    expect(passAfter(match, () => playOn(match)({ player: 1, choice: '2' }))).toBeNull();
    expect(match.view(0).log.some((l) => l.text.includes('P3 si aggiudica il lotto 1 con 7 Oro'))).toBe(true);
  });

  it('no pass screen outside a block, nor at the end of the game', () => {
    expect(handOver([0], 0, { toAct: 1, waiting: [1], over: false })).toBeNull();
    expect(handOver([0, 1], 0, { toAct: null, waiting: [], over: true })).toBeNull();
    expect(handOver([0, 1], 0, { toAct: 2, waiting: [2], over: false })).toBeNull();
  });

  it('bots play the auction to its end', () => {
    const match = auction();
    autoPlay(match, playOn(match), { state: 9 }, () => false, 500);
    expect(match.outcome).not.toBeNull();
    expect(choicePanel(match.view('referee'), match, palette)).toEqual({ kind: 'over' });
  });
});

describe('statuses and moves open at any time', () => {
  const chiama = compile(readFileSync(fileURLToPath(new URL('../../rules/examples/chiama.rules', import.meta.url)), 'utf8'));
  const chips = symbolPalette(chiama);

  it('offers the move to its player out of turn, and to every player as the referee, applying it as theirs', () => {
    const match = startMatch(chiama, { players: 3, seed: 1, variant: null });
    const first = match.toAct!;
    playOn(match)({ player: first, choice: 'prendi' });
    const other = match.toAct!;
    expect(openMoveGroups(match.view(first))).toEqual([{ player: `P${first + 1}`, seat: first, moves: [{ label: 'chiama', move: { player: first, choice: 'chiama' } }] }]);
    expect(openMoveGroups(match.view(other))).toEqual([]);
    expect(openMoveGroups(match.view('referee')).map((g) => g.seat)).toEqual([first]);
    // The chooser's own buttons are the choice alone: the move open at any time has its own row.
    const panel = choicePanel(match.view(other), match, chips);
    expect(panel.kind === 'choose' && panel.moves.map((m) => m.label)).toEqual(['prendi', 'accusa']);
    expect(playOn(match)(openMoveGroups(match.view(first))[0].moves[0].move)).toBeNull();
    expect(playerCards(match.view(other), chips)[first].statuses).toEqual(['Sorvegliato']);
  });

  it('shows each player\'s statuses, and a status that forbids the move closes it', () => {
    const match = startMatch(chiama, { players: 3, seed: 1, variant: null });
    const first = match.toAct!;
    playOn(match)({ player: first, choice: 'prendi' });
    playOn(match)({ player: first, choice: 'chiama' });
    playOn(match)({ player: first, choice: 'chiama' });
    const cards = playerCards(match.view('referee'), chips);
    expect(cards[first].statuses).toEqual(['Sorvegliato', 'Zittito']);
    expect(cards.filter((c) => c.seat !== first).every((c) => c.statuses.length === 0)).toBe(true);
    expect(openMoveGroups(match.view(first))).toEqual([]);
  });

  it('offers nothing once the game is over', () => {
    expect(openMoveGroups({ openMoves: [{ player: 'P1', seat: 0, label: 'chiama' }], outcome: { kind: 'draw', winners: [], reason: 'x', cite: -1, winnerNames: [] } })).toEqual([]);
  });
});
