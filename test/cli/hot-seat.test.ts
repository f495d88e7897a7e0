/**
 * `regola play` at one keyboard when several players choose at once (Asta, a sealed-bid auction),
 * and with moves open at any time and statuses (a small fixture, Chiama): run as a user runs it,
 * with piped input.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const asta = join(root, 'rules', 'examples', 'asta.rules');
const chiama = join(root, 'rules', 'examples', 'chiama.rules');

function regola(args: string[], input: string) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, input, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const prompt = (seat: number, lot: number) => `P${seat} — La tua offerta segreta per il lotto ${lot}:`;
const answer = (seat: number, lot: number) => new RegExp(`P${seat}: \\d+ \\(La tua offerta segreta per il lotto ${lot}\\)`);

describe('regola play: simultaneous choices at one keyboard (Asta, 3 players, seed 2: P3, P1, P2 bid in that order)', () => {
  // Choice 5 is a bid of 4, choice 3 a bid of 2, choice 7 a bid of 6; then 2, 1, 3 … until the end.
  const { code, out } = regola(['play', asta, '--players', '3', '--seed', '2'], `5\n3\n7\n${'2\n1\n3\n'.repeat(20)}`);

  it('plays the auction to its end', () => {
    expect(code).toBe(0);
    expect(out).toMatch(/game over: /);
  });

  it('prints a separator whenever the keyboard goes to another player of the block', () => {
    const lot1 = out.slice(out.indexOf(prompt(3, 1)), out.indexOf(prompt(2, 1)));
    expect(lot1).toContain('— pass to P1 —');
    expect(out.slice(out.indexOf(prompt(1, 1)))).toContain('— pass to P2 —');
    // The separator comes before anything meant for the next player.
    const passToP1 = out.indexOf('— pass to P1 —');
    expect(passToP1).toBeLessThan(out.indexOf('as P1 sees it'));
  });

  it('shows who is still choosing while several are', () => {
    expect(out).toContain('  waiting: P3, P1, P2');
    expect(out).toContain('  waiting: P1, P2');
  });

  it("P1's bid appears nowhere before every player has bid, in any lot; then it is shown to all", () => {
    for (let lot = 1; lot <= 5; lot++) {
      const lastPrompt = Math.max(...[1, 2, 3].map((seat) => out.indexOf(prompt(seat, lot))));
      expect(lastPrompt, `lot ${lot} was bid`).toBeGreaterThan(0);
      const before = out.slice(0, lastPrompt);
      expect(before, `lot ${lot}`).not.toMatch(answer(1, lot));
      expect(out.slice(lastPrompt), `lot ${lot}`).toMatch(answer(1, lot));
    }
    // P2, choosing last in lot 1, sees P1's offerta as it was before the block, and no line of P1's answer.
    const p2View = out.slice(out.indexOf('as P2 sees it'), out.indexOf(prompt(2, 1)));
    expect(p2View).toContain('P1: Oro 10 | no role | offerta=0 vinti=0');
    const sinceP1 = out.slice(out.indexOf(prompt(1, 1)), out.indexOf(prompt(2, 1)));
    expect(sinceP1).not.toContain('P1 answers');
    expect(sinceP1).toContain('P1 — La tua offerta segreta per il lotto 1');
    expect(sinceP1).not.toContain('offerta=2');
  });

  it('the answers are printed in full once the block closes, before what follows from them', () => {
    const after = out.slice(out.indexOf(prompt(2, 1)));
    const revealed = after.indexOf('· P1: 2 (La tua offerta segreta per il lotto 1)');
    expect(revealed).toBeGreaterThan(0);
    expect(after.indexOf('· P2: 6 (La tua offerta segreta per il lotto 1)')).toBeGreaterThan(revealed);
    expect(after.indexOf('si aggiudica il lotto 1')).toBeGreaterThan(revealed);
  });
});

describe('regola play: moves open at any time and statuses (Chiama, 3 players, seed 1)', () => {
  it('lists the chooser’s moves open at any time as extra numbered choices, and shows statuses next to each player', () => {
    // Three turns of "prendi", then P1 (5 Punto) calls too early: one Sospetto, "Sorvegliato".
    const { code, out } = regola(['play', chiama, '--players', '3', '--seed', '1'], '1\n1\n1\n3\nquit\n');
    expect(code).toBe(0);
    expect(out).toContain('  3. chiama (at any time)');
    expect(out).toContain('P1: chiama (a move open at any time)');
    expect(out).toContain('> P1 [Sorvegliato]: Punto 5, Sospetto 1');
    // The choice that was waiting is asked again.
    const after = out.slice(out.indexOf('[Sorvegliato]'));
    expect(after).toContain('P1 — Che fai?:');
  });

  it("takes another player's move out of turn with 'P2 LABEL', and refuses one that is not open", () => {
    const { out } = regola(['play', chiama, '--players', '3', '--seed', '1'], '1\n1\nP3 chiama\nP1 chiama\nquit\n');
    expect(out).toContain('refused: chiama is not a move open at any time to P3 now');
    expect(out).toContain('P1: chiama (a move open at any time)');
    // P3 was choosing and still is.
    const after = out.slice(out.indexOf('P1: chiama (a move open at any time)'));
    expect(after).toContain('P3 — Che fai?:');
    expect(after).toContain('  P1 [Sorvegliato]: Punto 5, Sospetto 1');
  });
});

describe('regola play: undo at one keyboard never reaches into another player’s sealed answer', () => {
  it('Asta: P3 has bid, P1 is at the keyboard: undo is refused, P3’s screen is not shown, P3’s bid stands', () => {
    // P3 bids 4 (choice 5); P1 types undo, then bids 2; P2 bids 6.
    const { code, out } = regola(['play', asta, '--players', '3', '--seed', '2'], '5\nundo\n3\n7\nquit\n');
    expect(code).toBe(0);
    const refused = out.indexOf("undo refused: P3's answer is sealed until every player has answered: P1 can take back only their own answers now");
    expect(refused).toBeGreaterThan(out.indexOf(prompt(1, 1)));
    // Nothing of P3's is printed again before the block closes: not their screen, not their bid.
    const untilClosed = out.slice(refused, out.indexOf('si aggiudica il lotto 1'));
    expect(untilClosed).not.toContain('as P3 sees it');
    expect(untilClosed).not.toContain(prompt(3, 1));
    expect(untilClosed.slice(0, untilClosed.indexOf(prompt(2, 1)))).not.toMatch(answer(3, 1));
    expect(out).toContain('· P3: 4 (La tua offerta segreta per il lotto 1)');
    expect(out).not.toContain('undo done');
  });

  it('1984: a player takes back their own pick at Sveglia; after passing the keyboard, the next player may not take back theirs', () => {
    // Five players, seed 3: 62 draft choices (the last card of each packet is kept without asking),
    // then P5 picks, undoes the pick, picks five and confirms; P1 types undo.
    const input = `${'1\n'.repeat(62)}1\nundo\n${'1\n'.repeat(6)}undo\nquit\n`;
    const { code, out } = regola(['play', join(root, 'rules', '1984.rules'), '--players', '5', '--seed', '3'], input);
    expect(code).toBe(0);
    const sveglia = 'P5 — Sveglia: le cinque carte della giornata:';
    const undone = out.indexOf('undo done');
    expect(undone).toBeGreaterThan(out.indexOf(sveglia));
    // P5 still at the keyboard, nothing picked: the first card can be picked again.
    const after = out.slice(undone);
    expect(after.indexOf(sveglia)).toBeGreaterThan(0);
    expect(after.indexOf(sveglia)).toBeLessThan(after.indexOf('— pass to P1 —'));
    const first = out.slice(out.indexOf(sveglia)).split('\n')[1];
    expect(first).toMatch(/^ {2}1\. pick /);
    expect(after.slice(after.indexOf(sveglia)).split('\n')[1]).toBe(first);
    expect(after).toContain("undo refused: P5's answer is sealed until every player has answered: P1 can take back only their own answers now");
    expect(after.slice(after.indexOf('undo refused'))).not.toContain('as P5 sees it');
  });
});
