/** lex → token passes (texts in texts, planned forms) → guard → parse → cards made as products: the first passes of the pipeline. Never throws for any input. */
import { createTokenInstance, Lexer, type ILexingError, type IRecognitionException, type IToken } from 'chevrotain';
import { allTokens, keywords, LBrace, LParen, LBracket, NumberLiteral, RBrace, RParen, RBracket } from './tokens.ts';
import { RulesParser } from './parser.ts';
import type * as A from './ast.ts';
import type { RulesFile } from './ast.ts';
import { closest, codes, diagnostic, type Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';
import { declarationWords } from './declaration-words.ts';
import { declarationStarts } from './constructs.ts';
import { joinNestedTexts } from './nested-texts.ts';
import { expandCardProducts } from './card-product.ts';
import { removePlanned } from './planned.ts';
import { skipGrammarChecks } from './startup.ts';

const lexer = new Lexer(allTokens, { positionTracking: 'full', ensureOptimizations: true, skipValidations: skipGrammarChecks });
let sharedParser: RulesParser | undefined;

/** Nesting deeper than this is refused before parsing: recursion would otherwise exhaust the stack. */
export const maxNesting = 64;

export interface ParseResult {
  ast: RulesFile;
  diagnostics: Diagnostic[];
  /** False when the end of the file was never reached in good order (cut short, or too deep): later passes then
   * stay quiet about what may simply be in the part that could not be read. */
  complete: boolean;
  /** Names that planned declarations taken out of the file would have declared (`cell var segno`): not reported as unknown. */
  plannedNames: Set<string>;
}

export function parse(text: string): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const lexed = lexer.tokenize(text);
  for (const error of lexed.errors) {
    const character = text.slice(error.offset, error.offset + Math.max(1, error.length));
    const range = { start: error.offset, end: error.offset + Math.max(1, error.length) };
    diagnostics.push(m.at(character === '%' ? m.noPercent() : m.unexpectedCharacters(printable(character), error.length), range));
  }
  // `a % b` is read as the `a mod b` it stands for, so the rest of the line is not reported too.
  lexed.tokens = withModForPercent(text, lexed.tokens, lexed.errors);
  for (const token of lexed.tokens) {
    // Beyond 2^53 a number is rounded silently (x + 1 == x): refuse it where it is written.
    if (token.tokenType === NumberLiteral && !Number.isSafeInteger(Number(token.image))) {
      diagnostics.push(m.at(m.numberTooLarge(token.image), { start: token.startOffset, end: token.startOffset + token.image.length }));
    }
  }
  // Planned constructs (docs/planned.md) are reported as such and taken out before parsing.
  const planned = removePlanned(joinNestedTexts(text, lexed.tokens, diagnostics), diagnostics);
  let tokens = planned.tokens;
  let truncated = false;
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const type = tokens[i].tokenType;
    if (type === LBrace || type === LParen || type === LBracket) depth++;
    else if (type === RBrace || type === RParen || type === RBracket) depth = Math.max(0, depth - 1);
    if (depth > maxNesting) {
      diagnostics.push(m.at(m.nestingTooDeep(maxNesting), { start: tokens[i].startOffset, end: tokens[i].startOffset + 1 }));
      // What comes before stays checked; the rest of the file is not read.
      tokens = tokens.slice(0, i);
      truncated = true;
      break;
    }
  }
  sharedParser ??= new RulesParser();
  const parser = sharedParser;
  parser.templates = [];
  parser.keywordNames = new Set();
  const declarations: A.Declaration[] = [];
  const parserErrors: IRecognitionException[] = [];
  let crashed = false;
  let complete = !truncated;
  let end = 0;
  // Declaration after declaration. Where something that starts none stands at the top level (a
  // misspelt `rul`, a statement outside any block), the parser stops: that is reported once, the
  // lines up to the next declaration are skipped, and the parser starts again there, so every
  // later declaration is still read and checked.
  for (let from = 0; ;) {
    parser.collected = [];
    parser.input = from === 0 ? tokens : tokens.slice(from);
    let ast: RulesFile | undefined;
    try {
      ast = parser.file();
    } catch (error) {
      // Only a pathological file gets here (thousands of chained 'else if'); report it, keep what was read.
      const tooDeep = error instanceof RangeError;
      crashed = true;
      diagnostics.push(m.at(tooDeep ? m.fileTooDeep() : m.parserStopped((error as Error).message), { start: 0, end: 0 }));
    }
    // When recovery gives up near the end, the declarations read before the break still count.
    if (!ast || ast.declarations.length < parser.collected.length) {
      complete = false;
      declarations.push(...parser.collected);
      end = text.length;
    } else {
      declarations.push(...ast.declarations);
      end = Math.max(end, ast.range.end);
    }
    if (crashed) break;
    const stray = parser.errors.find((e) => e.name === 'NotAllInputParsedException')?.token;
    if (!stray) { parserErrors.push(...parser.errors); break; }
    parserErrors.push(...parser.errors.filter((e) => e.token !== stray));
    diagnostics.push(strayDiagnostic(stray));
    // What the skipped lines declared is not known: later passes stay quiet about names it may hold.
    complete = false;
    const at = tokens.indexOf(stray, from);
    const next = at < 0 ? -1 : nextDeclaration(tokens, at + 1);
    // Always forward: a next start at or before this one would read the same lines again.
    if (next <= from) break;
    from = next;
  }
  const ast: RulesFile = { declarations, range: { start: 0, end } };
  cutTooDeep(ast, diagnostics);
  expandCardProducts(ast, diagnostics);
  // After a crash the parser's own error list describes a half-unwound state: not worth showing.
  for (const error of crashed ? [] : parserErrors) {
    const token = error.token;
    const anchor = Number.isFinite(token.startOffset) ? token : (error as { previousToken?: typeof token }).previousToken ?? token;
    const start = Number.isFinite(anchor.startOffset) ? anchor.startOffset : text.length;
    const end = Number.isFinite(anchor.endOffset) ? (anchor.endOffset as number) + 1 : start;
    const atEnd = token.tokenType?.name === 'EOF';
    if (atEnd) complete = false;
    // After a too-deep cut, "unexpected end of file" only repeats what was said.
    if (atEnd && truncated) continue;
    const missing = error.name === 'MismatchedTokenException' && atEnd;
    diagnostics.push(diagnostic(missing ? codes.parseMissing : codes.parseUnexpected, error.message, { start, end }));
  }
  // Texts that show values: read their `{…}` parts now that the parser is free.
  const templates = parser.templates;
  parser.templates = [];
  for (const { node, token } of templates) node.parts = textParts(parser, token, diagnostics);
  for (const token of parser.keywordNames) {
    const start = token.startOffset;
    diagnostics.push(m.at(m.keywordAsName(token.image), { start, end: start + token.image.length }, token.image[0].toUpperCase() + token.image.slice(1)));
  }
  parser.keywordNames = new Set();
  return { ast, diagnostics, complete, plannedNames: planned.names };
}

/**
 * The parts of a text with `{expression}` in it: plain text (escapes undone, `\{` for a brace)
 * and expressions, each parsed with its tokens placed where they are in the file, so a mistake
 * inside the braces is reported at its own line:col.
 */
function textParts(parser: RulesParser, token: IToken, diagnostics: Diagnostic[]): A.TextPart[] {
  const image = token.image;
  const parts: A.TextPart[] = [];
  let literal = '';
  for (let i = 1; i < image.length - 1; i++) {
    const char = image[i];
    if (char === '\\' && i + 1 < image.length - 1) { literal += image[++i]; continue; }
    if (char !== '{') { literal += char; continue; }
    const close = image.indexOf('}', i + 1);
    const at = token.startOffset + i;
    if (close < 0 || close >= image.length - 1) {
      diagnostics.push(m.at(m.braceUnclosed(), { start: at, end: at + 1 }));
      literal += image.slice(i, image.length - 1);
      break;
    }
    const source = image.slice(i + 1, close);
    const lexed = lexer.tokenize(source);
    const base = at + 1;
    for (const t of lexed.tokens) { t.startOffset += base; t.endOffset = (t.endOffset ?? t.startOffset) + base; }
    if (lexed.errors.length || lexed.tokens.length === 0) {
      diagnostics.push(m.at(lexed.tokens.length === 0 && !lexed.errors.length ? m.braceEmpty() : m.valueUnreadable(source), { start: at, end: token.startOffset + close + 1 }));
    } else {
      const { expression, errors, firstError, rest } = parser.templateExpression(lexed.tokens);
      if (errors > 0 || rest) {
        // The first mistake, where it is; a token the parser found missing at the end anchors at the closing brace.
        const leftOver = rest && (!firstError || firstError.token === rest);
        const culprit = !leftOver && firstError && Number.isFinite(firstError.token.startOffset) ? firstError.token : rest;
        const where = culprit ? { start: culprit.startOffset, end: culprit.startOffset + culprit.image.length } : { start: token.startOffset + close, end: token.startOffset + close + 1 };
        const why = leftOver ? `: '${rest.image}' is left over` : firstError ? `: ${firstError.message.replace('the end of the file', "the closing '}'")}` : '';
        diagnostics.push(m.at(m.valueNotExpression(printable(source), why), where));
      } else {
        if (literal) parts.push(literal);
        literal = '';
        parts.push(expression);
      }
    }
    i = close;
  }
  if (literal) parts.push(literal);
  return parts;
}

/**
 * Expressions and statements nested beyond this are cut: the checker and the compiler walk them
 * recursively. It allows chains of about 500 operators, `not`s or `-`s and about 250 `else if`s
 * (each link nests a block and an `if`), a third of what overflows the stack (docs/language.md, Limits).
 */
export const maxTreeDepth = 500;

/**
 * Replaces each statement nested deeper than `maxTreeDepth` (or the expression, outside statements)
 * by an error node, with one diagnostic per declaration where it starts, so the rest of the
 * declaration is still checked (a cut `turns` block is still a turns block) and nothing half-cut
 * (a `set` without its target) raises errors of its own. Measured without recursion.
 */
function cutTooDeep(ast: RulesFile, diagnostics: Diagnostic[]): void {
  // Parallel stacks: this runs on every keystroke in the studio, so no object per node.
  const holders: Record<string, unknown>[] = [];
  const keys: string[] = [];
  const depths: number[] = [];
  // The innermost statement around each node (its holder and key), where a cut goes.
  const statementHolders: (Record<string, unknown> | undefined)[] = [];
  const statementKeys: string[] = [];
  for (const declaration of ast.declarations) {
    let reported = false;
    holders.length = keys.length = depths.length = statementHolders.length = statementKeys.length = 0;
    holders.push({ declaration });
    keys.push('declaration');
    depths.push(0);
    statementHolders.push(undefined);
    statementKeys.push('');
    while (holders.length) {
      const holder = holders.pop()!;
      const key = keys.pop()!;
      const depth = depths.pop()!;
      let statementHolder = statementHolders.pop();
      let statementKey = statementKeys.pop()!;
      const node = holder[key];
      if (!node || typeof node !== 'object') continue;
      if (depth > maxTreeDepth && typeof (node as { kind?: unknown }).kind === 'string') {
        const cutHolder = statementHolder ?? holder;
        const cutKey = statementHolder ? statementKey : key;
        const range = (cutHolder[cutKey] as { range?: { start: number; end: number } }).range ?? declaration.range;
        cutHolder[cutKey] = { kind: 'error', range };
        if (!reported) diagnostics.push(m.at(m.treeTooDeep(maxTreeDepth), { start: range.start, end: range.start + 1 }));
        reported = true;
        continue;
      }
      const inStatements = key === 'statements' && Array.isArray(node);
      const fields = node as Record<string, unknown>;
      for (const field in fields) {
        if (field === 'range') continue;
        if (inStatements) { statementHolder = fields; statementKey = field; }
        holders.push(fields);
        keys.push(field);
        depths.push(Array.isArray(node) ? depth : depth + 1);
        statementHolders.push(statementHolder);
        statementKeys.push(statementKey);
      }
    }
  }
}

/** Something at the top level that starts no declaration: what it is, and the declaration its word is closest to. */
function strayDiagnostic(token: IToken): Diagnostic {
  const range = { start: token.startOffset, end: (token.endOffset ?? token.startOffset) + 1 };
  const word = /^[\p{L}_][\p{L}\p{N}_]*$/u.test(token.image) ? token.image : undefined;
  const suggestion = word === undefined ? undefined : closest(word, declarationWords);
  const what = word === undefined ? `'${printable(token.image)}'` : `'${word}'`;
  if (token.tokenType === keywords.cite) return m.at(m.strayCite(declarationStarts), range);
  return m.at(m.strayAtTop(what, declarationStarts), range, suggestion);
}

/** The first token from `from` on that starts a line, outside every bracket, with a word that starts a declaration; -1 if none. */
function nextDeclaration(tokens: IToken[], from: number): number {
  let depth = 0;
  for (let i = Math.max(from, 1); i < tokens.length; i++) {
    const type = tokens[i].tokenType;
    if (depth === 0 && tokens[i].startLine !== tokens[i - 1].startLine && declarationWords.has(tokens[i].image)) return i;
    if (type === LBrace || type === LParen || type === LBracket) depth++;
    else if (type === RBrace || type === RParen || type === RBracket) depth = Math.max(0, depth - 1);
  }
  return -1;
}

function printable(text: string): string {
  return [...text].map((c) => (c < ' ' || c === '\u007f' || c === '\ufffd' ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('');
}

/** The tokens with a `mod` where a lone `%` could not be read (its error is reported already). */
function withModForPercent(text: string, tokens: IToken[], errors: ILexingError[]): IToken[] {
  const percents = errors.filter((error) => error.length === 1 && text[error.offset] === '%');
  if (!percents.length) return tokens;
  const mods = percents.map((error) => createTokenInstance(keywords.mod, '%', error.offset, error.offset, error.line ?? 0, error.line ?? 0, error.column ?? 0, error.column ?? 0));
  return [...tokens, ...mods].sort((a, b) => a.startOffset - b.startOffset);
}
