/**
 * Completion in context. The words before the cursor say what may come next (after `do` a rule,
 * after `mark` a mark, after `p.` an attribute of a player, at the start of a statement a
 * statement…); the names come from the file's own declarations and the locals in scope.
 * It reads the scanned tokens rather than the syntax tree, because the line being typed is, by
 * definition, not finished.
 */
import { builtinFunctions, describeType, type AST, type Type } from '../../../grammar/index.ts';
import type { RegolaDocument } from './document.ts';
import {
  currentDeclaration, elementContext, endsExpression, followersOfExpression, locals, memberObjectType, openBlocks, roleCondition, type Local,
} from './completion-scope.ts';
import {
  constants, declarationSnippets, declarationWordLists, declaring, elseSnippet, optionClauseSnippet, statementSnippets, statementWords, turnsSnippets,
  type Snippet,
} from './completion-words.ts';
import { tokenIndexBefore, writeName, type ScannedToken } from './scan.ts';
import type { RegolaSymbol } from './symbols.ts';

export type CompletionKind =
  | 'keyword' | 'snippet' | 'token' | 'face' | 'die' | 'dice' | 'mark' | 'role' | 'variable' | 'player-variable'
  | 'option' | 'rule' | 'local' | 'parameter' | 'function' | 'attribute' | 'constant';

export interface CompletionItem {
  label: string;
  kind: CompletionKind;
  detail?: string;
  documentation?: string;
  insertText: string;
  /** `insertText` has snippet placeholders (`${1:name}`). */
  snippet?: boolean;
  sortText: string;
}

export type CompletionContext =
  | 'none' | 'top-level' | 'game' | 'variant' | 'roles' | 'options' | 'statement' | 'expression' | 'member' | 'rule'
  | 'mark' | 'die' | 'face' | 'keyword';

export interface CompletionResult {
  context: CompletionContext;
  /** The part of the word before the cursor, which the chosen item replaces. */
  range: AST.Range;
  items: CompletionItem[];
}

const priority = { local: '0', context: '1', name: '2', builtin: '3', keyword: '4' } as const;

export function complete(document: RegolaDocument, offset: number): CompletionResult {
  const tokens = document.tokens;
  const empty = (context: CompletionContext = 'none'): CompletionResult => ({ context, range: { start: offset, end: offset }, items: [] });

  // ---- where the cursor is --------------------------------------------------------------------
  let index = tokenIndexBefore(tokens, offset);
  let wordStart = offset;
  const here = tokens[index];
  if (here && offset <= here.end) {
    if (here.kind === 'comment') return empty();
    if (here.kind === 'string' && (offset < here.end || here.unterminated)) return empty();
    if (here.kind === 'identifier' || here.kind === 'keyword') { wordStart = here.start; index--; }
    else if (here.kind === 'number') return empty();
  } else if (here?.kind === 'comment' && !document.text.slice(here.end, offset).includes('\n')) {
    return empty();
  }
  const significant = (i: number) => { while (i >= 0 && tokens[i].kind === 'comment') i--; return i; };
  index = significant(index);
  const previous = tokens[index];
  const before = (n: number): ScannedToken | undefined => {
    let i = index;
    for (let k = 0; k < n && i >= 0; k++) i = significant(i - 1);
    return i >= 0 ? tokens[i] : undefined;
  };
  const range = { start: wordStart, end: offset };
  const result = (context: CompletionContext, items: CompletionItem[]): CompletionResult => ({ context, range, items: ranked(items) });
  const lineStart = !previous || document.text.slice(previous.end, wordStart).includes('\n');

  const blocks = openBlocks(tokens, index);
  const block = blocks.at(-1)?.block;
  const names = new Names(document);
  const is = (token: ScannedToken | undefined, text: string) => token?.text === text && token.kind !== 'string';
  /**
   * The ways of writing a construct whose first words are the words just before the cursor,
   * written where a construct starts: the words that may come next, and whether one of them is
   * already complete (its fixed words all written).
   */
  const startedWords = (forms: string[][]): { next: string[]; complete: boolean } => {
    const next: string[] = [];
    let complete = false;
    for (const words of forms) {
      for (let n = Math.min(words.length, index + 1); n >= 1; n--) {
        let matches = true;
        for (let k = 0; k < n && matches; k++) matches = is(before(k), words[n - 1 - k]);
        const first = before(n - 1)!;
        const preceding = before(n);
        const atStart = !preceding || is(preceding, '{') || is(preceding, '}') || document.text.slice(preceding.end, first.start).includes('\n');
        if (!matches || !atStart) continue;
        if (n < words.length) { if (!next.includes(words[n])) next.push(words[n]); } else complete = true;
        break;
      }
    }
    return { next, complete };
  };

  // ---- contexts decided by the word just before ------------------------------------------------
  if (is(previous, '.')) return result('member', names.members(memberObjectType(document, tokens, index, blocks)));
  if (is(previous, 'do')) return result('rule', names.rules());
  if (is(previous, 'mark') || is(previous, 'unmark')) return result('mark', names.marks());
  if (previous?.kind === 'keyword' && declaring.has(previous.text)) return empty();
  if (is(previous, 'else')) return result('keyword', keywords(['if']));
  // The next word of a construct written in several (`first player by rolling`, `at any time`),
  // alone where every way of going on is a word, else with the values that may follow instead.
  const holdsStatements = block === 'statements' || block === 'turns' || block === 'options';
  const started = block ? (holdsStatements ? startedWords(statementWords) : undefined) : startedWords(declarationWordLists);
  if (started?.next.length) {
    if (!started.complete || is(previous, 'choose')) return result('keyword', keywords(started.next));
    const items = names.expression(locals(document, tokens, index), undefined);
    items.push(...keywords(started.next));
    return result('expression', items);
  }

  // ---- the top level -------------------------------------------------------------------------
  if (!block) {
    const declaration = currentDeclaration(tokens, index);
    if (is(previous, 'faces') || (is(previous, ',') && declaration === 'die')) return result('face', names.symbols(priority.context));
    if (previous?.kind === 'number' && is(before(1), ':') && declaration === 'dice') return result('die', names.dieTypes());
    if (is(previous, ',') && (declaration === 'tokens' || declaration === 'dice')) return empty();
    if (previous && (previous.kind === 'operator' || previous.text === '(' || previous.text === '[' || previous.text === ',')) {
      return result('expression', names.expression(locals(document, tokens, index), undefined));
    }
    if (!previous || is(previous, '}') || (lineStart && endsExpression(previous))) return result('top-level', snippets(declarationSnippets));
    return empty();
  }

  switch (block) {
    case 'game':
      if (is(previous, 'turn')) return result('keyword', keywords(['limit']));
      if (previous?.kind === 'number' && is(before(1), 'players')) return result('keyword', keywords(['to']));
      return lineStart || is(previous, '{') ? result('game', keywords(['players', 'turn limit', 'source'])) : empty();
    case 'variant':
      if (previous && (previous.kind === 'operator' || previous.text === '(' || previous.text === '[')) return result('expression', names.expression([], undefined));
      return result('variant', names.options(priority.context));
    case 'options':
      // Between clauses, another clause; in a clause's `if …`, a condition.
      if (!previous || is(previous, '{') || is(previous, '}') || (lineStart && endsExpression(previous))) return result('options', snippets([optionClauseSnippet]));
      return result('expression', names.expression(locals(document, tokens, index), elementContext(document, tokens, index)));
    case 'roles': {
      // A role is `Name when … public goal … cite "…"`: after a finished part comes its next keyword.
      if (!previous || endsExpression(previous) || is(previous, '{')) {
        return result('roles', keywords(['goal', 'when', 'cite', 'public', 'secret', 'and', 'or']));
      }
      return result('expression', names.expression([], roleCondition(tokens, index) === 'goal' ? 'player' : undefined));
    }
  }

  // ---- statements ----------------------------------------------------------------------------
  const atStatement = !previous || is(previous, '{') || is(previous, '}') || (lineStart && endsExpression(previous));
  if (atStatement) {
    const items = snippets(block === 'turns' ? [...statementSnippets, ...turnsSnippets] : statementSnippets);
    if (is(previous, '}')) items.push(...snippets([elseSnippet], priority.context));
    return result('statement', items);
  }
  const scope = locals(document, tokens, index);
  const element = elementContext(document, tokens, index);
  const items = names.expression(scope, element);
  if (is(previous, 'roll') || is(previous, 'rolling') || is(previous, 'on')) {
    for (const item of items) if (item.kind === 'dice') item.sortText = priority.context + item.label;
  }
  if (previous && endsExpression(previous)) items.push(...keywords(followersOfExpression(tokens, index)));
  return result('expression', items);
}

// ---- items -----------------------------------------------------------------------------------------

/** By rank (locals, then the names the context asks for, …), each rank in the order of the file. */
function ranked(items: CompletionItem[]): CompletionItem[] {
  const sorted = items.map((item, position) => ({ item, position }))
    .sort((a, b) => a.item.sortText[0].localeCompare(b.item.sortText[0]) || a.position - b.position)
    .map(({ item }) => item);
  sorted.forEach((item, position) => { item.sortText = item.sortText[0] + String(position).padStart(4, '0'); });
  return sorted;
}

const keywords = (words: string[]): CompletionItem[] =>
  words.map((word) => ({ label: word, kind: 'keyword', insertText: word, sortText: priority.keyword + word }));

const snippets = (list: Snippet[], rank: string = priority.keyword): CompletionItem[] =>
  list.map(([label, insertText, detail]) => ({ label, kind: 'snippet', detail, insertText, snippet: true, sortText: rank + label }));

/** The names a file declares, as completion items. */
class Names {
  constructor(private readonly document: RegolaDocument) {}
  private get schema() { return this.document.analysis.schema; }

  private symbol(key: string): RegolaSymbol | undefined { return this.document.symbols.symbols.get(key); }

  private item(kind: CompletionKind, name: string, rank: string, detail?: string, documentation?: string): CompletionItem {
    return { label: name, kind, detail, documentation, insertText: writeName(name), sortText: rank + name };
  }

  rules(): CompletionItem[] {
    return [...this.schema.rules.values()].map(({ name, decl }) => {
      const params = decl.params.map((p) => p.text);
      const insertText = writeName(name) + (params.length ? `(${params.map((p, i) => `\${${i + 1}:${p}}`).join(', ')})` : '');
      return { label: name, kind: 'rule', detail: params.length ? `rule ${name}(${params.join(', ')})` : `rule ${name}`, documentation: decl.cite, insertText, snippet: true, sortText: priority.context + name };
    });
  }

  marks(): CompletionItem[] {
    return [...this.document.analysis.annotations.markBits.keys()].map((mark) => this.item('mark', mark, priority.context, 'mark on dice'));
  }

  dieTypes(): CompletionItem[] {
    return [...this.schema.dieTypes.keys()].map((name) => this.item('die', name, priority.context, 'die'));
  }

  options(rank: string): CompletionItem[] {
    return [...this.schema.options.values()].map(({ name, decl }) => this.item('option', name, rank, 'option', decl.cite));
  }

  /** Tokens and die faces. */
  symbols(rank: string): CompletionItem[] {
    return [...this.schema.symbols].map((name) => this.schema.tokens.includes(name)
      ? this.item('token', name, rank, 'token', this.schema.tokenCitations.get(name))
      : this.item('face', name, rank, 'die face'));
  }

  /** Attributes of a value: `p.Popolo`, `p.salta`, `p.role`; `d.face`, `d.value`, `d.tenuto`. */
  members(type: Type, rank: string = priority.context): CompletionItem[] {
    const items: CompletionItem[] = [];
    if (type === 'player' || type === 'unknown') {
      for (const token of this.schema.tokens) items.push(this.item('attribute', token, rank, 'how many of this token the player holds'));
      for (const [name, variable] of this.schema.playerVars) {
        const varType = this.symbol(`player-variable:${name}`)?.type ?? this.document.analysis.annotations.types.get(variable.decl.init);
        items.push(this.item('player-variable', name, rank, `player var${varType && varType !== 'unknown' ? ` · ${describeType(varType)}` : ''}`));
      }
      items.push(this.item('attribute', 'role', rank, "the player's role"));
    }
    if (type === 'die' || type === 'unknown') {
      items.push(this.item('attribute', 'face', rank, 'the face the die shows'));
      items.push(this.item('attribute', 'value', rank, 'the number the die shows'));
      for (const mark of this.document.analysis.annotations.markBits.keys()) items.push(this.item('mark', mark, rank, 'whether the die has this mark'));
    }
    if (type === 'card') {
      items.push(this.item('attribute', 'name', rank, "the card's name"));
      items.push(this.item('attribute', 'player', rank, 'who played the card into the shared pile it lies in (a trick), or none'));
      for (const property of this.schema.cardProperties) items.push(this.item('attribute', property, rank, 'a property of the cards'));
    }
    return items;
  }

  /** Everything a value can be written as, with the locals and (inside `where`) the element's attributes first. */
  expression(scope: { name: string; type: Type; binder: Local['binder'] }[], element: Type | undefined): CompletionItem[] {
    const items: CompletionItem[] = [];
    const taken = new Set<string>();
    const add = (item: CompletionItem) => { if (!taken.has(item.label)) { taken.add(item.label); items.push(item); } };
    for (const local of scope) {
      add(this.item(local.binder === 'parameter' ? 'parameter' : 'local', local.name, priority.local,
        `${local.binder}${local.type !== 'unknown' ? ` · ${describeType(local.type)}` : ''}`));
    }
    if (element !== undefined) {
      add({ label: 'it', kind: 'constant', detail: `the element${element !== 'unknown' ? ` (${describeType(element)})` : ''}`, insertText: 'it', sortText: priority.local + 'it' });
      for (const member of this.members(element, priority.local)) add(member);
    }
    for (const name of this.schema.globals.keys()) {
      const type = this.symbol(`variable:${name}`)?.type;
      add(this.item('variable', name, priority.name, `var${type && type !== 'unknown' ? ` · ${describeType(type)}` : ''}`));
    }
    for (const option of this.options(priority.name)) add(option);
    for (const symbol of this.symbols(priority.name)) add(symbol);
    for (const { name, item, visibility } of this.schema.roles.values()) add(this.item('role', name, priority.name, `${visibility} role`, item.cite));
    for (const name of this.schema.pools.keys()) add(this.item('dice', name, priority.name, 'dice'));
    for (const { name, decl } of this.schema.defines.values()) {
      const params = decl.params.map((p) => p.text);
      const insertText = `${name}(${params.map((p, i) => `\${${i + 1}:${p}}`).join(', ')})`;
      add({ label: name, kind: 'function', detail: `define ${name}(${params.join(', ')})`, insertText, snippet: params.length > 0, sortText: priority.name + name });
    }
    for (const [name, fn] of Object.entries(builtinFunctions)) {
      add({ label: name, kind: 'function', detail: fn.doc.split(':')[0], documentation: fn.doc, insertText: `${name}($1)`, snippet: true, sortText: priority.builtin + name });
    }
    for (const [word, documentation] of constants) {
      add({ label: word, kind: 'constant', documentation: documentation || undefined, insertText: word, sortText: priority.builtin + word });
    }
    add({ label: 'not', kind: 'keyword', insertText: 'not ', sortText: priority.keyword + 'not' });
    return items;
  }
}
