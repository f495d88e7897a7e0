/**
 * What coverage/ offers: a rulebook cut into sentences and list items, citations and
 * interpretation entries found in it, and the report of which sentences the rules cover. Pure
 * functions over texts (no file access), shared by the CLI (`regola coverage`) and the studio's
 * Rulebook tab.
 */
export { splitSource, classifyLine, type Unit, type UnitKind } from './split.ts';
export { normalise, quotePieces, type Normalised } from './normalise.ts';
export { SourceIndex, closestPassage, fuzzyThreshold, type Located, type SourceIndexOptions, type Span } from './locate.ts';
export { readCitations, isMarker, type Citation, type RulesCitations, type UncitedRule } from './citations.ts';
export { contentOf, namesWhole, missingTail, unitIds } from './naming.ts';
export { readInterpretations, type InterpretationEntry, type InterpretationQuote } from './interpretations.ts';
export { coverage, citationDiagnostics, coverageCodes, strictlyCovered, type CoverageReport, type ShortCitation, type CoverageCounts, type UnitCoverage, type UnitStatus, type CitationMatch, type QuoteMatch } from './coverage.ts';
