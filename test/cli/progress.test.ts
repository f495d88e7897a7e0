/** The progress line `regola simulate` shows on a terminal (issue 12): games done, games per second, time left. */
import { describe, expect, it } from 'vitest';
import { Progress } from '../../cli/progress.ts';

describe('the progress line', () => {
  it('shows the games done, then the rate since the first games came back and the time left', () => {
    const progress = new Progress();
    // The first games come back 4 s after the start (the workers starting): that time is not a game's.
    expect(progress.line(200, 10_000, 4000)).toBe('  200/10,000 games');
    expect(progress.line(1400, 10_000, 5500)).toBe('  1,400/10,000 games · 800 games/s · about 11 s left');
    expect(progress.line(10_000, 10_000, 16_250)).toBe('  10,000/10,000 games · 800 games/s');
  });

  it('says minutes and hours when the run is long', () => {
    const slow = new Progress();
    slow.line(0, 1000, 0);
    expect(slow.line(30, 1000, 10_000)).toBe('  30/1,000 games · 3.0 games/s · about 5 min 23 s left');
    const slower = new Progress();
    slower.line(0, 100_000, 0);
    expect(slower.line(10, 100_000, 10_000)).toBe('  10/100,000 games · 1.0 games/s · about 27 h 47 min left');
  });
});
