/**
 * Go to definition, find references and rename. Rename changes every place the declaration is
 * written and nothing else, and refuses a new name that is a keyword or already means something:
 * it re-checks the renamed file and gives up if the checker's verdict would change.
 */
import { analyze, type AST } from '../../../grammar/index.ts';
import type { RegolaDocument } from './document.ts';
import { isPlainName, keywordSet, quote } from './scan.ts';
import { occurrenceAt, type RegolaSymbol } from './symbols.ts';

type Range = AST.Range;

export interface TextEdit { range: Range; text: string }

export function definition(document: RegolaDocument, offset: number): Range | null {
  return occurrenceAt(document.symbols, offset)?.symbol.declaration ?? null;
}

export function references(document: RegolaDocument, offset: number, includeDeclaration = true): Range[] {
  const symbol = occurrenceAt(document.symbols, offset)?.symbol;
  if (!symbol) return [];
  return symbol.occurrences.filter((o) => includeDeclaration || !o.declaration).map((o) => o.range);
}

/** Every spot of the symbol under the cursor, for the editor to highlight. */
export function highlights(document: RegolaDocument, offset: number): { range: Range; declaration: boolean }[] {
  const symbol = occurrenceAt(document.symbols, offset)?.symbol;
  return symbol ? symbol.occurrences.map((o) => ({ range: o.range, declaration: o.declaration })) : [];
}

/** Names the language gives a meaning of its own besides keywords. */
const predefinedNames = new Set(['it', 'seats', 'roles']);

const cannotQuote = new Set<RegolaSymbol['kind']>(['variable', 'player-variable', 'option', 'parameter', 'local', 'define']);

export type PrepareRenameResult = { range: Range; text: string } | { error: string };

export function prepareRename(document: RegolaDocument, offset: number): PrepareRenameResult {
  const occurrence = occurrenceAt(document.symbols, offset);
  if (!occurrence) return { error: 'only a name declared in this file can be renamed' };
  if (occurrence.symbol.kind === 'game') return { error: "the game's title is not a name the rules use; edit it in place" };
  // Inside quotes the editable part is the text between them.
  const range = occurrence.quoted ? { start: occurrence.range.start + 1, end: occurrence.range.end - 1 } : occurrence.range;
  return { range, text: occurrence.symbol.name };
}

export type RenameResult = { edits: TextEdit[] } | { error: string };

export function rename(document: RegolaDocument, offset: number, requested: string): RenameResult {
  const prepared = prepareRename(document, offset);
  if ('error' in prepared) return prepared;
  const symbol = occurrenceAt(document.symbols, offset)!.symbol;
  const name = requested.trim();
  if (name === symbol.name) return { edits: [] };
  const refusal = refuse(document, symbol, name);
  if (refusal) return { error: refusal };

  const edits = symbol.occurrences.map((o) => ({ range: o.range, text: o.quoted ? quote(name) : name }));
  // The safety net: the renamed file must get the same verdict from the checker as before.
  const before = document.analysis.diagnostics.map((d) => `${d.code} ${d.severity}`).join('\n');
  const after = analyze(applyEdits(document.text, edits)).diagnostics.map((d) => `${d.code} ${d.severity}`).join('\n');
  if (before !== after) return { error: `renaming '${symbol.name}' to '${name}' would change what the rules mean` };
  return { edits };
}

function refuse(document: RegolaDocument, symbol: RegolaSymbol, name: string): string | undefined {
  if (!name) return 'the new name is empty';
  if (/[\r\n]/.test(name)) return 'a name fits on one line';
  if (keywordSet.has(name)) return `'${name}' is a keyword of the language`;
  if (predefinedNames.has(name)) return `'${name}' already has a meaning in every game`;
  if (!isPlainName(name)) {
    if (cannotQuote.has(symbol.kind)) return `a ${symbol.kind.replace('-', ' ')} needs a plain name (letters, digits and _), not '${name}'`;
    const plain = symbol.occurrences.find((o) => !o.quoted);
    if (plain) {
      const line = document.lineOf(plain.range.start) + 1;
      return `'${name}' would need quotes, but '${symbol.name}' is written without them on line ${line}`;
    }
  }
  const clash = [...document.symbols.symbols.values()].find((other) => other !== symbol && other.name === name && clashes(symbol, other));
  if (clash) return `'${name}' is already a ${clash.kind.replace('-', ' ')} (line ${document.lineOf(clash.declaration.start) + 1})`;
  return undefined;
}

/** Phases and the game title name nothing the rules look up; two locals clash only in the same frame. */
function clashes(symbol: RegolaSymbol, other: RegolaSymbol): boolean {
  if (other.kind === 'phase' || other.kind === 'game' || symbol.kind === 'phase') return symbol.kind === other.kind && symbol.kind === 'phase';
  const local = (s: RegolaSymbol) => s.kind === 'local' || s.kind === 'parameter';
  if (local(symbol) && local(other)) return frameOf(symbol) === frameOf(other);
  return true;
}

const frameOf = (symbol: RegolaSymbol) => symbol.key.split(':')[1];

/** Applies non-overlapping edits to a text. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.range.start - a.range.start)) {
    result = result.slice(0, edit.range.start) + edit.text + result.slice(edit.range.end);
  }
  return result;
}
