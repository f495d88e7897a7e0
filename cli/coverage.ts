/**
 * `regola coverage FILE`: the rules file held against its rulebook, sentence by sentence. This
 * module finds the files (the `source` beside the rules, the game's interpretation file) and
 * prints; the work is rulebook/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { LineIndex, type Diagnostic } from '../grammar/index.ts';
import { citationDiagnostics, readCitations, SourceIndex, type CoverageReport, type UnitCoverage } from '../rulebook/index.ts';

export interface CoverageFiles { source?: string; interpretations?: string }

/** The rulebook a rules file names with `source "…"`, relative to the rules file, if it is there. */
export function sourcePath(rulesFile: string, rulesText: string): string | undefined {
  return sourceNamed(rulesFile, readCitations(rulesText).source?.name);
}

function sourceNamed(rulesFile: string, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const path = resolve(dirname(rulesFile), name);
  return existsSync(path) ? path : undefined;
}

/**
 * The game's interpretation file: `docs/interpretations/NAME.md` for `NAME.rules`, looked for in
 * the rules file's folder and the folders above it (rules/ sits beside docs/ in this project).
 */
export function interpretationsPath(rulesFile: string): string | undefined {
  const name = `${basename(rulesFile, extname(rulesFile))}.md`;
  let folder = dirname(resolve(rulesFile));
  for (let up = 0; up < 4; up++) {
    const candidate = join(folder, 'docs', 'interpretations', name);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return undefined;
}

/**
 * A rulebook to look quotations up in. `check` and `coverage` start without V8's optimizing
 * compiler (bin/load-bundle.js: on a start it cost more than it saved), but finding an edited
 * quotation is quadratic and can run long, far longer unoptimized: V8 may optimize
 * again from the first such search on.
 */
export function rulebookIndex(text: string): SourceIndex {
  return new SourceIndex(text, { beforeApproximate: () => setFlagsFromString('--opt') });
}

/** The citation warnings `regola check` adds when the rulebook can be read (none otherwise). */
export function citationWarnings(rulesFile: string, rulesText: string): Diagnostic[] {
  const read = readCitations(rulesText);
  const source = sourceNamed(rulesFile, read.source?.name);
  if (!source) return [];
  return citationDiagnostics(read.citations, rulebookIndex(readFileSync(source, 'utf8')));
}

const statusWords: Record<UnitCoverage['status'], string> = {
  cited: 'cited', interpreted: 'interpreted', uncovered: 'NOT COVERED', 'not-rule': 'not a rule',
};

function excerpt(text: string, length = 72): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

export function renderCoverage(report: CoverageReport, rulesFile: string, rulesText: string, files: CoverageFiles): string[] {
  const index = new LineIndex(rulesText);
  const lineOf = (offset: number) => index.position(offset).line;
  const out: string[] = [];
  out.push(`${rulesFile} against ${files.source ? relative(process.cwd(), files.source) : '?'}${files.interpretations ? ` (interpretations: ${relative(process.cwd(), files.interpretations)})` : ''}`);
  for (const entry of report.units) {
    const by: string[] = [];
    if (entry.citedBy.length) {
      const lines = [...new Set(entry.citedBy.map((at) => { const c = report.citations[at]; return `${lineOf(c.start)}${c.holder ? ` ${c.holder}` : ''}`; }))];
      by.push(`rules ${lines.join(', ')}`);
    }
    if (entry.interpretedBy.length) by.push(`interpretation ${entry.interpretedBy.join(', ')}`);
    if (entry.status === 'uncovered' && entry.fragmentOf.length) by.push(`only a fragment in ${entry.fragmentOf.join(', ')}, which counts for nothing`);
    out.push(`  ${entry.id.padStart(7)}  ${statusWords[entry.status].padEnd(11)}  «${excerpt(entry.unit.text)}»${by.length ? `  ← ${by.join('; ')}` : ''}`);
  }
  for (const d of report.diagnostics) {
    const { line, column } = index.position(d.range.start);
    out.push(`${rulesFile}:${line}:${column}: ${d.severity} ${d.code}: ${d.message}`);
  }
  for (const quote of report.quotes.filter((q) => q.status === 'missing')) {
    out.push(`${files.interpretations ? relative(process.cwd(), files.interpretations) : 'interpretations'}:${quote.line}: warning ${quote.entry}: this quotation is not in the source: «${excerpt(quote.text, 60)}»`);
  }
  if (report.uncitedRules.length) {
    out.push(`rules that change the game and cite nothing: ${report.uncitedRules.map((rule) => `${rule.name} (line ${lineOf(rule.start)})`).join(', ')}`);
  }
  if (report.fragmentOnly.length) {
    out.push(`sentences whose only link is a fragment quoted in an entry about something else: ${report.fragmentOnly.map((i) => `${report.units[i].id} (${report.units[i].fragmentOf.join(', ')})`).join(', ')}`);
  }
  const { cited, interpreted, uncovered, notRules } = report.counts;
  const short = report.shortCitations.length ? ` · citations stopping short ${report.shortCitations.length}` : '';
  out.push(`cited ${cited} · interpreted ${interpreted} · not covered ${uncovered} · not rules ${notRules}${short} (${report.units.length} sentences and lines)`);
  return out;
}

export function coverageJson(report: CoverageReport, rulesFile: string, rulesText: string, files: CoverageFiles): unknown {
  const index = new LineIndex(rulesText);
  const at = (offset: number) => index.position(offset);
  return {
    rules: rulesFile,
    source: files.source ? relative(process.cwd(), files.source) : null,
    interpretations: files.interpretations ? relative(process.cwd(), files.interpretations) : null,
    counts: report.counts,
    units: report.units.map((entry) => ({
      id: entry.id, line: entry.unit.line, kind: entry.unit.kind, status: entry.status, text: entry.unit.text,
      citedBy: entry.citedBy.map((i) => ({ line: at(report.citations[i].start).line, holder: report.citations[i].holder ?? null })),
      interpretedBy: entry.interpretedBy,
      fragmentOf: entry.fragmentOf,
    })),
    citations: report.citations.map((c) => ({ ...at(c.start), text: c.text, holder: c.holder ?? null, status: c.status, score: c.located ? Number(c.located.score.toFixed(3)) : null, units: c.units })),
    interpretationQuotes: report.quotes.map((q) => ({ entry: q.entry, line: q.line, text: q.text, status: q.status, units: q.units })),
    uncitedRules: report.uncitedRules.map((rule) => ({ name: rule.name, ...at(rule.start) })),
    shortCitations: report.shortCitations.map((short) => ({ ...at(report.citations[short.citation].start), unit: report.units[short.unit].id, missing: short.missing })),
    fragmentOnly: report.fragmentOnly.map((i) => report.units[i].id),
    warnings: report.diagnostics.map((d) => ({ ...at(d.range.start), code: d.code, message: d.message })),
  };
}
