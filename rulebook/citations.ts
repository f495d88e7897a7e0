/**
 * The citations of a rules file, with their positions: every `cite "…"` and the `source "…"`.
 * Read by a small scan of the text (comments and texts skipped as the lexer skips them) rather
 * than from the AST, whose citations are plain strings without a range; a file with syntax errors
 * still has its citations found. Which rule holds each citation comes from the AST.
 */
import { analyze, statementCatalogue, walk, type AST } from '../grammar/index.ts';

export interface Citation {
  text: string;
  /** Offsets of the quoted text, quotes included. */
  start: number;
  end: number;
  /** The rule (or the section: setup, turn, game, …) the citation is written in. */
  holder?: string;
}

export interface UncitedRule { name: string; start: number; end: number }

export interface RulesCitations {
  source?: { name: string; start: number; end: number };
  citations: Citation[];
  /** Rules that change the game and cite nothing (and carry no "standard rules" marker). */
  uncitedRules: UncitedRule[];
}

const wordCharacter = /[\p{L}\p{N}_]/u;
/** `wordCharacter`, with ASCII answered without the regular expression (this scan reads every character of the file). */
function isWordCharacter(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
  return wordCharacter.test(text[i]);
}
/** `/\s/` on one character, ASCII answered without the regular expression. */
function isSpace(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return /\s/.test(text[i]);
}

function unquote(image: string): string {
  return image.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** `word "text"` pairs of the file, in order, with the text's offsets (characters read by their codes: this scan reads the whole file). */
function keywordTexts(text: string, wanted: Set<string>): { word: string; text: string; start: number; end: number }[] {
  const found: { word: string; text: string; start: number; end: number }[] = [];
  // The word just read, as offsets (cut out only when a text follows it).
  let wordStart = -1;
  let wordEnd = -1;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 35 || (code === 47 && text.charCodeAt(i + 1) === 47)) { // # or //: to the end of the line
      while (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      continue;
    }
    if (isSpace(text, i)) { i++; continue; }
    if (code === 34) { // a text, to its closing quote on the same line
      let j = i + 1;
      for (let c = text.charCodeAt(j); j < text.length && c !== 34 && c !== 10 && c !== 13; c = text.charCodeAt(j)) j += c === 92 ? 2 : 1;
      const closed = text.charCodeAt(j) === 34;
      const end = closed ? j + 1 : j;
      const word = closed && wordStart >= 0 ? text.slice(wordStart, wordEnd) : '';
      if (wanted.has(word)) found.push({ word, text: unquote(text.slice(i, end)), start: i, end });
      wordStart = -1;
      i = end;
      continue;
    }
    if (isWordCharacter(text, i)) {
      let j = i;
      while (j < text.length && isWordCharacter(text, j)) j++;
      wordStart = i;
      wordEnd = j;
      i = j;
      continue;
    }
    wordStart = -1;
    i++;
  }
  return found;
}

/**
 * A citation that says where a rule comes from without quoting the rulebook: "standard rules …"
 * (Risiko!'s gaps) or "interpretation …". It counts as the rule's citation and is not looked up.
 */
export function isMarker(citation: string): boolean {
  return /^\s*(standard rules|interpretation|designed)\b/i.test(citation);
}

/** Whether a block changes the game: a statement of it that the catalogue of constructs says does, at any depth. */
function changesState(block: AST.Block): boolean {
  let changes = false;
  walk(block, { statement: (statement) => {
    if (statementCatalogue[statement.kind].changesState) changes = true;
    return changes ? false : undefined;
  } });
  return changes;
}

export function readCitations(text: string): RulesCitations {
  const pairs = keywordTexts(text, new Set(['cite', 'source']));
  const sourcePair = pairs.find((pair) => pair.word === 'source');
  const { ast } = analyze(text);
  const holders = ast.declarations.map((declaration) => ({
    name: declaration.kind === 'rule' ? (declaration as AST.RuleDecl).name.text : declaration.kind,
    start: declaration.range.start,
    end: declaration.range.end,
  }));
  const citations: Citation[] = pairs.filter((pair) => pair.word === 'cite').map((pair) => ({
    text: pair.text, start: pair.start, end: pair.end,
    holder: holders.find((holder) => holder.start <= pair.start && pair.start < holder.end)?.name,
  }));
  const uncitedRules: UncitedRule[] = [];
  for (const declaration of ast.declarations) {
    if (declaration.kind !== 'rule') continue;
    const rule = declaration as AST.RuleDecl;
    const cited = citations.some((citation) => rule.range.start <= citation.start && citation.start < rule.range.end);
    if (!cited && changesState(rule.body)) uncitedRules.push({ name: rule.name.text, start: rule.name.range.start, end: rule.name.range.end });
  }
  return {
    source: sourcePair && { name: sourcePair.text, start: sourcePair.start, end: sourcePair.end },
    citations,
    uncitedRules,
  };
}
