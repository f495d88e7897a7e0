/** `regola simulate` prints the first player's win rate with its 95% interval, and gives it in --json. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const tessere = join(root, 'test', 'cli', 'fixtures', 'tessere.rules');

function regola(args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('regola simulate: the first player', () => {
  it('--json has firstPlayer { wins, games, rate, low, high }; the text shows the same figures', () => {
    const args = ['simulate', tessere, '--games', '40', '--seed', '2'];
    const json = regola([...args, '--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out);
    // In Tessere the first player (P1, no setup chooses otherwise) always puts down the second pawn first.
    expect(report.firstPlayer).toEqual({ wins: 40, games: 40, rate: 1, low: expect.any(Number), high: 1 });
    expect(report.firstPlayer.low).toBeCloseTo(0.9124, 4);
    const text = regola(args);
    expect(text.code).toBe(0);
    expect(text.out).toContain('first player (who played the first turn): 40 wins / 40 games, 100.0% (95% interval 91.2%–100.0%)');
  });
});
