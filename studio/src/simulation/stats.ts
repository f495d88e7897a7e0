/**
 * The statistics of the simulation panel, as plain functions: confidence intervals for win rates,
 * the difference of two rates (interpreter/simulation/compare.ts, shared with `regola simulate --compare`),
 * and histogram bins. No DOM, no game: tested on known values.
 */
import { wilsonInterval, z95 } from '../../../interpreter/index.ts';
import type { Interval } from '../../../interpreter/index.ts';

export { z95 };

export { excludes, rateDifference, type Interval } from '../../../interpreter/index.ts';

/**
 * The Wilson score interval for a proportion: unlike the normal approximation it stays inside
 * [0, 1] and behaves at 0 and n successes, which matter here (a role that never wins). One
 * function for the CLI's report and the studio's charts, so both give the same intervals.
 */
export function wilson(successes: number, trials: number, z = z95): Interval {
  return wilsonInterval(successes, trials, z);
}

/** The smallest of 1, 2, 5 × 10^k that is at least `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const m of [1, 2, 5, 10]) if (m * power >= rough - 1e-9 * power) return m * power;
  return 10 * power;
}

export interface Bins {
  /** The first bin starts here (a multiple of `width`). */
  start: number;
  width: number;
  count: number;
}

/**
 * Bins for whole numbers (turns) between min and max: widths of 1, 2, 5, 10, 20… so the labels are
 * round, no more than `maxBins` of them, and every value falls in exactly one bin [from, from + width).
 */
export function integerBins(min: number, max: number, maxBins = 24): Bins {
  if (!Number.isFinite(min) || !Number.isFinite(max) || max < min) return { start: 0, width: 1, count: 0 };
  let width = Math.max(1, niceStep((max - min + 1) / maxBins));
  let start = Math.floor(min / width) * width;
  let count = Math.floor(max / width) - Math.floor(min / width) + 1;
  while (count > maxBins) {
    width = niceStep(width * 1.5);
    start = Math.floor(min / width) * width;
    count = Math.floor(max / width) - Math.floor(min / width) + 1;
  }
  return { start, width, count };
}

export interface HistogramBin { from: number; to: number; count: number }

/** Counts the values in each bin; values outside the bins are left out. */
export function histogram(values: ArrayLike<number>, bins: Bins): HistogramBin[] {
  const counts = new Array<number>(bins.count).fill(0);
  for (let i = 0; i < values.length; i++) {
    const index = Math.floor((values[i] - bins.start) / bins.width);
    if (index >= 0 && index < bins.count) counts[index]++;
  }
  return counts.map((count, i) => ({ from: bins.start + i * bins.width, to: bins.start + (i + 1) * bins.width, count }));
}

export interface Spread { count: number; mean: number; median: number; min: number; max: number; p10: number; p90: number }

/** Mean, median and the 10th/90th percentiles (nearest rank on the sorted values). */
export function spread(values: ArrayLike<number>): Spread {
  const sorted = Array.from(values).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { count: 0, mean: 0, median: 0, min: 0, max: 0, p10: 0, p90: 0 };
  const rank = (p: number) => sorted[Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1))];
  const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return { count: n, mean: sorted.reduce((a, b) => a + b, 0) / n, median, min: sorted[0], max: sorted[n - 1], p10: rank(0.1), p90: rank(0.9) };
}

/** "23.4%" with one decimal (or none at 0 and 100). */
export function percent(rate: number, digits = 1): string {
  const value = rate * 100;
  return `${value === 0 || value === 100 ? value.toFixed(0) : value.toFixed(digits)}%`;
}
