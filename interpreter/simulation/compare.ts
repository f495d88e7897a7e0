/**
 * Two simulation reports of the same rules on the same seeds (two variants, or two versions of the
 * rules), compared row by row: each win rate with its 95% Wilson interval, and the difference
 * B − A with its 95% interval. One copy for `regola simulate --compare` and the studio's Simulate
 * tab (studio/src/simulation/stats.ts re-exports the statistics), so both say the same.
 */
import { wilsonInterval, z95, type SimulationReport } from './simulate.ts';

export interface Interval {
  /** The observed proportion (successes / trials; 0 when there are no trials). */
  rate: number;
  low: number;
  high: number;
}

/**
 * A 95% interval for the difference of two independent proportions (a − b), by Newcombe's method
 * from the two Wilson intervals ("hybrid score", method 10 of Newcombe 1998). When it excludes 0
 * the two differ beyond chance at that level.
 */
export function rateDifference(successesA: number, trialsA: number, successesB: number, trialsB: number, z = z95): Interval {
  const a = wilsonInterval(successesA, trialsA, z);
  const b = wilsonInterval(successesB, trialsB, z);
  const d = a.rate - b.rate;
  return {
    rate: d,
    low: d - Math.sqrt((a.rate - a.low) ** 2 + (b.high - b.rate) ** 2),
    high: d + Math.sqrt((a.high - a.rate) ** 2 + (b.rate - b.low) ** 2),
  };
}

/** Does the interval exclude `value`? */
export function excludes(interval: Interval, value = 0): boolean {
  return interval.low > value || interval.high < value;
}

/** More than half the games were stopped (aborted): the rates say little, and no difference is starred. */
export function mostlyStopped(report: SimulationReport): boolean {
  return report.games > 0 && report.aborted * 2 > report.games;
}

/** One side's wins: over `games` (all games for a seat or a team; the games it was held for a role or a card). */
export interface Side extends Interval { wins: number; games: number }

export interface ComparedRow {
  /** 'seat', 'team', 'role', 'card' (then `pile` names the pile) or 'first player'. */
  group: 'seat' | 'team' | 'role' | 'card' | 'first player';
  pile?: string;
  label: string;
  /** Null where the row does not occur on that side (a role held only in one variant). */
  a: Side | null;
  b: Side | null;
  /** B − A with its 95% interval; null unless both sides have the row. */
  difference: Interval | null;
  /** The interval excludes 0 and neither side was mostly stopped: beyond chance. */
  significant: boolean;
}

export interface Comparison {
  a: SimulationReport;
  b: SimulationReport;
  /** Either side had most of its games stopped: differences are shown, none is called significant. */
  unreliable: boolean;
  rows: ComparedRow[];
}

const side = (wins: number, games: number): Side => ({ wins, games, ...wilsonInterval(wins, games) });

/** Compares B with A, row by row in A's order (rows only B has come after). */
export function compareReports(a: SimulationReport, b: SimulationReport): Comparison {
  const unreliable = mostlyStopped(a) || mostlyStopped(b);
  const keyed = (report: SimulationReport) => {
    const rows = new Map<string, { group: ComparedRow['group']; pile?: string; label: string; side: Side }>();
    for (const s of report.winsBySeat) rows.set(`seat ${s.seat}`, { group: 'seat', label: s.seat, side: side(s.wins, report.games) });
    for (const t of report.winsByTeam) rows.set(`team ${t.team}`, { group: 'team', label: t.team, side: side(t.wins, report.games) });
    for (const r of report.winsByRole) rows.set(`role ${r.role}`, { group: 'role', label: r.role, side: side(r.wins, r.games) });
    for (const c of report.winsByCard) rows.set(`card ${c.pile}\u0000${c.card}`, { group: 'card', pile: c.pile, label: c.card, side: side(c.wins, c.games) });
    rows.set('first player', { group: 'first player', label: 'first player', side: side(report.firstPlayer.wins, report.firstPlayer.games) });
    return rows;
  };
  const left = keyed(a);
  const right = keyed(b);
  const rows: ComparedRow[] = [];
  for (const key of new Set([...left.keys(), ...right.keys()])) {
    const x = left.get(key);
    const y = right.get(key);
    const { group, pile, label } = (x ?? y)!;
    const difference = x && y ? rateDifference(y.side.wins, y.side.games, x.side.wins, x.side.games) : null;
    rows.push({
      group, ...(pile !== undefined ? { pile } : {}), label, a: x?.side ?? null, b: y?.side ?? null, difference,
      significant: difference !== null && excludes(difference) && !unreliable,
    });
  }
  return { a, b, unreliable, rows };
}
