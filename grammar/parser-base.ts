/**
 * The part of the Regola parser every construct shares: helpers, names, texts that show values, and
 * expressions. The grammar modules of the constructs extend it, one class after another (see
 * docs/architecture.md); only the last class in the chain (parser.ts) runs Chevrotain's self-analysis.
 */
import { EmbeddedActionsParser, EOF, type IOrAlt, type IRuleConfig, type IToken, type ParserMethod, type TokenType } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { errorMessages } from './parse-messages.ts';
import { skipGrammarChecks } from './startup.ts';

const K = T.keywords;

/** What a rule that error recovery gave up on returned in place of a node (see `RULE` below). */
export const recovered = (node: unknown): boolean => !node || (node as { kind?: string }).kind === 'error';

/** Words that join the parts of a statement or a value: where one stands in place of a name, the name is missing. */
const connectives = new Set(['in', 'from', 'to', 'by', 'of', 'with', 'where', 'and', 'or', 'not', 'is', 'if', 'then', 'else', 'on', 'times', 'do', 'when', 'mod', 'true', 'false', 'none']);

/** Words of the language that are attributes too (`p.role`, `p.team`, `t.region`, `c.pieces`). */
const attributeWords = [K.role, K.player, K.team, K.region, K.pieces];

export class ExpressionParser extends EmbeddedActionsParser {
  /** Defined by the aggregate grammar (aggregate-grammar.ts), which extends this class. */
  declare protected aggregateExpr: (idx?: number) => A.Expr;
  protected startsAggregate(): boolean { return false; }
  constructor() {
    super(T.allTokens, { recoveryEnabled: true, maxLookahead: 3, errorMessageProvider: errorMessages, skipValidations: skipGrammarChecks });
  }

  /**
   * Every rule returns a node with a range, even when recovery gives up inside it: Chevrotain's
   * default is `undefined`, which a caller then reads (`left.range`) and crashes on. Lists of
   * declarations, faces, roles and options drop such placeholders (`recovered`).
   */
  protected override RULE<F extends (...args: any[]) => any>(name: string, implementation: F, config: IRuleConfig<ReturnType<F>> = {}): ParserMethod<Parameters<F>, ReturnType<F>> {
    return super.RULE(name, implementation, { recoveryValueFunc: () => ({ kind: 'error', range: this.lastRange() }) as ReturnType<F>, ...config });
  }

  // ---- helpers -------------------------------------------------------------------------------
  protected readonly cachedAlternatives = new Map<string, IOrAlt<unknown>[]>();
  /** Builds the alternatives of a hot OR once (Chevrotain's advice), when they capture no local state. */
  protected alternatives<T>(key: string, build: () => IOrAlt<T>[]): IOrAlt<T>[] {
    let cached = this.cachedAlternatives.get(key) as IOrAlt<T>[] | undefined;
    if (!cached) {
      cached = build();
      this.cachedAlternatives.set(key, cached as IOrAlt<unknown>[]);
    }
    return cached;
  }

  /** Source range of a token; tokens inserted by recovery have no position, so anchor them. */
  protected span(first: IToken, last: IToken = first): A.Range {
    const start = Number.isFinite(first.startOffset) ? first.startOffset : 0;
    const end = Number.isFinite(last.endOffset) ? (last.endOffset as number) + 1 : start;
    return { start, end: Math.max(start, end) };
  }
  protected join(a: A.Range, b: A.Range): A.Range {
    return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
  }
  protected unquote(image: string): string {
    return image.length >= 2 && image.startsWith('"') ? image.slice(1, -1).replace(/\\(.)/g, '$1') : image;
  }
  protected lastRange(): A.Range {
    const token = this.LA(0);
    return token ? this.span(token) : { start: 0, end: 0 };
  }
  /** A token inserted by error recovery has no digits: its value is NaN, so no number check fires on it. */
  protected numberNode(token: IToken): A.NumberNode {
    return { value: token.isInsertedInRecovery || token.image === '' ? NaN : Number(token.image), range: this.span(token) };
  }

  // ---- names ---------------------------------------------------------------------------------
  /** Words of the language written where a name is wanted (`player var dice = 5`): read as names, each reported once (parse.ts). */
  public keywordNames = new Set<IToken>();

  /**
   * Just before a name is read: a word of the language there (`dice`, `turn`) is read as the name
   * it was meant to be and remembered, so the line is reported once, as a keyword used as a name,
   * and not as a cascade of what came unstuck after it. Not a word that joins the parts of a
   * statement (`for each in players` lacks its name, it does not name it `in`), nor one that
   * starts a line (more likely the next statement or declaration than a name).
   */
  protected keywordAsName(words: readonly TokenType[] = []): void {
    if (this.RECORDING_PHASE) return;
    const token = this.LA(1);
    if (!token.tokenType.name.startsWith('Kw_') || connectives.has(token.image) || words.includes(token.tokenType)) return;
    const before = this.LA(0);
    if (!before || before.endLine !== token.startLine) return;
    token.tokenType = T.Identifier;
    token.tokenTypeIdx = T.Identifier.tokenTypeIdx!;
    this.keywordNames.add(token);
  }

  public name = this.RULE('name', (): A.Name => {
    this.keywordAsName();
    const token = this.OR(this.alternatives<IToken>('name', () => [
      { ALT: () => this.CONSUME(T.Identifier) },
      { ALT: () => this.CONSUME(T.StringLiteral) },
    ]));
    return this.ACTION(() => ({
      text: this.unquote(token.image), quoted: token.image.startsWith('"'), range: this.span(token),
    }));
  }, { recoveryValueFunc: () => ({ text: '', quoted: false, range: this.lastRange() }) });

  protected identifier(): A.Name {
    this.keywordAsName();
    const token = this.CONSUME(T.Identifier);
    return { text: token.image, quoted: false, range: this.span(token) };
  }

  /** A quoted text; `index` keeps two uses inside one grammar rule apart, as Chevrotain requires. */
  protected text(index = 0): string {
    const token = this.consume(index, T.StringLiteral);
    this.lastText = token;
    return this.unquote(token.image);
  }
  protected lastText: IToken | undefined;

  /** Texts that show values (`{…}`), with their statements: their parts are read once the file is parsed (parse.ts). */
  public templates: { node: A.Templated; token: IToken }[] = [];
  /** The token of the text just read, if it holds a `{`; taken right after the text, before another is read. */
  protected textWithValues(read: boolean): IToken | undefined {
    return read && this.lastText?.image.includes('{') ? this.lastText : undefined;
  }
  protected templated<N extends A.Templated>(node: N, token: IToken | undefined): N {
    if (token) this.templates.push({ node, token });
    return node;
  }

  /** One `{…}` of a text: its tokens (already placed at their offsets in the file) read as an expression. */
  public templateExpression(tokens: IToken[]): { expression: A.Expr; errors: number; firstError?: { message: string; token: IToken }; rest?: IToken } {
    this.input = tokens;
    const expression = this.expression();
    const rest = this.LA(1).tokenType === EOF ? undefined : this.LA(1);
    const first = this.errors[0];
    return { expression, errors: this.errors.length, firstError: first && { message: first.message, token: first.token }, rest };
  }

  // ---- expressions ---------------------------------------------------------------------------
  public expression = this.RULE('expression', (): A.Expr => {
    const list = this.SUBRULE(this.orExpr);
    let element: A.Name | undefined;
    const condition = this.OPTION(() => {
      this.CONSUME(K.where);
      // `where t: …` names the element (two tokens of lookahead tell it from a condition).
      this.OPTION2({
        GATE: () => this.LA(2).tokenType === T.Colon,
        DEF: () => { element = this.identifier(); this.CONSUME(T.Colon); },
      });
      return this.SUBRULE2(this.orExpr);
    });
    return this.ACTION(() => condition
      ? { kind: 'where', list, condition, element, range: this.join(list.range, condition.range) } as A.WhereExpr
      : list);
  }, { recoveryValueFunc: () => ({ kind: 'error' as const, range: this.lastRange() }) });

  /** `operand (op operand)*`, folded to the left. */
  protected binaryChain(operand: () => A.Expr, nextOperand: () => A.Expr, operators: [TokenType, A.BinaryOperator][]): A.Expr {
    let left = operand();
    this.MANY(() => {
      const operator = this.OR(this.alternatives(operators.map(([, op]) => op).join(' '),
        () => operators.map(([token, op]) => ({ ALT: () => { this.CONSUME(token); return op; } }))));
      const right = nextOperand();
      this.ACTION(() => { left = { kind: 'binary', operator, left, right, range: this.join(left.range, right.range) }; });
    });
    return left;
  }

  protected orExpr = this.RULE('orExpr', (): A.Expr =>
    this.binaryChain(() => this.SUBRULE(this.andExpr), () => this.SUBRULE2(this.andExpr), [[K.or, 'or']]));

  protected andExpr = this.RULE('andExpr', (): A.Expr =>
    this.binaryChain(() => this.SUBRULE(this.notExpr), () => this.SUBRULE2(this.notExpr), [[K.and, 'and']]));

  /** `not not … x`: the prefixes are read in a loop (no parser stack per `not`) and applied from the inside out. */
  protected notExpr = this.RULE('notExpr', (): A.Expr => this.OR(this.alternatives<A.Expr>('notExpr', () => [
    { ALT: () => {
      const prefixes: IToken[] = [];
      this.AT_LEAST_ONE(() => { prefixes.push(this.CONSUME(K.not)); });
      const operand = this.SUBRULE(this.comparison);
      return this.ACTION(() => this.applyPrefixes(prefixes, 'not', operand));
    } },
    { ALT: () => this.SUBRULE2(this.comparison) },
  ])));

  /** Wraps `operand` in one unary node per prefix token, the last token innermost. */
  private applyPrefixes(prefixes: IToken[], operator: 'not' | '-', operand: A.Expr): A.Expr {
    let expression = operand;
    for (let i = prefixes.length - 1; i >= 0; i--) {
      expression = { kind: 'unary', operator, operand: expression, range: this.join(this.span(prefixes[i]), expression.range) } as A.Expr;
    }
    return expression;
  }

  protected comparison = this.RULE('comparison', (): A.Expr => {
    const left = this.SUBRULE(this.additive);
    const rest = this.OPTION(() => {
      const operator = this.OR(this.alternatives('comparison', () => [
        { ALT: () => { this.CONSUME(T.EqualEqual); return '==' as const; } },
        { ALT: () => { this.CONSUME(T.NotEqual); return '!=' as const; } },
        { ALT: () => { this.CONSUME(T.LessEqual); return '<=' as const; } },
        { ALT: () => { this.CONSUME(T.GreaterEqual); return '>=' as const; } },
        { ALT: () => { this.CONSUME(T.Less); return '<' as const; } },
        { ALT: () => { this.CONSUME(T.Greater); return '>' as const; } },
        { ALT: () => { this.CONSUME(K.in); return 'in' as const; } },
        { ALT: () => { this.CONSUME(K.is); return 'is' as const; } },
      ]));
      const right = this.SUBRULE2(this.additive);
      return { operator, right };
    });
    return this.ACTION(() => rest
      ? { kind: 'binary', operator: rest.operator, left, right: rest.right, range: this.join(left.range, rest.right.range) } as A.Expr
      : left);
  });

  public additive = this.RULE('additive', (): A.Expr =>
    this.binaryChain(() => this.SUBRULE(this.multiplicative), () => this.SUBRULE2(this.multiplicative), [[T.Plus, '+'], [T.Minus, '-']]),
  { recoveryValueFunc: () => ({ kind: 'error' as const, range: this.lastRange() }) });

  protected multiplicative = this.RULE('multiplicative', (): A.Expr =>
    this.binaryChain(() => this.SUBRULE(this.unary), () => this.SUBRULE2(this.unary), [[T.Star, '*'], [T.Slash, '/'], [K.mod, 'mod']]));

  /** `- - x`: read in a loop like `not`. */
  protected unary = this.RULE('unary', (): A.Expr => this.OR(this.alternatives<A.Expr>('unary', () => [
    { ALT: () => {
      const prefixes: IToken[] = [];
      this.AT_LEAST_ONE(() => { prefixes.push(this.CONSUME(T.Minus)); });
      const operand = this.SUBRULE(this.postfix);
      return this.ACTION(() => this.applyPrefixes(prefixes, '-', operand));
    } },
    { ALT: () => this.SUBRULE2(this.postfix) },
  ])));

  /**
   * `if C then A else B` where a value is written (the statement `if` starts a statement, never a
   * value, so the two do not meet). The `else` is required; B reaches as far as an expression does.
   */
  protected conditional = this.RULE('conditional', (): A.Expr => {
    const first = this.CONSUME(K.if);
    const condition = this.SUBRULE(this.expression);
    this.CONSUME(K.then);
    const then = this.SUBRULE2(this.expression);
    this.CONSUME(K.else);
    const otherwise = this.SUBRULE3(this.expression);
    return this.ACTION(() => ({ kind: 'conditional', condition, then, otherwise, range: this.join(this.span(first), otherwise.range) }) as A.Expr);
  });

  public postfix = this.RULE('postfix', (): A.Expr => {
    let object = this.SUBRULE(this.primary);
    this.MANY(() => {
      this.CONSUME(T.Dot);
      this.keywordAsName(attributeWords);
      const token = this.OR(this.alternatives<IToken>('property', () => [{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(K.role) }, { ALT: () => this.CONSUME(K.player) }, { ALT: () => this.CONSUME(K.team) }, { ALT: () => this.CONSUME(K.region) }, { ALT: () => this.CONSUME(K.pieces) }]));
      this.ACTION(() => {
        const property: A.Name = { text: token.image, quoted: false, range: this.span(token) };
        object = { kind: 'member', object, property, range: this.join(object.range, property.range) };
      });
    });
    return object;
  }, { recoveryValueFunc: () => ({ kind: 'error' as const, range: this.lastRange() }) });

  protected primary = this.RULE('primary', (): A.Expr => this.OR(this.alternatives<A.Expr>('primary', () => [
    { ALT: () => { const t = this.CONSUME(T.NumberLiteral); return this.ACTION(() => ({ kind: 'number', value: Number(t.image), range: this.span(t) }) as A.Expr); } },
    { ALT: () => { const t = this.CONSUME(T.StringLiteral); return this.ACTION(() => ({ kind: 'string', value: this.unquote(t.image), range: this.span(t) }) as A.Expr); } },
    { ALT: () => { const t = this.CONSUME(K.true); return this.ACTION(() => ({ kind: 'bool', value: true, range: this.span(t) }) as A.Expr); } },
    { ALT: () => { const t = this.CONSUME(K.false); return this.ACTION(() => ({ kind: 'bool', value: false, range: this.span(t) }) as A.Expr); } },
    { ALT: () => { const t = this.CONSUME(K.none); return this.ACTION(() => ({ kind: 'none', range: this.span(t) }) as A.Expr); } },
    { ALT: () => { const t = this.CONSUME(K.current); return this.ACTION(() => ({ kind: 'current', range: this.span(t) }) as A.Expr); } },
    { ALT: () => { const t = this.CONSUME(K.players); return this.ACTION(() => ({ kind: 'players', range: this.span(t) }) as A.Expr); } },
    { ALT: () => { const t = this.CONSUME(K.others); return this.ACTION(() => ({ kind: 'others', range: this.span(t) }) as A.Expr); } },
    { ALT: () => { const t = this.CONSUME(K.roles); return this.ACTION(() => ({ kind: 'name', name: 'roles', range: this.span(t) }) as A.Expr); } },
    { ALT: () => { const t = this.CONSUME(K.teams); return this.ACTION(() => ({ kind: 'name', name: 'teams', range: this.span(t) }) as A.Expr); } },
    // `turn`, the number of the turn being played (also a word of `end turn`, `turn limit`, `next turn to`).
    { ALT: () => { const t = this.CONSUME(K.turn); return this.ACTION(() => ({ kind: 'name', name: 'turn', range: this.span(t) }) as A.Expr); } },
    // `region` is a keyword of maps, and also a territory's attribute inside where: `Mondo where region == Asia`.
    { ALT: () => { const t = this.CONSUME(K.region); return this.ACTION(() => ({ kind: 'name', name: 'region', range: this.span(t) }) as A.Expr); } },
    // `sum of L by S`, `highest of …`, `leader of …`, `distinct seme of …` (aggregate-grammar.ts).
    { GATE: () => this.startsAggregate(), ALT: () => this.SUBRULE(this.aggregateExpr) },
    { ALT: () => this.SUBRULE(this.conditional) },
    { ALT: () => {
      const first = this.CONSUME(T.LParen);
      const inner = this.SUBRULE(this.expression);
      const last = this.CONSUME(T.RParen);
      return this.ACTION(() => ({ ...inner, range: this.span(first, last) }));
    } },
    { ALT: () => {
      const first = this.CONSUME(T.LBracket);
      const items: A.Expr[] = [];
      this.MANY_SEP({ SEP: T.Comma, DEF: () => { items.push(this.SUBRULE2(this.expression)); } });
      const last = this.CONSUME(T.RBracket);
      return this.ACTION(() => ({ kind: 'list', items, range: this.span(first, last) }) as A.Expr);
    } },
    { ALT: () => {
      // 'faces' and 'pieces' are also keywords of declarations; as values they are the functions faces(DICE), pieces(PLAYER).
      const token = this.OR2([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(K.faces) }, { ALT: () => this.CONSUME(K.pieces) }]);
      const args = this.OPTION(() => {
        this.CONSUME2(T.LParen);
        const list: A.Expr[] = [];
        this.MANY_SEP2({ SEP: T.Comma, DEF: () => { list.push(this.SUBRULE3(this.expression)); } });
        this.CONSUME2(T.RParen);
        return list;
      });
      return this.ACTION(() => {
        const range = this.span(token);
        if (!args) return { kind: 'name', name: token.image, range } as A.Expr;
        return { kind: 'call', callee: { text: token.image, quoted: false, range }, args, range: this.join(range, this.lastRange()) } as A.Expr;
      });
    } },
  ])), { recoveryValueFunc: () => ({ kind: 'error' as const, range: this.lastRange() }) });
}
