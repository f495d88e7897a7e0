/** lex → guard → parse: the first passes of the pipeline. Never throws for any input. */
import { Lexer } from 'chevrotain';
import { allTokens, LBrace, LParen, LBracket, RBrace, RParen, RBracket } from './tokens.ts';
import { RulesParser } from './parser.ts';
import type { RulesFile } from './ast.ts';
import { codes, diagnostic, type Diagnostic } from './diagnostics.ts';

const lexer = new Lexer(allTokens, { positionTracking: 'full', ensureOptimizations: true });
let sharedParser: RulesParser | undefined;

/** Nesting deeper than this is refused before parsing: recursion would otherwise exhaust the stack. */
export const maxNesting = 64;

export interface ParseResult { ast: RulesFile; diagnostics: Diagnostic[] }

export function parse(text: string): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const lexed = lexer.tokenize(text);
  for (const error of lexed.errors) {
    const character = text.slice(error.offset, error.offset + Math.max(1, error.length));
    diagnostics.push(diagnostic(codes.lexUnexpected,
      `unexpected character${error.length > 1 ? 's' : ''} '${printable(character)}'`,
      { start: error.offset, end: error.offset + Math.max(1, error.length) }));
  }
  let depth = 0;
  for (const token of lexed.tokens) {
    const type = token.tokenType;
    if (type === LBrace || type === LParen || type === LBracket) depth++;
    else if (type === RBrace || type === RParen || type === RBracket) depth = Math.max(0, depth - 1);
    if (depth > maxNesting) {
      diagnostics.push(diagnostic(codes.parseTooDeep,
        `nesting is deeper than ${maxNesting} levels; split the rule into smaller rules`,
        { start: token.startOffset, end: token.startOffset + 1 }));
      return { ast: { declarations: [], range: { start: 0, end: text.length } }, diagnostics };
    }
  }
  sharedParser ??= new RulesParser();
  const parser = sharedParser;
  parser.input = lexed.tokens;
  let ast: RulesFile;
  try {
    ast = parser.file();
  } catch (error) {
    // Recovery should prevent this; if it does not, the user still gets a diagnostic, not a crash.
    diagnostics.push(diagnostic(codes.parseUnexpected, `the parser could not continue: ${(error as Error).message}`, { start: 0, end: 0 }));
    ast = { declarations: [], range: { start: 0, end: text.length } };
  }
  for (const error of parser.errors) {
    const token = error.token;
    const anchor = Number.isFinite(token.startOffset) ? token : (error as { previousToken?: typeof token }).previousToken ?? token;
    const start = Number.isFinite(anchor.startOffset) ? anchor.startOffset : text.length;
    const end = Number.isFinite(anchor.endOffset) ? (anchor.endOffset as number) + 1 : start;
    const missing = error.name === 'MismatchedTokenException' && token.tokenType?.name === 'EOF';
    diagnostics.push(diagnostic(missing ? codes.parseMissing : codes.parseUnexpected, error.message, { start, end }));
  }
  return { ast: ast ?? { declarations: [], range: { start: 0, end: 0 } }, diagnostics };
}

function printable(text: string): string {
  return [...text].map((c) => (c < ' ' || c === '\u007f' || c === '\ufffd' ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('');
}
