/**
 * `npm run bench -- --write-docs [PART…]` puts the figures a run printed into docs/performance.md,
 * between `<!-- bench:start -->` and `<!-- bench:end -->`: one entry per part of the bench, with the
 * command that prints it, the node version and the day. A part the run did not include keeps the
 * entry an earlier run wrote, so the parts can be measured one at a time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { format } from 'node:util';

/** What one part of the bench printed. */
export interface PartFigures { name: string; lines: string[] }

/** When and on what the figures were taken; the load says how far to trust them on a shared machine. */
export interface RunStamp { node: string; date: string; load?: number; cores?: number }

export const startMarker = '<!-- bench:start -->';
export const endMarker = '<!-- bench:end -->';
const partMarker = (name: string) => `<!-- bench:part ${name} -->`;
const partPattern = /^<!-- bench:part (\S+) -->$/;

/** The entry of one part: its marker, the command, the stamp and the lines as printed. */
function entry(part: PartFigures, stamp: RunStamp): string {
  const lines = part.lines.length ? part.lines.map((line) => line.trimEnd()) : ['(printed nothing)'];
  const machine = stamp.load === undefined ? '' : `, load average ${stamp.load.toFixed(1)}${stamp.cores ? ` on ${stamp.cores} cores` : ''}`;
  return [partMarker(part.name), `#### \`npm run bench -- ${part.name}\``, '', `Node ${stamp.node}, ${stamp.date}${machine}:`, '', '```text', ...lines, '```'].join('\n');
}

/** The entries between the markers, by part name, in the order written. */
function entriesOf(block: string): Map<string, string> {
  const entries = new Map<string, string>();
  let name: string | undefined;
  let lines: string[] = [];
  const flush = () => { if (name) entries.set(name, lines.join('\n').trim()); };
  for (const line of block.split('\n')) {
    const match = partPattern.exec(line);
    if (match) {
      flush();
      name = match[1];
      lines = [line];
    } else if (name) {
      lines.push(line);
    }
  }
  flush();
  return entries;
}

/**
 * The text with the figures of the parts that ran in place of their old entries (the others kept),
 * the entries in the bench's order (`order`; parts it does not list after them, as they were).
 * Throws when the markers are missing or out of order: the figures then have nowhere to go.
 */
export function rewriteFigures(text: string, figures: PartFigures[], stamp: RunStamp, order: string[]): string {
  const start = text.indexOf(startMarker);
  const end = text.indexOf(endMarker);
  if (start < 0 || end < 0 || end < start) throw new Error(`the figures go between ${startMarker} and ${endMarker}, which the text does not have in that order`);
  const entries = entriesOf(text.slice(start + startMarker.length, end));
  for (const part of figures) entries.set(part.name, entry(part, stamp));
  const known = order.filter((name) => entries.has(name));
  const rest = [...entries.keys()].filter((name) => !order.includes(name));
  const body = [...known, ...rest].map((name) => entries.get(name)!).join('\n\n');
  return `${text.slice(0, start)}${startMarker}\n${body ? `${body}\n` : ''}${text.slice(end)}`;
}

/** Runs `run` and gives back what it printed with console.log, still printing it. */
export async function capturePrinted(run: () => void | Promise<void>): Promise<string[]> {
  const printed: string[] = [];
  const log = console.log;
  console.log = (...values: unknown[]) => {
    printed.push(...format(...values).split('\n'));
    log(...values);
  };
  try {
    await run();
  } finally {
    console.log = log;
  }
  return printed;
}

/** Rewrites the figures in the file at `path` (docs/performance.md). */
export function writePerformanceDoc(path: string, figures: PartFigures[], order: string[], now = new Date()): void {
  const stamp = { node: process.version, date: now.toISOString().slice(0, 10), load: loadavg()[0], cores: availableParallelism() };
  writeFileSync(path, rewriteFigures(readFileSync(path, 'utf8'), figures, stamp, order));
}
