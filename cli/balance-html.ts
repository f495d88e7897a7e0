/**
 * `regola balance FILE`'s report as one self-contained HTML page: no script, no external file, the
 * charts drawn as inline SVG (a bar for each share, a whisker for its 95% interval, a tick at the
 * fair share). Every text from the rules (the title, the names of seats' teams, roles and cards,
 * the reasons games end with) is escaped: the page shows them, never runs them.
 */
import type { BalanceCell, BalanceReport, LengthSpread, Share, ShareRow } from '../interpreter/index.ts';

/** Text made safe inside an element and inside a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const points = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v * 100).toFixed(1)}`;
const interval = (s: Share) => `${percent(s.low)}–${percent(s.high)}`;
const number = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
const colours = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#e15759', '#76b7b2'];
const colour = (i: number) => colours[i % colours.length];

const style = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; } h3 { font-size: 1.05em; margin: 1.2em 0 0.3em; }
table { border-collapse: collapse; margin: 0.5em 0; } th, td { padding: 0.2em 0.7em; text-align: left; border-bottom: 1px solid #eee; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.unfair { color: #b00020; font-weight: 600; } .note { color: #555; } .warning { color: #8a5300; }
.legend span { display: inline-block; margin-right: 1.2em; } .legend i { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.3em; vertical-align: -0.1em; }
svg text { font: 12px system-ui, sans-serif; fill: #222; }
`;

interface Series { bot: string; row: ShareRow | null }

/**
 * A chart of shares: for each label a group of bars, one for each kind of bot, each with the
 * whisker of its interval and a tick at its fair share.
 */
function chart(title: string, labels: string[], series: (label: string) => Series[]): string {
  const labelWidth = 170, plotWidth = 420, valueWidth = 190, bar = 14, gap = 10, top = 20;
  const all = labels.flatMap((label) => series(label).map((s) => s.row)).filter((r): r is ShareRow => r !== null);
  // The axis ends at the first of 20%, 40%, … 100% that holds every whisker and fair share: ticks at its quarters.
  const highest = Math.max(...all.map((r) => Math.max(r.high, r.fair)), 0);
  const scale = [0.2, 0.4, 0.6, 0.8, 1].find((end) => end >= highest - 1e-9) ?? 1;
  const x = (rate: number) => Math.round((labelWidth + (Math.min(rate, scale) / scale) * plotWidth) * 10) / 10;
  const groupHeight = (n: number) => n * bar + gap;
  const height = top + labels.reduce((h, label) => h + groupHeight(series(label).length), 0) + 4;
  const parts: string[] = [];
  for (let t = 0; t <= 4; t++) {
    const rate = (scale * t) / 4;
    parts.push(`<line x1="${x(rate)}" y1="${top - 4}" x2="${x(rate)}" y2="${height}" stroke="#ddd"/>`,
      `<text x="${x(rate)}" y="${top - 8}" text-anchor="middle">${Math.round(rate * 100)}%</text>`);
  }
  let y = top;
  for (const label of labels) {
    const rows = series(label);
    parts.push(`<text x="${labelWidth - 8}" y="${y + (rows.length * bar) / 2 + 4}" text-anchor="end">${escapeHtml(label)}</text>`);
    rows.forEach(({ bot, row }, i) => {
      const cy = y + i * bar + bar / 2;
      if (!row) return;
      const tip = `${label}, ${bot}: ${row.wins} of ${row.games} = ${percent(row.rate)} (95% ${interval(row)}); fair share ${percent(row.fair)}`;
      parts.push(`<g><title>${escapeHtml(tip)}</title>`,
        `<rect x="${labelWidth}" y="${cy - bar / 2 + 2}" width="${x(row.rate) - labelWidth}" height="${bar - 4}" fill="${colour(i)}"/>`,
        `<line x1="${x(row.low)}" y1="${cy}" x2="${x(row.high)}" y2="${cy}" stroke="#222"/>`,
        `<line x1="${x(row.low)}" y1="${cy - 3}" x2="${x(row.low)}" y2="${cy + 3}" stroke="#222"/>`,
        `<line x1="${x(row.high)}" y1="${cy - 3}" x2="${x(row.high)}" y2="${cy + 3}" stroke="#222"/>`,
        `<line x1="${x(row.fair)}" y1="${cy - bar / 2}" x2="${x(row.fair)}" y2="${cy + bar / 2}" stroke="#b00020" stroke-width="2"/>`,
        `<text x="${labelWidth + plotWidth + 8}" y="${cy + 4}"${row.unfair ? ' class="unfair"' : ''}>${percent(row.rate)} (${interval(row)})${row.unfair ? ' ★' : ''}</text></g>`);
    });
    y += groupHeight(rows.length);
  }
  const width = labelWidth + plotWidth + valueWidth;
  return `<h3>${escapeHtml(title)}</h3>\n<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}">${parts.join('')}</svg>`;
}

/** The rows of one group (seats, teams, …) over the bots of one count, as a chart; nothing when no bot has any. */
function groupChart(title: string, cells: BalanceCell[], rowsOf: (cell: BalanceCell) => ShareRow[]): string {
  const labels = [...new Set(cells.flatMap((cell) => rowsOf(cell).map((r) => r.label)))];
  if (!labels.length) return '';
  return chart(title, labels, (label) => cells.map((cell) => ({ bot: cell.bot, row: rowsOf(cell).find((r) => r.label === label) ?? null })));
}

const firstPlayerRow = (cell: BalanceCell): ShareRow => ({ label: 'first player', ...cell.firstPlayer });

function legend(cells: BalanceCell[]): string {
  return `<p class="legend">${cells.map((cell, i) => `<span><i style="background:${colour(i)}"></i>${escapeHtml(cell.bot)}</span>`).join('')}`
    + `<span class="note">whiskers: 95% interval · red tick: fair share · ★ the interval leaves out the fair share</span></p>`;
}

function endingsTable(cells: BalanceCell[]): string {
  const keys = [...new Map(cells.flatMap((cell) => cell.endings.map((e) => [`${e.outcome}\u0000${e.reason}`, e] as const)))].map(([key, e]) => ({ key, e }));
  const head = `<tr><th>outcome</th><th>reason</th>${cells.map((c) => `<th>${escapeHtml(c.bot)}</th>`).join('')}</tr>`;
  const rows = keys.map(({ key, e }) => `<tr><td>${e.outcome}</td><td>${escapeHtml(e.reason)}</td>${cells.map((cell) => {
    const found = cell.endings.find((x) => `${x.outcome}\u0000${x.reason}` === key);
    if (!found) return '<td class="n">—</td>';
    return `<td class="n">${found.games} (${percent(found.games / Math.max(1, cell.games))})${found.stoppedAtRoundLimit ? `, ${found.stoppedAtRoundLimit} at the round limit` : ''}</td>`;
  }).join('')}</tr>`);
  return `<h3>How the games ended</h3>\n<table>${head}${rows.join('')}</table>`;
}

function lengthTable(cells: BalanceCell[]): string {
  const cellsOf = (spread: LengthSpread) => [spread.mean, spread.min, spread.q1, spread.median, spread.q3, spread.max].map((v) => `<td class="n">${number(v)}</td>`).join('');
  const head = '<tr><th>bots</th><th></th><th>mean</th><th>min</th><th>first quartile</th><th>median</th><th>third quartile</th><th>max</th></tr>';
  const rows = cells.flatMap((cell) => [
    `<tr><td>${escapeHtml(cell.bot)}</td><td>rounds</td>${cellsOf(cell.length.rounds)}</tr>`,
    `<tr><td></td><td>turns</td>${cellsOf(cell.length.turns)}</tr>`,
    `<tr><td></td><td>moves</td>${cellsOf(cell.length.decisions)}</tr>`,
  ]);
  return `<h3>Game length</h3>\n<table>${head}${rows.join('')}</table>`;
}

function countSection(report: BalanceReport, players: number): string {
  const cells = report.cells.filter((cell) => cell.players === players);
  const piles = [...new Set(cells.flatMap((cell) => cell.cards.map((c) => c.pile)))];
  const warnings = cells.filter((cell) => cell.limitWarning).map((cell) => `<p class="warning">${escapeHtml(cell.bot)}: ${escapeHtml(cell.limitWarning!)}</p>`);
  return [
    `<h2 id="p${players}">${players} players</h2>`,
    legend(cells),
    ...warnings,
    groupChart('Wins by seat (of all games)', cells, (cell) => cell.seats),
    groupChart('Wins by team (of all games)', cells, (cell) => cell.teams),
    groupChart('Wins by role (of the games it was held; per player)', cells, (cell) => cell.roles),
    ...piles.map((pile) => groupChart(`Wins by ${pile} (of the games it was held; per player)`, cells, (cell) => cell.cards.filter((c) => c.pile === pile))),
    groupChart('First player (who played the first turn)', cells, (cell) => [firstPlayerRow(cell)]),
    endingsTable(cells),
    lengthTable(cells),
  ].filter(Boolean).join('\n');
}

/** The most favoured row of a cell (furthest above its fair share), for the summary. */
function favoured(cell: BalanceCell): string {
  const rows = [...cell.seats, ...cell.teams, ...cell.roles, ...cell.cards];
  const best = rows.reduce<ShareRow | null>((b, r) => (!b || r.rate - r.fair > b.rate - b.fair ? r : b), null);
  if (!best) return '—';
  return `<span${best.unfair ? ' class="unfair"' : ''}>${escapeHtml(best.label)} ${percent(best.rate)} (fair ${percent(best.fair)})${best.unfair ? ' ★' : ''}</span>`;
}

function summary(report: BalanceReport): string {
  const head = '<tr><th>players</th><th>bots</th><th>games</th><th>won</th><th>drawn</th><th>stopped</th><th>first player vs fair</th><th>most favoured</th><th>median rounds</th></tr>';
  const rows = report.cells.map((cell) => {
    const f = cell.firstPlayer;
    const first = `<span${f.unfair ? ' class="unfair"' : ''}>${percent(f.rate)} vs ${percent(f.fair)}: ${points(f.advantage.rate)} pts (${points(f.advantage.low)} to ${points(f.advantage.high)})${f.unfair ? ' ★' : ''}</span>`;
    return `<tr><td class="n"><a href="#p${cell.players}">${cell.players}</a></td><td>${escapeHtml(cell.bot)}</td><td class="n">${cell.games}</td><td class="n">${cell.decided}</td>`
      + `<td class="n">${cell.draws}</td><td class="n">${cell.aborted}</td><td>${first}</td><td>${favoured(cell)}</td><td class="n">${number(cell.length.rounds.median)}</td></tr>`;
  });
  return `<h2>At a glance</h2>\n<table>${head}${rows.join('')}</table>`;
}

export function renderBalanceHtml(report: BalanceReport): string {
  const settings = [
    `${report.games} games for each player count and each kind of bot`,
    `seed ${report.seed}`,
    `variant ${report.variant ?? 'default'}`,
    report.roundLimit !== null ? `games stopped after ${report.roundLimit} rounds` : report.statedLength ? `length: ${report.statedLength}` : '',
  ].filter(Boolean).map(escapeHtml).join(' · ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(report.title)} — balance</title>
<style>${style}</style>
</head>
<body>
<h1>${escapeHtml(report.title)} — balance</h1>
<p class="note">${settings}. Bots: ${report.bots.map(escapeHtml).join(', ')}, each at every seat of its games. Shares with their 95% intervals (Wilson);
the fair share is what each would win were all sides equal, given how often games had a winner.</p>
${summary(report)}
${report.players.map((players) => countSection(report, players)).join('\n')}
</body>
</html>
`;
}
