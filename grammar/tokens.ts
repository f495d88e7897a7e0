/**
 * Every token of the Regola language, defined once. The lexer, the parser and the studio's
 * highlighting all derive from this file (STYLE lesson 1).
 */
import { createToken, Lexer, type TokenType } from 'chevrotain';

/**
 * Letters of every script in the Basic Multilingual Plane, so that rulebook names (Città, Libertà,
 * Ελλάδα) are plain names. Written as ranges rather than \p{L}: Chevrotain can then index tokens by
 * their first character, which makes the lexer several times faster.
 */
const letter = 'A-Za-z_\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u1FFF\u2C00-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF';
export const identifierPattern = new RegExp(`[${letter}][${letter}0-9]*`);

/**
 * The characters a name can start with, as the lexer's first-character index needs them: every
 * code below 256, and above it one code for each block of 255 (Chevrotain's index lumps codes from
 * 256 up in blocks of 255). Told rather than found by analysing the pattern, which walked every
 * one of the 60,000 letters at each start of `regola`.
 */
function nameStarts(): number[] {
  const starts: number[] = [];
  for (const [, from, to] of letter.matchAll(/(.)(?:-(.))?/gsu)) {
    const first = from.charCodeAt(0);
    const last = (to ?? from).charCodeAt(0);
    for (let code = first; code <= last; code = code < 256 ? code + 1 : (Math.floor(code / 255) + 1) * 255) starts.push(code);
  }
  return starts;
}

export const Identifier = createToken({ name: 'Identifier', pattern: identifierPattern, label: 'a name', start_chars_hint: nameStarts(), line_breaks: false });

/** Words with a meaning of their own. Each still lexes as an Identifier when followed by letters. */
const keywordWords = [
  'game', 'players', 'to', 'turn', 'limit', 'source', 'tokens', 'reserve', 'die', 'faces', 'dice',
  'marks', 'roles', 'secret', 'public', 'when', 'goal', 'var', 'player', 'option', 'variant',
  'setup', 'turns', 'clockwise', 'counterclockwise', 'rule', 'phase', 'let', 'set', 'gain',
  'discard', 'steal', 'from', 'all', 'roll', 'mark', 'unmark', 'choose', 'by', 'prompt', 'if',
  'else', 'for', 'each', 'in', 'while', 'repeat', 'times', 'do', 'win', 'eliminate', 'draw',
  'end', 'log', 'cite', 'deal', 'role', 'first', 'rolling', 'highest', 'and', 'or', 'not',
  'where', 'true', 'false', 'none', 'current', 'others', 'on', 'of',
  'teams', 'team', 'seated', 'alternately', 'cards', 'with', 'pile', 'hidden', 'shuffle', 'move', 'reveal',
  'zones', 'zone', 'leader', 'margin', 'map', 'region', 'border',
  'grid', 'pieces', 'piece', 'rotate', 'capture', 'remove', 'simultaneously', 'thresholds', 'forbid', 'is',
  'then', 'mod',
] as const;

export type KeywordWord = (typeof keywordWords)[number];

export const keywords: Record<KeywordWord, TokenType> = Object.fromEntries(
  keywordWords.map((word) => [
    word,
    createToken({
      name: `Kw_${word}`,
      pattern: new RegExp(word),
      longer_alt: Identifier,
      categories: [],
      label: `'${word}'`,
      // Told rather than found by analysing the pattern: the lexer is built at every start of `regola`.
      start_chars_hint: [word[0]],
      line_breaks: false,
    }),
  ]),
) as Record<KeywordWord, TokenType>;

// The first characters and line breaks of the patterns below are told too, as for names.
export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: /"(?:[^"\\\n\r]|\\.)*"/,
  label: 'a quoted name or text',
  start_chars_hint: ['"'],
  line_breaks: false,
});
export const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /\d+/, label: 'a number', start_chars_hint: [...'0123456789'], line_breaks: false });

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\f\v\u00a0\ufeff]+/, group: Lexer.SKIPPED, start_chars_hint: [...' \t\r\n\f\v\u00a0\ufeff'], line_breaks: true });
export const Comment = createToken({ name: 'Comment', pattern: /(?:#|\/\/)[^\n\r]*/, group: Lexer.SKIPPED, start_chars_hint: ['#', '/'], line_breaks: false });

const punctuation = (name: string, pattern: RegExp, label: string) =>
  createToken({ name, pattern, label, start_chars_hint: [pattern.source.replace(/^\\/, '')[0]], line_breaks: false });
export const LBrace = punctuation('LBrace', /{/, "'{'");
export const RBrace = punctuation('RBrace', /}/, "'}'");
export const LParen = punctuation('LParen', /\(/, "'('");
export const RParen = punctuation('RParen', /\)/, "')'");
export const LBracket = punctuation('LBracket', /\[/, "'['");
export const RBracket = punctuation('RBracket', /]/, "']'");
export const Comma = punctuation('Comma', /,/, "','");
export const Colon = punctuation('Colon', /:/, "':'");
export const Dot = punctuation('Dot', /\./, "'.'");
export const EqualEqual = punctuation('EqualEqual', /==/, "'=='");
export const NotEqual = punctuation('NotEqual', /!=/, "'!='");
export const LessEqual = punctuation('LessEqual', /<=/, "'<='");
export const GreaterEqual = punctuation('GreaterEqual', />=/, "'>='");
export const Less = punctuation('Less', /</, "'<'");
export const Greater = punctuation('Greater', />/, "'>'");
export const Equals = punctuation('Equals', /=/, "'='");
export const Plus = punctuation('Plus', /\+/, "'+'");
export const Minus = punctuation('Minus', /-/, "'-'");
export const Star = punctuation('Star', /\*/, "'*'");
export const Slash = punctuation('Slash', /\//, "'/'");

/** Order matters: comments before '/', two-character operators before one-character ones, keywords before Identifier. */
export const allTokens: TokenType[] = [
  WhiteSpace, Comment, StringLiteral, NumberLiteral,
  EqualEqual, NotEqual, LessEqual, GreaterEqual, Less, Greater, Equals,
  LBrace, RBrace, LParen, RParen, LBracket, RBracket, Comma, Colon, Dot, Plus, Minus, Star, Slash,
  // Longest keywords first, so that 'turns' is not read as 'turn' followed by 's'.
  ...Object.values(keywords).sort((a, b) => String(b.PATTERN).length - String(a.PATTERN).length),
  Identifier,
];

/** For editors: the keyword spellings and the token kinds they highlight as. */
export const highlightClasses = {
  keywords: [...keywordWords] as string[],
  operators: ['==', '!=', '<=', '>=', '<', '>', '=', '+', '-', '*', '/'],
  comment: Comment.PATTERN as RegExp,
  string: StringLiteral.PATTERN as RegExp,
  number: NumberLiteral.PATTERN as RegExp,
  identifier: identifierPattern,
};
