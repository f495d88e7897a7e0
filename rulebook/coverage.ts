/**
 * A rules file held against its rulebook: for every unit of the source, which citations cite it,
 * or which interpretation entries interpret it, or nothing; for every citation, where it is in the
 * source, or a warning that it is not there. A citation proves that a rule names a sentence, not
 * that it does what the sentence says: the report says "cited", never "covered". An entry
 * interprets a sentence only by naming it whole or by its id, and with a reading (naming.ts).
 * Pure: texts in, a report out (the CLI and the studio read files).
 */
import type { Diagnostic } from '../grammar/index.ts';
import { isMarker, readCitations, type Citation, type UncitedRule } from './citations.ts';
import { readInterpretations, type InterpretationEntry, type InterpretationQuote } from './interpretations.ts';
import { fuzzyThreshold, SourceIndex, type Located } from './locate.ts';
import { missingTail, namesWhole, unitIds } from './naming.ts';
import type { Unit } from './split.ts';

export type UnitStatus = 'cited' | 'interpreted' | 'uncovered' | 'not-rule';

export interface CitationMatch extends Citation {
  /** exact; inexact (found approximately, flagged); missing (not in the source); marker ("standard rules …"). */
  status: 'exact' | 'inexact' | 'missing' | 'marker';
  located?: Located;
  /** Indexes of the units it covers (none when missing). */
  units: number[];
}

export interface QuoteMatch extends InterpretationQuote {
  entry: string;
  notRules: boolean;
  status: 'exact' | 'inexact' | 'missing';
  located?: Located;
  units: number[];
}

export interface UnitCoverage {
  unit: Unit;
  /** The id the report prints and an interpretation entry may name it by: `§LINE` or `§LINE.N`. */
  id: string;
  status: UnitStatus;
  /** The citations citing it (indexes into `citations`). */
  citedBy: number[];
  /** The interpretation entries interpreting it (their ids): naming it whole or by id, with a reading. */
  interpretedBy: string[];
  /** Entries that quote only part of it, or name it without a reading: links that count for nothing. */
  fragmentOf: string[];
}

/** A sentence whose citations all stop before its end: the furthest one, and the words none reaches. */
export interface ShortCitation { citation: number; unit: number; missing: string }

export interface CoverageCounts { cited: number; interpreted: number; uncovered: number; notRules: number }

export interface CoverageReport {
  units: UnitCoverage[];
  citations: CitationMatch[];
  quotes: QuoteMatch[];
  uncitedRules: UncitedRule[];
  shortCitations: ShortCitation[];
  /** Rule sentences whose only link is a fragment (`fragmentOf`), not cited nor interpreted. */
  fragmentOnly: number[];
  counts: CoverageCounts;
  /** Warnings on the rules file: citations not in the source, or only approximately. */
  diagnostics: Diagnostic[];
}

export const coverageCodes = { notInSource: 'cite/not-in-source', inexact: 'cite/inexact', stopsShort: 'cite/stops-short' } as const;

function percent(score: number): string {
  return `${Math.floor(score * 100)}%`;
}

/** The start of a quote, short enough for a message. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 70 ? `${flat.slice(0, 67)}…` : flat;
}

/** A citation looked up in the rulebook, without the units it covers; a warning in `diagnostics` when it is not there, or only approximately. */
type LocatedCitation = Omit<CitationMatch, 'units'>;

function locateCitation(citation: Citation, index: SourceIndex, diagnostics: Diagnostic[]): LocatedCitation {
  if (isMarker(citation.text)) return { ...citation, status: 'marker' };
  const lineOf = (offset: number) => index.text.slice(0, offset).split('\n').length;
  const located = index.locate(citation.text);
  const range = { start: citation.start, end: citation.end };
  if (!located || located.score < fuzzyThreshold) {
    const closest = located && located.spans.length ? ` (the closest passage, line ${lineOf(located.spans[0].start)}, is a ${percent(located.score)} match)` : '';
    diagnostics.push({ code: coverageCodes.notInSource, severity: 'warning', message: `this citation is not in the source${closest}`, range });
    return { ...citation, status: 'missing', located };
  }
  if (!located.exact) {
    const passage = index.text.slice(located.spans[0].start, located.spans[located.spans.length - 1].end);
    diagnostics.push({ code: coverageCodes.inexact, severity: 'warning', message: `this citation differs from the source (a ${percent(located.score)} match, line ${lineOf(located.spans[0].start)}: «${excerpt(passage)}»)`, range });
  }
  return { ...citation, status: located.exact ? 'exact' : 'inexact', located };
}

/** The warnings on a rules file's citations (`readCitations(…).citations`: what `coverage(…).diagnostics` holds), without the rest of the report. */
export function citationDiagnostics(citations: Citation[], source: SourceIndex | string): Diagnostic[] {
  const index = typeof source === 'string' ? new SourceIndex(source) : source;
  const diagnostics: Diagnostic[] = [];
  for (const citation of citations) locateCitation(citation, index, diagnostics);
  return diagnostics;
}

/**
 * Builds the report. `source` may be a SourceIndex (kept between calls, so its lookups stay
 * cached while a designer types) or the rulebook's text.
 */
export function coverage(rulesText: string, source: SourceIndex | string, interpretations = ''): CoverageReport {
  const index = typeof source === 'string' ? new SourceIndex(source) : source;
  const read = readCitations(rulesText);
  const diagnostics: Diagnostic[] = [];

  const citations: CitationMatch[] = read.citations.map((citation) => {
    const match = locateCitation(citation, index, diagnostics);
    const covers = match.status === 'exact' || match.status === 'inexact';
    return { ...match, units: covers ? index.unitsIn(match.located!.spans).map((unit) => unit.index) : [] };
  });

  const entries: InterpretationEntry[] = readInterpretations(interpretations);
  const quotes: QuoteMatch[] = entries.flatMap((entry) => entry.quotes.map((quote): QuoteMatch => {
    const located = index.locate(quote.text);
    const found = located && located.score >= fuzzyThreshold;
    return {
      ...quote, entry: entry.id, notRules: entry.notRules,
      status: !found ? 'missing' : located.exact ? 'exact' : 'inexact',
      located,
      units: found ? index.unitsIn(located.spans).map((unit) => unit.index) : [],
    };
  }));

  const ids = unitIds(index.units);
  const units: UnitCoverage[] = index.units.map((unit, i) => ({ unit, id: ids[i], status: 'uncovered', citedBy: [], interpretedBy: [], fragmentOf: [] }));
  citations.forEach((citation, at) => { for (const i of citation.units) units[i].citedBy.push(at); });
  const byId = new Map(units.map((entry) => [entry.id, entry.unit.index]));
  const named = new Map(entries.map((entry) => [entry.id, new Set(entry.ids.flatMap((id) => byId.has(id.text) ? [byId.get(id.text)!] : []))]));
  const notRules = new Set<number>();
  const link = (entryId: string, notRule: boolean, reading: boolean, i: number, whole: boolean) => {
    const list = whole && (notRule || reading) ? units[i].interpretedBy : units[i].fragmentOf;
    if (whole && notRule) notRules.add(i);
    else if (!list.includes(entryId)) list.push(entryId);
  };
  const reads = new Map(entries.map((entry) => [entry.id, entry.reading]));
  for (const quote of quotes) {
    for (const i of quote.units) link(quote.entry, quote.notRules, reads.get(quote.entry)!, i, namesWhole(units[i].unit, quote.located!.spans));
  }
  for (const entry of entries) for (const i of named.get(entry.id)!) link(entry.id, entry.notRules, entry.reading, i, true);
  for (const entry of units) entry.fragmentOf = entry.fragmentOf.filter((id) => !entry.interpretedBy.includes(id));
  const shortCitations: ShortCitation[] = [];
  for (const entry of units) {
    const spans = entry.citedBy.flatMap((at) => citations[at].located!.spans.map((span) => ({ ...span, at })));
    const missing = missingTail(entry.unit, spans);
    if (missing === undefined) continue;
    const furthest = spans.reduce((best, span) => (span.end > best.end ? span : best));
    shortCitations.push({ citation: furthest.at, unit: entry.unit.index, missing });
    const cited = citations[furthest.at];
    diagnostics.push({
      code: coverageCodes.stopsShort, severity: 'warning', range: { start: cited.start, end: cited.end },
      message: `this citation stops before the end of its sentence (${entry.id}), short of «${excerpt(missing)}»: cite the rest where a rule does it, or say in an interpretation why not`,
    });
  }
  const counts: CoverageCounts = { cited: 0, interpreted: 0, uncovered: 0, notRules: 0 };
  for (const entry of units) {
    entry.status = entry.citedBy.length ? 'cited'
      : entry.interpretedBy.length ? 'interpreted'
      : !entry.unit.rule || notRules.has(entry.unit.index) ? 'not-rule'
      : 'uncovered';
    if (entry.status === 'cited') counts.cited++;
    else if (entry.status === 'interpreted') counts.interpreted++;
    else if (entry.status === 'uncovered') counts.uncovered++;
    else counts.notRules++;
  }
  const fragmentOnly = units.filter((entry) => entry.status === 'uncovered' && entry.fragmentOf.length > 0).map((entry) => entry.unit.index);
  return { units, citations, quotes, uncitedRules: read.uncitedRules, shortCitations, fragmentOnly, counts, diagnostics };
}

/** Whether `regola coverage --strict` passes: every rule sentence cited or interpreted, and no citation stopping short. */
export function strictlyCovered(report: CoverageReport): boolean {
  return report.counts.uncovered === 0 && report.shortCitations.length === 0;
}
