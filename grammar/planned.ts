/**
 * Constructs that docs/planned.md describes as planned: designed, not built. Written in a file,
 * each is reported once as `language/planned` with its anchor there, instead of the syntax errors it
 * would cause ("expected 'from' but found 'to'"). This pass runs on the tokens before parsing: it
 * finds each planned form, reports it, and takes its words out of the stream (or puts a placeholder
 * in their place), so the parser and the checker read the rest of the file as if the planned part
 * were not there, and say nothing misleading about it.
 *
 * The forms are recognised by their words only where those words cannot mean anything built.
 */
import { createTokenInstance, type IToken, type TokenType } from 'chevrotain';
import * as T from './tokens.ts';
import type { Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';

const K = T.keywords;

/** Functions docs/planned.md plans, by name: the checker reports a call to one as planned (not as unknown). */
export const plannedFunctions: Record<string, { form: string; anchor: string; today?: string }> = {
  line: { form: 'line(CELL, ROWS, COLUMNS)', anchor: 'lines-and-slides', today: 'a where on the grid' },
};

/** A planned function of that name (own properties only: 'constructor' is a name, not a function). */
export function plannedFunction(name: string): { form: string; anchor: string; today?: string } | undefined {
  return Object.hasOwn(plannedFunctions, name) ? plannedFunctions[name] : undefined;
}

/** What a planned form found in the tokens becomes: the tokens [from, to) go, `placeholder` (if any) stands in their place. */
interface Found { from: number; to: number; form: string; anchor: string; today?: string; placeholder?: IToken; defines?: string }

/** Words that start a statement: a planned tail (`reveal c to p`) never reaches past one. */
const statementWords = new Set<TokenType>([K.move, K.draw, K.gain, K.discard, K.steal, K.set, K.let, K.log, K.cite, K.choose, K.if,
  K.for, K.while, K.repeat, K.do, K.win, K.eliminate, K.end, K.roll, K.mark, K.unmark, K.shuffle, K.reveal, K.rotate, K.capture,
  K.remove, K.simultaneously, K.phase, K.deal]);

export interface PlannedResult { tokens: IToken[]; names: Set<string> }

export function removePlanned(tokens: IToken[], diagnostics: Diagnostic[]): PlannedResult {
  const is = (i: number, type: TokenType) => tokens[i]?.tokenType === type;
  const word = (i: number, w: string) => tokens[i]?.tokenType === T.Identifier && tokens[i].image === w;
  const sameLine = (i: number, j: number) => tokens[j] !== undefined && tokens[j].startLine === tokens[i].startLine;
  /** The end of the line of token i, and past the `}` matching any `{` opened on it (a block). */
  const lineEnd = (i: number): number => {
    let j = i;
    let depth = 0;
    while (j < tokens.length && (sameLine(i, j) || depth > 0)) {
      if (is(j, T.LBrace) || is(j, T.LParen) || is(j, T.LBracket)) depth++;
      else if (is(j, T.RBrace) || is(j, T.RParen) || is(j, T.RBracket)) {
        if (depth === 0) break; // a `}` closing the enclosing block stays
        depth--;
      }
      j++;
    }
    return j;
  };
  /** `Name`, `a.b.c`: the end of one plain operand from i. */
  const operandEnd = (i: number): number => {
    let j = i + 1;
    while (is(j, T.Dot) && tokens[j + 1]) j += 2;
    return j;
  };
  const placeholder = (type: TokenType, image: string, from: IToken, to: IToken): IToken =>
    createTokenInstance(type, image, from.startOffset, to.endOffset ?? from.startOffset, from.startLine ?? 1, to.endLine ?? 1, from.startColumn ?? 1, to.endColumn ?? 1);

  const find = (i: number): Found | undefined => {
    const t = tokens[i];
    const previous = tokens[i - 1];
    // ---- piles, hands
    if (is(i, K.limit) && !is(i - 1, K.turn) && word(i + 2, 'discarding')) return { from: i, to: Math.min(i + 5, lineEnd(i)), form: 'limit N discarding to', anchor: 'hand-limit', today: 'a while loop of choose … move … to' };
    if (is(i, K.deal) && is(i + 1, K.teams)) return { from: i, to: lineEnd(i), form: 'deal teams', anchor: 'deal-teams' };
    // ---- tokens on places, per-player reserves
    if (word(i, 'per') && is(i + 1, K.player) && is(i - 1, T.NumberLiteral) && is(i - 2, K.reserve)) return { from: i, to: i + 2, form: 'reserve N per player', anchor: 'per-player-reserve' };
    if (word(i, 'place') && (is(i + 1, T.NumberLiteral) || is(i + 1, T.Identifier)) && (is(i + 2, T.Identifier) || is(i + 2, T.StringLiteral)) && is(i + 3, K.on)) {
      return { from: i, to: lineEnd(i), form: 'place … on', anchor: 'place-tokens', today: 'gain N TOKEN to ZONE' };
    }
    if (is(i, K.move)) {
      for (let j = i + 1; sameLine(i, j) && !statementWords.has(tokens[j].tokenType) && !is(j, K.to); j++) {
        if (is(j, K.from)) return { from: i, to: lineEnd(i), form: 'move N TOKEN from … to …', anchor: 'move-tokens', today: 'steal N TOKEN from ZONE to ZONE' };
      }
    }
    // ---- teams: secret teams; team piles are not handled here
    if (is(i, K.secret) && is(i - 1, K.teams)) return { from: i, to: i + 1, form: 'teams secret', anchor: 'secret-teams' };
    // ---- dice compared in pairs
    if (word(i, 'pairs') && word(i + 1, 'won') && is(i + 2, K.by)) {
      let end = operandEnd(i + 3);
      if (word(end, 'against')) end = operandEnd(end + 1);
      if (word(end, 'ties') && is(end + 1, K.to) && is(end + 2, K.first)) end += 3;
      const last = tokens[Math.min(end, tokens.length) - 1];
      return { from: i, to: end, form: 'pairs won by … against …', anchor: 'pairs-won-by', today: 'pairsWon(A, B)', placeholder: placeholder(T.NumberLiteral, '0', t, last) };
    }
    // ---- grids
    if (word(i, 'hexes') && is(i - 1, T.NumberLiteral) && is(i - 2, K.by)) {
      return { from: i, to: i + 1, form: 'hexes', anchor: 'hex-grids', placeholder: placeholder(T.Identifier, 'cells', t, t) };
    }
    if (word(i, 'cell') && is(i + 1, K.var) && is(i + 2, T.Identifier)) return { from: i, to: lineEnd(i), form: 'cell var', anchor: 'cell-var', defines: tokens[i + 2].image };
    if ((word(i, 'slide') || word(i, 'promote')) && is(i + 1, T.Identifier) && (!previous || previous.startLine !== t.startLine || statementWords.has(previous.tokenType) || is(i - 1, T.LBrace) || is(i - 1, T.RBrace))) {
      return { from: i, to: lineEnd(i), form: t.image, anchor: t.image === 'slide' ? 'lines-and-slides' : 'piece-properties' };
    }
    // ---- drafting
    if (word(i, 'draft') && (is(i + 1, T.NumberLiteral) || is(i + 1, T.Identifier))) return { from: i, to: lineEnd(i), form: 'draft … passing', anchor: 'draft', today: 'a loop of simultaneously blocks over packet piles' };
    // ---- rounds
    if (word(i, 'rounds') && (is(i + 1, T.LBrace) || is(i + 1, K.clockwise) || is(i + 1, K.counterclockwise)) && (!previous || previous.tokenType === T.RBrace || previous.startLine !== t.startLine)) {
      return { from: i, to: lineEnd(i), form: 'rounds { … }', anchor: 'rounds', today: 'a turns block whose turn plays a whole round' };
    }
    // ---- variables seen by their team (`secret player var` is built)
    if (is(i, K.team) && !is(i - 1, T.Dot) && !is(i + 1, K.var) && !is(i + 1, K.pile) && tokens[i + 1]?.startLine !== t.startLine) {
      // `team var x = 0 team`: a trailing `team` at the end of a team var's line.
      let start = i - 1;
      while (start >= 0 && sameLine(i, start) && !(is(start, K.team) && is(start + 1, K.var))) start--;
      if (start >= 0 && is(start, K.team) && is(start + 1, K.var) && sameLine(i, start)) return { from: i, to: i + 1, form: 'team var … team', anchor: 'team-only-var' };
    }
    return undefined;
  };

  const out: IToken[] = [];
  const names = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const found = find(i);
    if (!found || found.to <= found.from) { out.push(tokens[i]); continue; }
    // Tokens between i and `from` (a tail such as `to p` after `reveal c`) stay.
    for (let j = i; j < found.from; j++) out.push(tokens[j]);
    const first = tokens[found.from];
    const last = tokens[found.to - 1];
    diagnostics.push(m.at(m.planned(found.form, found.anchor, found.today), { start: first.startOffset, end: (last.endOffset ?? first.startOffset) + 1 }));
    if (found.placeholder) out.push(found.placeholder);
    if (found.defines) names.add(found.defines);
    i = found.to - 1;
  }
  return { tokens: out, names };
}
