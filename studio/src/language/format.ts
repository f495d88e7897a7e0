/**
 * Format document. It only changes whitespace at the start and end of lines and removes blank
 * lines beyond one, so it can never change what the rules mean (a text never spans lines):
 * - each line is indented 2 spaces per enclosing brace;
 * - a line that continues a declaration or statement begun on an earlier line (a `cite` under
 *   `tokens`, a role's `goal`, a long condition) keeps its indentation relative to the line where
 *   that construct begins, at least one step deeper;
 * - trailing spaces go, runs of blank lines become one, the file ends with one line break.
 */
import { declarationCatalogue, walk, type AST, type DeclarationEntry, type DeclarationKind } from '../../../grammar/index.ts';
import type { RegolaDocument } from './document.ts';
import type { TextEdit } from './navigation.ts';

const step = 2;

interface Line {
  /** Offsets of the whole line, its line break included. */
  start: number;
  end: number;
  /** Offset of the first character that is not a space. */
  contentStart: number;
  content: string;
  /** Width of the original indentation (a tab counts as one step). */
  columns: number;
  lineBreak: string;
}

/** The formatted text. */
export function formatText(document: RegolaDocument): string {
  return layout(document).map((l) => l.text).join('');
}

/** Edits that turn the text into its formatted form, one per changed line, so the cursor and undo stay useful. */
export function formatEdits(document: RegolaDocument): TextEdit[] {
  return layout(document)
    .filter((line) => document.text.slice(line.start, line.end) !== line.text)
    .map((line) => ({ range: { start: line.start, end: line.end }, text: line.text }));
}

/** Each original line with the text (line break included) it becomes; a dropped line becomes ''. */
function layout(document: RegolaDocument): { start: number; end: number; text: string }[] {
  const lines = splitLines(document.text);
  const depthBefore = new Map<number, number>();
  const tokenAt = new Map<number, string>();
  let depth = 0;
  for (const token of document.tokens) {
    depthBefore.set(token.start, depth);
    tokenAt.set(token.start, token.text);
    if (token.kind === 'punctuation' && token.text === '{') depth++;
    else if (token.kind === 'punctuation' && token.text === '}') depth = Math.max(0, depth - 1);
  }
  const depthAt = (offset: number) => {
    if (depthBefore.has(offset)) return depthBefore.get(offset)!;
    // Not a token start (a construct's range starts on a token, so this is rare): count braces before it.
    let count = 0;
    for (const token of document.tokens) {
      if (token.start >= offset) break;
      if (token.kind === 'punctuation') count += token.text === '{' ? 1 : token.text === '}' ? -1 : 0;
    }
    return Math.max(0, count);
  };
  const units = constructs(document.analysis.ast);
  const lineOfOffset = (offset: number) => document.lineOf(offset);

  const indents = new Map<number, number>();
  const result: { start: number; end: number; text: string }[] = [];
  let previousBlank = true; // no blank lines at the start of the file
  let previousContent = '';
  lines.forEach((line, i) => {
    if (!line.content) {
      result.push({ start: line.start, end: line.end, text: previousBlank ? '' : line.lineBreak || '\n' });
      previousBlank = true;
      return;
    }
    previousBlank = false;
    const word = tokenAt.get(line.contentStart) ?? '';
    let indent = Math.max(0, depthAt(line.contentStart) - (word === '}' ? 1 : 0)) * step;
    // `else {` after a block's `}` is the statement's; `else 0` in `if … then … else …` continues a value.
    const blockElse = word === 'else' && previousContent.endsWith('}');
    previousContent = line.content;
    const unit = word === '}' || blockElse ? undefined : innermost(units, line.contentStart);
    if (unit && depthAt(unit.start) === depthAt(line.contentStart)) {
      const unitLine = lineOfOffset(unit.start);
      if (unitLine < i && indents.has(unitLine)) {
        indent = indents.get(unitLine)! + Math.max(step, line.columns - lines[unitLine].columns);
      }
    }
    indents.set(i, indent);
    result.push({ start: line.start, end: line.end, text: ' '.repeat(indent) + line.content + (line.lineBreak || '\n') });
  });
  // Blank lines at the end go: the last line with content ends with its line break.
  for (let i = result.length - 1; i >= 0 && !lines[i].content; i--) result[i].text = '';
  return result;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline + 1;
    let raw = text.slice(start, newline < 0 ? text.length : newline);
    let lineBreak = newline < 0 ? '' : '\n';
    if (raw.endsWith('\r')) { raw = raw.slice(0, -1); lineBreak = `\r${lineBreak}`; }
    const leading = raw.length - raw.trimStart().length;
    const columns = [...raw.slice(0, leading)].reduce((sum, c) => sum + (c === '\t' ? step : 1), 0);
    lines.push({ start, end, contentStart: start + leading, content: raw.trim(), columns, lineBreak });
    start = end;
  }
  return lines;
}

/**
 * The constructs a line can continue: every declaration, its items (a role, a tile…), every
 * statement and option clause, as the catalogue of constructs walks them.
 */
function constructs(file: AST.RulesFile): AST.Range[] {
  const ranges: AST.Range[] = [];
  walk(file, {
    declaration: (declaration) => {
      ranges.push(declaration.range);
      const items = (declarationCatalogue[declaration.kind] as DeclarationEntry<DeclarationKind>).items?.(declaration as never) ?? [];
      for (const item of items) ranges.push(item.range);
    },
    statement: (statement) => { if (statement.kind !== 'error') ranges.push(statement.range); },
    clause: (clause) => { ranges.push(clause.range); },
  });
  return ranges.filter((r) => r.end > r.start);
}

/** The construct that most closely encloses an offset (starting before it). */
function innermost(ranges: AST.Range[], offset: number): AST.Range | undefined {
  let best: AST.Range | undefined;
  for (const range of ranges) {
    if (range.start < offset && offset < range.end && (!best || range.start >= best.start)) best = range;
  }
  return best;
}
