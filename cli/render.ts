/**
 * Plain-text rendering of views, moves and simulation reports for the terminal. Every line
 * passes through `printable`: names and texts come from the rules file.
 */
import type { LegalMove, PlayerView, SimulationReport } from '../interpreter/index.ts';
import { renderBoard } from './board.ts';
import { printable } from './printable.ts';

const printableLines = (lines: string[]) => lines.map(printable).join('\n');

/** A player's or a team's own pile: its cards, a back (▒) for each the viewer may not see. */
const pileText = (pile: PlayerView['piles'][number]) => `${pile.name}: ${pile.cards.map((c) => c ?? '▒').join(', ') || 'empty'}`;

/**
 * `internal`: the variables the rules mark `look … internal` (their bookkeeping): left out of the
 * lines above, and listed on one `details` line for the referee only.
 */
export function renderView(view: PlayerView, internal: ReadonlySet<string> = new Set(), pieceLabels: ReadonlyMap<string, string> = new Map()): string {
  const lines: string[] = [];
  const details: string[] = [];
  const onTable = <V extends { name: string; value: unknown }>(owner: string, vars: V[]): V[] => vars.filter((v) => {
    if (!internal.has(v.name)) return true;
    details.push(`${owner}.${v.name}=${String(v.value)}`);
    return false;
  });
  const who = view.viewer === 'referee' ? 'the referee' : `P${(view.viewer as number) + 1}`;
  lines.push(`== ${view.title} — turn ${view.turn}, ${view.phase} — as ${who} sees it ==`);
  for (const player of view.players) {
    const tokens = player.tokens.map((t) => `${t.token} ${t.count}`).join(', ');
    const role = player.role === null ? (player.roleVisibility === 'hidden' ? 'role hidden' : 'no role') : `role ${player.role}${player.roleVisibility === 'public' ? ' (public)' : player.roleVisibility === 'referee' ? ' (secret)' : ''}`;
    const vars = onTable(player.name, player.variables).filter((v) => v.value !== false && v.value !== null).map((v) => `${v.name}=${String(v.value)}`).join(' ');
    const marker = player.isCurrent ? '>' : ' ';
    const team = player.team ? ` [${player.team}]` : '';
    const statuses = player.statuses.map((status) => ` [${status}]`).join('');
    const piles = player.piles.map(pileText).join(' | ');
    lines.push(`${marker} ${player.name}${team}${statuses}${player.active ? '' : ' (out)'}: ${tokens || 'no tokens'} | ${role}${vars ? ` | ${vars}` : ''}${piles ? ` | ${piles}` : ''}`);
  }
  for (const team of view.teams) {
    const vars = onTable(team.name, team.variables).map((v) => `${v.name}=${String(v.value)}`).join(' ');
    const piles = team.piles.map(pileText).join(' | ');
    lines.push(`  team ${team.name} (${team.members.join(', ')})${vars ? `: ${vars}` : ''}${piles ? `${vars ? ' | ' : ': '}${piles}` : ''}`);
  }
  for (const zone of view.zones) {
    const tokens = zone.tokens.filter((t) => t.count > 0).map((t) => `${t.token} ${t.count}`).join(', ') || 'empty';
    const vars = onTable(zone.name, zone.variables).filter((v) => v.value !== null && v.value !== false).map((v) => `${v.name}=${String(v.value)}`).join(' ');
    lines.push(`  ${zone.name}: ${tokens}${vars ? ` | ${vars}` : ''}`);
  }
  for (const pile of view.piles) {
    // A trick: who played each card, after it.
    const played = (card: string | null, i: number) => (pile.playedBy?.[i] ? `${card} (${pile.playedBy[i]})` : card);
    const shown = pile.visibility === 'public' ? pile.cards.map(played).join(', ') || 'empty' : `${pile.count} card${pile.count === 1 ? '' : 's'}`;
    lines.push(`  ${pile.name}: ${shown}`);
  }
  if (view.reserve.length) lines.push(`  reserve: ${view.reserve.map((r) => `${r.token} ${r.count ?? '∞'}`).join(', ')}`);
  const die = (d: PlayerView['dice'][number]) => `${d.number}:${d.face ?? '?'}${d.marks.length ? `[${d.marks.join(',')}]` : ''}`;
  const shared = view.dice.filter((d) => d.owner === undefined);
  if (shared.length) lines.push(`  dice: ${shared.map(die).join('  ')}`);
  // A player's own dice (`player dice`), a line per player: '?' under another player's cup.
  const cups = new Map<string, PlayerView['dice']>();
  for (const d of view.dice) if (d.owner !== undefined) cups.set(`${d.pool} ${d.owner}`, [...(cups.get(`${d.pool} ${d.owner}`) ?? []), d]);
  for (const [name, dice] of cups) lines.push(`  ${name}: ${dice.map(die).join('  ')}`);
  const shown = onTable('game', view.variables).filter((v) => v.value !== null && v.value !== false);
  if (shown.length) lines.push(`  ${shown.map((v) => `${v.name}=${String(v.value)}`).join('  ')}`);
  // Several players choosing at once (a simultaneous block): who is still to answer.
  if (view.waiting.length > 1) lines.push(`  waiting: ${view.waiting.join(', ')}`);
  // A selection under a condition: what is picked, the running total, and why it cannot be confirmed yet.
  const selection = view.pending?.selection;
  if (selection) {
    const total = selection.total === null ? '' : ` — total ${selection.total}${selection.target ? ` (must be ${selection.target})` : ''}`;
    lines.push(`  picked: ${view.pending!.picked.join(', ') || 'nothing'}${total}${selection.reason ? ` — cannot confirm yet: ${selection.reason}` : ''}`);
  }
  if (view.board) lines.push(...renderBoard(view.board, view.players, pieceLabels).split('\n'));
  if (view.viewer === 'referee' && details.length) lines.push(`  details (internal): ${details.join('  ')}`);
  return printableLines(lines);
}

export function renderMoves(prompt: string, player: string, moves: LegalMove[]): string {
  // A move open at any time follows the choice's own moves, marked so it is not taken for one of them.
  const label = (move: LegalMove) => (move.kind === 'any-time' ? `${move.choice} (at any time)` : move.choice);
  return printableLines([`${player} — ${prompt}:`, ...moves.map((move, i) => `  ${i + 1}. ${label(move)}`)]);
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** "at most 200 rounds", "the rules' length: up to 40 mani", or both. */
function limitsText(report: SimulationReport): string {
  const parts = [report.statedLength ? `length up to ${report.statedLength} (the rules')` : '', report.roundLimit !== null ? `at most ${report.roundLimit} rounds` : ''];
  return parts.filter(Boolean).join(', ');
}

/**
 * The report as the terminal shows it. When some games were drawn or aborted, each rate is given
 * twice: of all games, and of the decided ones (the games someone won).
 */
export function renderReport(report: SimulationReport): string {
  const both = report.decided < report.games;
  const column = (text: string) => text.padStart(12);
  const rates = (rate: number, decidedRate: number) => `${column(percent(rate))}${both ? column(percent(decidedRate)) : ''}`;
  // Names as wide as the longest (an objective card's name can be long), so the columns line up.
  const width = Math.max(26, ...report.winsByRole.map((r) => r.role.length), ...report.winsByCard.map((r) => r.card.length), ...report.winsByTeam.map((t) => t.team.length));
  const heading = (what: string, games: string, first: string) => `${what.padEnd(width + 2)} ${'wins'.padStart(6)}${games}${column(first)}${both ? column('of decided') : ''}`;
  const lines = [
    `${report.title}: ${report.games} games, ${report.players} players, seed ${report.seed}${report.variant ? `, variant ${report.variant}` : ''}, ${limitsText(report)}`,
    ...(report.bots ? [`bots: ${report.bots.map((bot, seat) => `P${seat + 1} ${bot}`).join(', ')}`] : []),
    heading('wins by seat:', '', 'of all'),
    ...report.winsBySeat.map((s) => `  ${s.seat.padEnd(width)} ${String(s.wins).padStart(6)}${rates(s.rate, s.decidedRate)}`),
  ];
  const first = report.firstPlayer;
  lines.push(`first player (who played the first turn): ${first.wins} wins / ${first.games} games, ${percent(first.rate)} (95% interval ${percent(first.low)}–${percent(first.high)})`);
  if (report.winsByRole.length) {
    lines.push(heading('wins by role (when held):', ` / ${'games'.padEnd(6)}`, 'rate'));
    for (const role of report.winsByRole) {
      lines.push(`  ${role.role.padEnd(width)} ${String(role.wins).padStart(6)} / ${String(role.games).padEnd(6)}${rates(role.rate, role.decidedRate)}`);
    }
  }
  for (const pile of new Set(report.winsByCard.map((row) => row.pile))) {
    lines.push(heading(`wins by ${pile} (when held):`, ` / ${'games'.padEnd(6)}`, 'rate'));
    for (const row of report.winsByCard.filter((r) => r.pile === pile)) {
      lines.push(`  ${row.card.padEnd(width)} ${String(row.wins).padStart(6)} / ${String(row.games).padEnd(6)}${rates(row.rate, row.decidedRate)}`);
    }
  }
  if (report.winsByTeam.length) {
    lines.push(heading('wins by team:', '', 'of all'));
    for (const team of report.winsByTeam) lines.push(`  ${team.team.padEnd(width)} ${String(team.wins).padStart(6)}${rates(team.rate, team.decidedRate)}`);
  }
  lines.push(`decided: ${report.decided} of ${report.games} games (${percent(report.games ? report.decided / report.games : 0)})`);
  lines.push(`draws: ${report.draws}`);
  lines.push(`aborted: ${report.aborted}${report.abortReasons.length ? ` (${report.abortReasons.map((r) => `${r.reason}: ${r.games}`).join('; ')})` : ''}`);
  lines.push('how games ended:', ...report.endReasons.map((r) => `  ${String(r.games).padStart(6)}  ${r.reason}`));
  const l = report.length;
  lines.push(`game length in turns: mean ${l.meanTurns.toFixed(1)}, median ${l.medianTurns}, max ${l.maxTurns}; decisions per game: ${l.meanDecisions.toFixed(1)}`);
  lines.push(`game length in rounds: mean ${l.meanRounds.toFixed(1)}, median ${l.medianRounds}, max ${l.maxRounds}${report.stoppedAtRoundLimit ? ` (the ${report.stoppedAtRoundLimit} stopped at the limit count as ${report.roundLimit})` : ''}`);
  if (report.limitWarning) lines.push('', `WARNING: ${report.limitWarning}`);
  return printableLines(lines);
}
