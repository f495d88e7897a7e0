/**
 * Chevrotain's self-analysis (recording every rule of the grammar, then computing the lookahead
 * paths of every choice) was most of a cold start of `regola`, at each start, for a grammar that
 * is the same in every run. The CLI's build computes the lookahead paths once
 * (`grammarTables`, called by scripts/build-cli.mjs) and the bundle hands them over at start-up
 * (`useGrammarTables`); the parser then only makes its lookahead functions from them
 * (`restoreAnalysis`), the way Chevrotain's LL(k) strategy makes them from the paths it computes.
 *
 * What only error messages and error recovery read (the recorded grammar, the follow sets) comes
 * from a parser analysed in full, made the first time either is read: a file with a syntax error
 * pays the old start-up, a clean file does not. Tables that do not fit the grammar (a rule or a
 * token missing, another Chevrotain) are not used: the parser then analyses itself as before.
 * The tests and the dev server never register tables.
 */
import { EOF, GAstVisitor, getLookaheadPaths, Lexer, VERSION, type Alternation, type IToken, type IProduction, type Rule, type TokenType } from 'chevrotain';
import { allTokens } from './tokens.ts';

/** The lookahead paths of every choice of the grammar, tokens by name (JSON). */
export interface GrammarTables {
  chevrotain: string;
  rules: string[];
  tokens: string[];
  /** [lookahead key, kind, has predicates (0/1), uses token categories (0/1), paths: alternatives → paths → token indices]. */
  choices: [number, Kind, number, number, number[][][]][];
  /**
   * What comes after each repetition, which Chevrotain reads at the end of every repetition, errors
   * or not: [key, token index (-1 none, -2 end of file), its occurrence (-1 none), end of rule (1/0, -1 unknown)].
   */
  afterRepetitions: [number, number, number, number][];
}

type Kind = 'Alternation' | 'Option' | 'Repetition' | 'RepetitionMandatory' | 'RepetitionMandatoryWithSeparator' | 'RepetitionWithSeparator';

/** Chevrotain's lookahead keys: occurrence | method | rule (chevrotain/lib/src/parse/grammar/keys.js). */
const methodBits: Record<Kind, number> = {
  Alternation: 1 << 8, Option: 2 << 8, Repetition: 3 << 8, RepetitionMandatory: 4 << 8,
  RepetitionWithSeparator: 5 << 8, RepetitionMandatoryWithSeparator: 6 << 8,
};

/** The parser's fields this module reads and sets (Chevrotain's, not in its typings). */
interface Internals {
  definedRulesNames: string[];
  fullRuleNameToShort: Record<string, number>;
  gastProductionsCache: Record<string, Rule>;
  lookAheadFuncsCache: Map<number, (this: Internals, alternatives?: unknown) => unknown>;
  maxLookahead: number;
  selfAnalysisDone: boolean;
  firstAfterRepMap: Record<number, AfterRepetition>;
  LA_FAST(i: number): { tokenTypeIdx: number };
}

type Production = IProduction & { idx: number; maxLookahead?: number };
interface AfterRepetition { token: TokenType | undefined; occurrence: number | undefined; isEndOfRule: boolean | undefined }
/** Chevrotain's walkers that find what follows a repetition (not exported: taken from a parse, see `grammarTables`). */
type Walker = new (rule: Rule, occurrence: number) => { startWalking(): AfterRepetition };
const repetitionKinds: Partial<Record<number, Kind>> = {
  [methodBits.Repetition]: 'Repetition', [methodBits.RepetitionMandatory]: 'RepetitionMandatory',
  [methodBits.RepetitionWithSeparator]: 'RepetitionWithSeparator', [methodBits.RepetitionMandatoryWithSeparator]: 'RepetitionMandatoryWithSeparator',
};

class ChoiceCollector extends GAstVisitor {
  found: [Kind, Production][] = [];
  visitNonTerminal() { /* not a choice */ }
  visitAlternative() { /* not a choice */ }
  visitTerminal() { /* not a choice */ }
  visitRule() { /* not a choice */ }
  override visitAlternation(node: Alternation) { this.found.push(['Alternation', node as unknown as Production]); }
  override visitOption(node: IProduction) { this.found.push(['Option', node as Production]); }
  override visitRepetition(node: IProduction) { this.found.push(['Repetition', node as Production]); }
  override visitRepetitionMandatory(node: IProduction) { this.found.push(['RepetitionMandatory', node as Production]); }
  override visitRepetitionMandatoryWithSeparator(node: IProduction) { this.found.push(['RepetitionMandatoryWithSeparator', node as Production]); }
  override visitRepetitionWithSeparator(node: IProduction) { this.found.push(['RepetitionWithSeparator', node as Production]); }
}

/**
 * The tables of a parser that has analysed itself (build time). Throws when they would not cover
 * every choice. The parser parses `samples` first: Chevrotain's walkers for what follows a
 * repetition are taken from its calls (a kind of repetition the samples never reach is left out of
 * the tables; a parser then asks the grammar itself, slowly, for it).
 */
export function grammarTables(parser: object, samples: string[]): GrammarTables {
  const p = parser as unknown as Internals & { attemptInRepetitionRecovery: (...args: unknown[]) => unknown; input: IToken[]; file(): unknown };
  const walkers = new Map<Kind, Walker>();
  // With recovery on, Chevrotain gives each parser this method as its own field.
  const original = p.attemptInRepetitionRecovery;
  p.attemptInRepetitionRecovery = function (this: unknown, ...args: unknown[]) {
    const kind = repetitionKinds[args[3] as number];
    if (kind) walkers.set(kind, args[5] as Walker);
    return original.apply(this, args);
  };
  try {
    const lexer = new Lexer(allTokens, { positionTracking: 'full' });
    for (const text of samples) {
      p.input = lexer.tokenize(text).tokens;
      p.file();
    }
  } finally {
    p.attemptInRepetitionRecovery = original;
  }
  const afterRepetitions: GrammarTables['afterRepetitions'] = [];
  const tokens = allTokens.map((t) => t.name);
  const tokenIndex = new Map(allTokens.map((t, i) => [t, i]));
  const choices: GrammarTables['choices'] = [];
  for (const name of p.definedRulesNames) {
    const rule = p.gastProductionsCache[name];
    const collector = new ChoiceCollector();
    rule.accept(collector);
    for (const [kind, production] of collector.found) {
      const walker = walkers.get(kind);
      if (walker) {
        const after = new walker(rule, production.idx).startWalking();
        const token = after.token === undefined ? -1 : after.token === EOF ? -2 : tokenIndex.get(after.token) ?? -1;
        if (token === -1 && after.token !== undefined) throw new Error(`grammar tables: token ${after.token.name} is not in allTokens`);
        afterRepetitions.push([production.idx | methodBits[kind] | p.fullRuleNameToShort[name], token, after.occurrence ?? -1, after.isEndOfRule === undefined ? -1 : after.isEndOfRule ? 1 : 0]);
      }
      const paths = getLookaheadPaths({ occurrence: production.idx, rule, prodType: kind, maxLookahead: production.maxLookahead || p.maxLookahead }) as TokenType[][][];
      const categories = paths.some((alternative) => alternative.some((path) => path.some((t) => (t.categoryMatches?.length ?? 0) > 0)));
      const key = production.idx | methodBits[kind] | p.fullRuleNameToShort[name];
      const hasPredicates = kind === 'Alternation' && (production as unknown as { hasPredicates?: boolean }).hasPredicates ? 1 : 0;
      // An optional production's function reads the paths inside it only (the second set is what follows it).
      const used = kind === 'Alternation' ? paths : paths.slice(0, 1);
      choices.push([key, kind, hasPredicates, categories ? 1 : 0, used.map((alternative) => alternative.map((path) => path.map((t) => {
        const index = tokenIndex.get(t);
        if (index === undefined) throw new Error(`grammar tables: token ${t.name} is not in allTokens`);
        return index;
      })))]);
    }
  }
  const keys = new Set(choices.map((c) => c[0]));
  if (keys.size !== choices.length || keys.size !== p.lookAheadFuncsCache.size || [...p.lookAheadFuncsCache.keys()].some((k) => !keys.has(k))) {
    throw new Error(`grammar tables: ${keys.size} choices found, the parser has ${p.lookAheadFuncsCache.size} lookahead functions`);
  }
  return { chevrotain: VERSION, rules: [...p.definedRulesNames], tokens, choices, afterRepetitions };
}

let tables: GrammarTables | null = null;

/** Makes parsers built from now on use `given` instead of analysing the grammar (the CLI's bundle). */
export function useGrammarTables(given: GrammarTables | null): void {
  tables = given;
}

/**
 * Gives `parser` its lookahead functions from the registered tables; false (nothing done) when
 * there are none or they do not fit. `analysed` makes a parser of the same grammar that analyses
 * itself, for the recorded grammar and the follow sets, which only syntax errors read.
 */
export function restoreAnalysis(parser: object, analysed: () => object): boolean {
  const given = tables;
  if (!given || given.chevrotain !== VERSION) return false;
  const p = parser as unknown as Internals;
  const byName = new Map(allTokens.map((t) => [t.name, t]));
  const tokens = given.tokens.map((name) => byName.get(name));
  if (tokens.some((t) => !t) || given.rules.length !== p.definedRulesNames.length || given.rules.some((name, i) => name !== p.definedRulesNames[i])) return false;
  const functions = new Map<number, Internals['lookAheadFuncsCache'] extends Map<number, infer F> ? F : never>();
  for (const [key, kind, hasPredicates, categories, paths] of given.choices) {
    const typed = paths.map((alternative) => alternative.map((path) => path.map((i) => tokens[i]!)));
    functions.set(key, kind === 'Alternation' ? alternativesFunction(typed, hasPredicates === 1, categories === 1) : optionalFunction(typed[0], categories === 1));
  }
  fastProperties(parser);
  p.selfAnalysisDone = true;
  for (const [key, f] of functions) p.lookAheadFuncsCache.set(key, f);
  for (const [key, token, occurrence, end] of given.afterRepetitions) {
    p.firstAfterRepMap[key] = { token: token === -2 ? EOF : token === -1 ? undefined : tokens[token], occurrence: occurrence === -1 ? undefined : occurrence, isEndOfRule: end === -1 ? undefined : end === 1 };
  }
  let full: Internals | null = null;
  const fullParser = (): Internals => {
    if (full) return full;
    const saved = tables;
    tables = null;
    try { full = analysed() as unknown as Internals; } finally { tables = saved; }
    return full;
  };
  Object.defineProperty(parser, 'gastProductionsCache', { configurable: true, get: () => fullParser().gastProductionsCache });
  Object.defineProperty(parser, 'resyncFollows', { configurable: true, get: () => (fullParser() as unknown as { resyncFollows: unknown }).resyncFollows });
  return true;
}

// ---- the lookahead functions, as Chevrotain 11's LL(k) strategy makes them from the paths ------
// (chevrotain/lib/src/parse/grammar/lookahead.js: buildAlternativesLookAheadFunc,
// buildSingleAlternativeLookaheadFunction; dynamic tokens are off).

type Token = { tokenTypeIdx: number };
type Matcher = (token: Token, type: TokenType) => boolean;
const plainMatcher: Matcher = (token, type) => token.tokenTypeIdx === type.tokenTypeIdx;
const categoryMatcher: Matcher = (token, type) => token.tokenTypeIdx === type.tokenTypeIdx
  || ((type as { isParent?: boolean }).isParent === true && (type as { categoryMatchesMap?: Record<number, boolean> }).categoryMatchesMap![token.tokenTypeIdx] === true);

function alternativesFunction(alternatives: TokenType[][][], hasPredicates: boolean, categories: boolean) {
  const matcher = categories ? categoryMatcher : plainMatcher;
  const count = alternatives.length;
  if (hasPredicates) {
    return function (this: Internals, orAlts?: unknown): number | undefined {
      const gates = (orAlts as { GATE?: (this: unknown) => boolean }[]).map((alt) => alt.GATE);
      for (let t = 0; t < count; t++) {
        const gate = gates[t];
        if (gate !== undefined && gate.call(this) === false) continue;
        if (anyPathMatches(this, alternatives[t], matcher)) return t;
      }
      return undefined;
    };
  }
  if (alternatives.every((alternative) => alternative.every((path) => path.length === 1))) {
    const choiceToAlt: Record<number, number> = {};
    alternatives.forEach((alternative, index) => {
      for (const type of alternative.flat()) {
        if (!Object.hasOwn(choiceToAlt, type.tokenTypeIdx!)) choiceToAlt[type.tokenTypeIdx!] = index;
        for (const extending of type.categoryMatches ?? []) if (!Object.hasOwn(choiceToAlt, extending)) choiceToAlt[extending] = index;
      }
    });
    return function (this: Internals): number | undefined { return choiceToAlt[this.LA_FAST(1).tokenTypeIdx]; };
  }
  return function (this: Internals): number | undefined {
    for (let t = 0; t < count; t++) if (anyPathMatches(this, alternatives[t], matcher)) return t;
    return undefined;
  };
}

function optionalFunction(alternative: TokenType[][], categories: boolean) {
  if (alternative.every((path) => path.length === 1)) {
    const types = alternative.flat();
    if (types.length === 1 && !(types[0].categoryMatches?.length)) {
      const expected = types[0].tokenTypeIdx;
      return function (this: Internals): boolean { return this.LA_FAST(1).tokenTypeIdx === expected; };
    }
    const accepted: boolean[] = [];
    for (const type of types) {
      accepted[type.tokenTypeIdx!] = true;
      for (const extending of type.categoryMatches ?? []) accepted[extending] = true;
    }
    return function (this: Internals): boolean { return accepted[this.LA_FAST(1).tokenTypeIdx] === true; };
  }
  const matcher = categories ? categoryMatcher : plainMatcher;
  return function (this: Internals): boolean { return anyPathMatches(this, alternative, matcher); };
}

function anyPathMatches(parser: Internals, paths: TokenType[][], matcher: Matcher): boolean {
  next: for (const path of paths) {
    for (let i = 0; i < path.length; i++) if (!matcher(parser.LA_FAST(i + 1), path[i])) continue next;
    return true;
  }
  return false;
}

/** Chevrotain's `toFastProperties`, which its self-analysis runs first (V8 keeps the parser's fields in fast mode). */
function fastProperties(object: object): void {
  function Fake() { /* a constructor whose prototype is the parser */ }
  Fake.prototype = object;
  const instance = new (Fake as unknown as new () => { bar?: unknown })();
  const access = () => typeof instance.bar;
  access();
  access();
}
