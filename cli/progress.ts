/** The progress line of a long `regola simulate` on a terminal: games done, games per second, time left. */

/**
 * Follows a run's progress. The rate is counted from the first games reported, not from the
 * start: starting the worker threads (and compiling the rules in each) takes a while that the
 * games to come will not take again.
 */
export class Progress {
  private first: { done: number; at: number } | null = null;

  /** "  1,200/10,000 games · 850 games/s · about 10 s left" (no rate or estimate before two reports). */
  line(done: number, total: number, nowMs: number): string {
    const count = `  ${done.toLocaleString('en')}/${total.toLocaleString('en')} games`;
    if (!this.first) this.first = { done, at: nowMs };
    const games = done - this.first.done;
    const seconds = (nowMs - this.first.at) / 1000;
    if (games <= 0 || seconds <= 0) return count;
    const perSecond = games / seconds;
    const rate = perSecond < 10 ? perSecond.toFixed(1) : Math.round(perSecond).toLocaleString('en');
    return `${count} · ${rate} games/s${done < total ? ` · about ${duration((total - done) / perSecond)} left` : ''}`;
  }
}

function duration(seconds: number): string {
  const whole = Math.max(1, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  const minutes = Math.round(whole / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
