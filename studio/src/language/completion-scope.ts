/**
 * The shape of the text before the cursor, read from the scanned tokens: which blocks are open,
 * which locals are in scope, whether the cursor is in a `where` condition, what is before a dot.
 */
import { followersOfValue, wordsAfterAnyValue, type Type } from '../../../grammar/index.ts';
import { closingKeywords, declarationStarters, statementStarters } from './completion-words.ts';
import type { RegolaDocument } from './document.ts';
import type { ScannedToken } from './scan.ts';

export type Block = 'game' | 'roles' | 'variant' | 'statements' | 'turns' | 'options';

export function endsExpression(token: ScannedToken): boolean {
  return token.kind === 'identifier' || token.kind === 'number' || token.kind === 'string' || token.text === ')' || token.text === ']'
    || (token.kind === 'keyword' && closingKeywords.has(token.text));
}

/** Which of a role's conditions the cursor is in: its `goal` (where the holder's attributes are bare names) or `when`. */
export function roleCondition(tokens: ScannedToken[], index: number): 'goal' | 'when' | undefined {
  for (let i = index; i >= 0; i--) {
    const token = tokens[i];
    if (token.kind === 'keyword' && (token.text === 'goal' || token.text === 'when')) return token.text;
    if (token.kind === 'string' || token.text === '{' || (token.kind === 'keyword' && token.text === 'cite')) return undefined;
  }
  return undefined;
}

/** The blocks open at a token, from the outermost, each with what it holds. */
export function openBlocks(tokens: ScannedToken[], upTo: number): { block: Block; open: number }[] {
  const stack: { block: Block; open: number }[] = [];
  let declaration = '';
  for (let i = 0; i <= upTo; i++) {
    const token = tokens[i];
    if (token.kind === 'comment' || token.kind === 'string') continue;
    if (stack.length === 0 && token.kind === 'keyword' && declarationStarters.has(token.text)) {
      // `player var` and `first player`: only a top-level `player` starts a declaration.
      declaration = token.text === 'player' ? 'var' : token.text;
    }
    if (token.text === '{' && token.kind === 'punctuation') {
      const parent = stack.at(-1)?.block;
      let block: Block;
      if (!parent) block = declaration === 'game' ? 'game' : declaration === 'roles' ? 'roles' : declaration === 'variant' ? 'variant' : declaration === 'turns' ? 'turns' : 'statements';
      else if (parent === 'options') block = 'statements';
      else block = statementKeywordBefore(tokens, i) === 'choose' ? 'options' : 'statements';
      stack.push({ block, open: i });
    } else if (token.text === '}' && token.kind === 'punctuation') {
      stack.pop();
    }
  }
  return stack;
}

/** The nearest word that opens a block (`if`, `choose`, `for`…) before a `{`, within the same braces. */
export function statementKeywordBefore(tokens: ScannedToken[], brace: number): string | undefined {
  for (let i = brace - 1; i >= 0; i--) {
    const token = tokens[i];
    if (token.kind === 'punctuation' && (token.text === '{' || token.text === '}')) return undefined;
    if (token.kind === 'keyword' && ['choose', 'if', 'else', 'while', 'for', 'repeat', 'phase', 'option'].includes(token.text)) return token.text;
  }
  return undefined;
}

/** The keyword of the top-level declaration a token belongs to. */
export function currentDeclaration(tokens: ScannedToken[], index: number): string | undefined {
  let depth = 0;
  let found: string | undefined;
  for (let i = 0; i <= index; i++) {
    const token = tokens[i];
    if (token.kind === 'punctuation') depth += token.text === '{' ? 1 : token.text === '}' ? -1 : 0;
    else if (depth === 0 && token.kind === 'keyword' && declarationStarters.has(token.text)) found = token.text === 'player' ? 'var' : token.text;
  }
  return found;
}

/** Words that may follow a finished expression in the statement being written (the catalogue's, by the statement's first word). */
export function followersOfExpression(tokens: ScannedToken[], index: number): string[] {
  const words = [...wordsAfterAnyValue];
  for (let i = index; i >= 0; i--) {
    const token = tokens[i];
    if (token.kind === 'punctuation' && (token.text === '{' || token.text === '}')) break;
    if (token.kind !== 'keyword' || !statementStarters.has(token.text)) continue;
    for (const word of followersOfValue.get(token.text) ?? []) if (!words.includes(word)) words.push(word);
    break;
  }
  return words;
}

export interface Local { name: string; start: number; binder: 'let' | 'for each' | 'choose' | 'parameter' }

/** The locals in scope at a token: `let`, `choose`, `for each` and rule parameters of the enclosing braces. */
export function locals(document: RegolaDocument, tokens: ScannedToken[], index: number): { name: string; type: Type; binder: Local['binder'] }[] {
  // Start from the top-level declaration the cursor is in.
  let start = 0;
  let depth = 0;
  for (let i = 0; i <= index; i++) {
    const token = tokens[i];
    if (token.kind === 'punctuation') depth += token.text === '{' ? 1 : token.text === '}' ? -1 : 0;
    else if (depth <= 0 && token.kind === 'keyword' && declarationStarters.has(token.text)) start = i;
  }
  const scopes: Local[][] = [[]];
  let pending: Local[] = [];
  const next = (i: number) => tokens[i + 1];
  for (let i = start; i <= index; i++) {
    const token = tokens[i];
    if (token.kind === 'comment' || token.kind === 'string') continue;
    if (token.kind === 'punctuation' && token.text === '{') { scopes.push(pending); pending = []; continue; }
    if (token.kind === 'punctuation' && token.text === '}') { if (scopes.length > 1) scopes.pop(); continue; }
    if (token.kind !== 'keyword') continue;
    const name = next(i);
    if (token.text === 'let' && name?.kind === 'identifier' && i + 1 <= index) scopes.at(-1)!.push({ name: name.text, start: name.start, binder: 'let' });
    if (token.text === 'each' && name?.kind === 'identifier' && i + 1 <= index) pending.push({ name: name.text, start: name.start, binder: 'for each' });
    if (token.text === 'choose') {
      // The name right before `from`: `choose x from`, `choose 3 x from`, `choose some xs from`, `choose up to N xs from`.
      let from = i + 1;
      while (from <= i + 12 && tokens[from] && tokens[from].text !== 'from' && tokens[from].text !== '{' && tokens[from].text !== '}') from++;
      const variable = tokens[from - 1];
      if (tokens[from]?.text === 'from' && from - 1 > i && variable.kind === 'identifier' && from - 1 <= index) {
        scopes.at(-1)!.push({ name: variable.text, start: variable.start, binder: 'choose' });
      }
    }
    if (token.text === 'rule' && i === start && next(i + 1)?.text === '(') {
      for (let j = i + 3; j <= index && tokens[j] && tokens[j].text !== ')'; j++) {
        if (tokens[j].kind === 'identifier') pending.push({ name: tokens[j].text, start: tokens[j].start, binder: 'parameter' });
      }
    }
  }
  // A `let` or `choose` on the cursor's own line is the statement being written: its name is not usable yet.
  const cursorLine = document.lineOf(tokens[index]?.end ?? 0);
  const usable = (local: Local) => local.binder === 'for each' || local.binder === 'parameter' || document.lineOf(local.start) !== cursorLine;
  const seen = new Set<string>();
  const visible: { name: string; type: Type; binder: Local['binder'] }[] = [];
  for (const scope of [...scopes].reverse()) {
    for (const local of [...scope].reverse()) {
      if (seen.has(local.name) || !usable(local)) continue;
      seen.add(local.name);
      visible.push({ name: local.name, type: localType(document, local.start), binder: local.binder });
    }
  }
  return visible;
}

/** The checker's type for the local bound at an offset, when the file still parses around it. */
export function localType(document: RegolaDocument, start: number): Type {
  const occurrence = document.symbols.occurrences.find((o) => o.declaration && o.range.start === start);
  return occurrence?.symbol.type ?? 'unknown';
}

/**
 * Inside `LIST where …` (or a role's goal) the element's attributes are bare names: the element's
 * type, or undefined when the cursor is not in such a condition.
 */
export function elementContext(document: RegolaDocument, tokens: ScannedToken[], index: number): Type | undefined {
  let nesting = 0;
  for (let i = index; i >= 0; i--) {
    const token = tokens[i];
    if (token.kind === 'comment' || token.kind === 'string') continue;
    if (token.text === ')' || token.text === ']') { nesting++; continue; }
    if (token.text === '(' || token.text === '[') { nesting = Math.max(0, nesting - 1); continue; }
    if (token.kind === 'punctuation' && (token.text === '{' || token.text === '}')) return undefined;
    if (nesting > 0) continue;
    if (token.kind !== 'keyword') continue;
    if (token.text === 'goal') return 'player';
    if (token.text === 'where') return listElementType(document, tokens, i);
    // `by`, `to` and `prompt` follow the list a `where` filters; `when` is a role's other condition.
    if (statementStarters.has(token.text) || ['by', 'prompt', 'to', 'when'].includes(token.text)) return undefined;
  }
  return undefined;
}

export function listElementType(document: RegolaDocument, tokens: ScannedToken[], where: number): Type {
  const list = tokens[where - 1];
  if (!list) return 'unknown';
  const checked = document.typeOfExpressionEndingAt(list.end);
  if (checked?.startsWith('list<')) return checked.slice(5, -1) as Type;
  if (list.text === 'players' || list.text === 'others') return 'player';
  if (list.text === 'roles') return 'role';
  if (document.analysis.schema.pools.has(list.text)) return 'die';
  return 'unknown';
}

/** The type of the value before a dot. */
export function memberObjectType(document: RegolaDocument, tokens: ScannedToken[], dot: number, blocks: { block: Block }[]): Type {
  const object = tokens[dot - 1];
  if (!object) return 'unknown';
  if (object.text === 'current') return 'player';
  if (object.kind === 'identifier') {
    const local = locals(document, tokens, dot).find((l) => l.name === object.text);
    if (local) return local.type;
    if (object.text === 'it') return elementContext(document, tokens, dot - 1) ?? (blocks.at(-1)?.block === 'roles' ? 'player' : 'unknown');
    const { schema, annotations } = document.analysis;
    if (schema.globals.has(object.text)) return annotations.variableTypes.get(object.text) ?? document.typeOfExpressionEndingAt(object.end) ?? 'unknown';
  }
  return document.typeOfExpressionEndingAt(object.end) ?? 'unknown';
}

