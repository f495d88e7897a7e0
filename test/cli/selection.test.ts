/**
 * `regola play` with a selection under a condition (Mercato, 2 players, seed 5: the market is
 * Olio, Olio, Vino, Vino, Olio and each player has 3 coins): picks listed by number, the running
 * total, and a refused confirm that says why.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const mercato = join(root, 'rules', 'examples', 'mercato.rules');

function play(input: string) {
  const result = spawnSync(process.execPath, [join(root, 'bin', 'regola.js'), 'play', mercato, '--players', '2', '--seed', '5'], { cwd: root, input, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout };
}

describe('regola play: buying from the market', () => {
  const { code, out } = play('compra\nconfirm\npick Vino\npick Olio\n1\nquit\n');

  it('lists the picks by number, with the total of what is picked', () => {
    expect(code).toBe(0);
    expect(out).toContain('  picked: nothing — total 0 (must be <= 3) — cannot confirm yet: choose at least 1 (0 picked so far)');
    expect(out).toContain('P1 — Le carte da comprare (costo al più 3):\n  1. pick Olio\n  2. pick Olio (2)\n  3. pick Vino\n  4. pick Vino (2)\n  5. pick Olio (3)');
  });

  it('refuses a confirm, and a pick that no longer fits, with the reason', () => {
    expect(out).toContain('refused: cannot confirm merci yet: choose at least 1 (0 picked so far)');
    expect(out).toContain('refused: Olio cannot be picked with Vino: no valid selection of merci holds them all (sum of merci by costo <= current.Moneta)');
    expect(out).toContain('  picked: Vino — total 3 (must be <= 3)\nP1 — Le carte da comprare (costo al più 3):\n  1. confirm\n  2. unpick Vino');
  });

  it('confirms by number and buys the card', () => {
    expect(out).toContain('P1 discards 3 Moneta');
    expect(out).toContain('P1: P1 compra Vino');
  });
});
