/**
 * `regola simulate --variant A --compare B` as the terminal shows it: for each seat, team, role,
 * card and the first player, A's and B's win rates with their 95% intervals and the difference
 * B − A with its interval, starred when it is beyond chance (interpreter/simulation/compare.ts, the statistics
 * the studio's Simulate tab shows).
 */
import type { Comparison, ComparedRow, Interval, Side } from '../interpreter/index.ts';
import type { SimulationReport } from '../interpreter/index.ts';
import { printable } from './printable.ts';

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const points = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v * 100).toFixed(1)}`;
const sideText = (s: Side | null) => (s ? `${percent(s.rate)} (${percent(s.low)}–${percent(s.high)})` : '—');
const differenceText = (d: Interval | null, row: ComparedRow, unreliable: boolean) =>
  d ? `${points(d.rate)} pts (${points(d.low)} to ${points(d.high)})${row.significant ? ' ★' : unreliable ? ' ⚠' : ''}` : '—';

/** "default" for the options as written, else the variant's name. */
export const variantName = (variant: string | null) => variant ?? 'default';

function outcomes(report: SimulationReport): string {
  return `${report.decided} decided, ${report.draws} drawn, ${report.aborted} aborted`;
}

export function renderComparison(comparison: Comparison): string {
  const { a, b, rows, unreliable } = comparison;
  const [nameA, nameB] = [variantName(a.variant), variantName(b.variant)];
  const groups: { title: string; rows: ComparedRow[] }[] = [];
  for (const row of rows) {
    const title = row.group === 'seat' ? 'wins by seat (of all games)' : row.group === 'team' ? 'wins by team (of all games)'
      : row.group === 'role' ? 'wins by role (when held)' : row.group === 'card' ? `wins by ${row.pile} (when held)` : 'first player (who played the first turn)';
    const group = groups.find((g) => g.title === title) ?? (groups.push({ title, rows: [] }), groups[groups.length - 1]);
    group.rows.push(row);
  }
  const width = Math.max(14, ...rows.map((r) => r.label.length));
  const column = 24;
  const lines = [
    `${a.title}: A = ${nameA}, B = ${nameB}; ${a.games} games of each on the same seeds, ${a.players} players, seed ${a.seed}${a.roundLimit !== null ? `, at most ${a.roundLimit} rounds` : ''}${a.statedLength ? `, length up to ${a.statedLength} (the rules')` : ''}`,
    ...(a.bots ? [`bots: ${a.bots.map((bot, seat) => `P${seat + 1} ${bot}`).join(', ')}`] : []),
    `A ${nameA}: ${outcomes(a)}`,
    `B ${nameB}: ${outcomes(b)}`,
  ];
  for (const group of groups) {
    lines.push(`${group.title}:`, `  ${''.padEnd(width)} ${'A'.padEnd(column)} ${'B'.padEnd(column)} B − A (95% interval)`);
    for (const row of group.rows) {
      const label = row.group === 'first player' ? '' : row.label;
      lines.push(`  ${label.padEnd(width)} ${sideText(row.a).padEnd(column)} ${sideText(row.b).padEnd(column)} ${differenceText(row.difference, row, unreliable)}`);
    }
  }
  lines.push(`★ the difference B − A is beyond chance at 95% (Newcombe's interval for two proportions)${unreliable ? "; ⚠ not judged: most games of a side were stopped before an end" : ''}.`);
  for (const [name, report] of [[nameA, a], [nameB, b]] as const) if (report.limitWarning) lines.push(`WARNING (${name}): ${report.limitWarning}`);
  return lines.map(printable).join('\n');
}
