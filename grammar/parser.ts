/**
 * The Regola parser: grammar rules only, building the typed AST with embedded actions.
 * One instance is created and reused (Chevrotain's self-analysis is the expensive part).
 * Error recovery is on, so one pass reports every syntax error; a rule that cannot recover
 * returns an `error` node instead of throwing.
 */
import { EmbeddedActionsParser, EOF, type IOrAlt, type IRuleConfig, type IToken, type ParserMethod, type TokenType } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { errorMessages } from './parse-messages.ts';

const K = T.keywords;

const aggregateWords = new Set(['sum', 'max', 'min', 'lowest']);

/** What a rule that error recovery gave up on returned in place of a node (see `RULE` below). */
const recovered = (node: unknown): boolean => !node || (node as { kind?: string }).kind === 'error';

export class RulesParser extends EmbeddedActionsParser {
  constructor() {
    super(T.allTokens, { recoveryEnabled: true, maxLookahead: 3, errorMessageProvider: errorMessages });
    this.performSelfAnalysis();
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
  private readonly cachedAlternatives = new Map<string, IOrAlt<unknown>[]>();
  /** Builds the alternatives of a hot OR once (Chevrotain's advice), when they capture no local state. */
  private alternatives<T>(key: string, build: () => IOrAlt<T>[]): IOrAlt<T>[] {
    let cached = this.cachedAlternatives.get(key) as IOrAlt<T>[] | undefined;
    if (!cached) {
      cached = build();
      this.cachedAlternatives.set(key, cached as IOrAlt<unknown>[]);
    }
    return cached;
  }

  /** Source range of a token; tokens inserted by recovery have no position, so anchor them. */
  private span(first: IToken, last: IToken = first): A.Range {
    const start = Number.isFinite(first.startOffset) ? first.startOffset : 0;
    const end = Number.isFinite(last.endOffset) ? (last.endOffset as number) + 1 : start;
    return { start, end: Math.max(start, end) };
  }
  private join(a: A.Range, b: A.Range): A.Range {
    return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
  }
  private unquote(image: string): string {
    return image.length >= 2 && image.startsWith('"') ? image.slice(1, -1).replace(/\\(.)/g, '$1') : image;
  }
  private lastRange(): A.Range {
    const token = this.LA(0);
    return token ? this.span(token) : { start: 0, end: 0 };
  }
  /** A token inserted by error recovery has no digits: its value is NaN, so no number check fires on it. */
  private numberNode(token: IToken): A.NumberNode {
    return { value: token.isInsertedInRecovery || token.image === '' ? NaN : Number(token.image), range: this.span(token) };
  }

  // ---- names ---------------------------------------------------------------------------------
  public name = this.RULE('name', (): A.Name => {
    const token = this.OR(this.alternatives<IToken>('name', () => [
      { ALT: () => this.CONSUME(T.Identifier) },
      { ALT: () => this.CONSUME(T.StringLiteral) },
    ]));
    return this.ACTION(() => ({
      text: this.unquote(token.image), quoted: token.image.startsWith('"'), range: this.span(token),
    }));
  }, { recoveryValueFunc: () => ({ text: '', quoted: false, range: this.lastRange() }) });

  private identifier(): A.Name {
    const token = this.CONSUME(T.Identifier);
    return { text: token.image, quoted: false, range: this.span(token) };
  }

  /** A quoted text; `index` keeps two uses inside one grammar rule apart, as Chevrotain requires. */
  private text(index = 0): string {
    const token = this.consume(index, T.StringLiteral);
    this.lastText = token;
    return this.unquote(token.image);
  }
  private lastText: IToken | undefined;

  /** Texts that show values (`{…}`), with their statements: their parts are read once the file is parsed (parse.ts). */
  public templates: { node: A.Templated; token: IToken }[] = [];
  /** The token of the text just read, if it holds a `{`; taken right after the text, before another is read. */
  private textWithValues(read: boolean): IToken | undefined {
    return read && this.lastText?.image.includes('{') ? this.lastText : undefined;
  }
  private templated<N extends A.Templated>(node: N, token: IToken | undefined): N {
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

  // ---- file and declarations -----------------------------------------------------------------
  /** Declarations parsed so far: kept even when recovery gives up near the end of the file. */
  public collected: A.Declaration[] = [];

  public file = this.RULE('file', (): A.RulesFile => {
    const declarations: A.Declaration[] = [];
    this.MANY(() => {
      const declaration = this.SUBRULE(this.declaration);
      this.ACTION(() => { if (!recovered(declaration)) { declarations.push(declaration); this.collected.push(declaration); } });
    });
    return this.ACTION(() => ({
      declarations,
      range: { start: 0, end: declarations.length ? declarations[declarations.length - 1]?.range.end ?? 0 : 0 },
    }));
    // No file when recovery gives up at the top: parse.ts then keeps the declarations collected so far.
  }, { recoveryValueFunc: () => undefined as unknown as A.RulesFile });

  private declaration = this.RULE('declaration', (): A.Declaration => this.OR(this.alternatives<A.Declaration>('declaration', () => [
    { ALT: () => this.SUBRULE(this.gameDecl) },
    { ALT: () => this.SUBRULE(this.tokensDecl) },
    { ALT: () => this.SUBRULE(this.dieDecl) },
    { ALT: () => this.SUBRULE(this.diceDecl) },
    { ALT: () => this.SUBRULE(this.rolesDecl) },
    { ALT: () => this.SUBRULE(this.varDecl) },
    { ALT: () => this.SUBRULE(this.optionDecl) },
    { ALT: () => this.SUBRULE(this.variantDecl) },
    { ALT: () => this.SUBRULE(this.setupDecl) },
    { ALT: () => this.SUBRULE(this.turnsDecl) },
    { ALT: () => this.SUBRULE(this.ruleDecl) },
    { ALT: () => this.SUBRULE(this.teamsDecl) },
    { ALT: () => this.SUBRULE(this.cardsDecl) },
    { ALT: () => this.SUBRULE(this.pileDecl) },
    { ALT: () => this.SUBRULE(this.zonesDecl) },
    { ALT: () => this.SUBRULE(this.mapDecl) },
  ])));

  private gameDecl = this.RULE('gameDecl', (): A.GameDecl => {
    const first = this.CONSUME(K.game);
    const title = this.SUBRULE(this.name);
    const decl: Partial<A.GameDecl> = {};
    this.CONSUME(T.LBrace);
    this.MANY(() => this.OR([
      { ALT: () => {
        this.CONSUME(K.players);
        const min = this.CONSUME(T.NumberLiteral);
        // `players 2 to 7`, or a list of the counts allowed: `players 4, 6, 8`.
        const max = this.OPTION(() => { this.CONSUME(K.to); return this.CONSUME2(T.NumberLiteral); });
        const more: IToken[] = [];
        this.MANY2(() => { this.CONSUME(T.Comma); more.push(this.CONSUME4(T.NumberLiteral)); });
        this.ACTION(() => {
          decl.minPlayers = this.numberNode(min);
          decl.maxPlayers = this.numberNode(more.length ? more[more.length - 1] : max ?? min);
          if (more.length) decl.allowedPlayers = [this.numberNode(min), ...more.map((t) => this.numberNode(t))];
        });
      } },
      { ALT: () => {
        this.CONSUME(K.turn); this.CONSUME(K.limit);
        const limit = this.CONSUME3(T.NumberLiteral);
        this.ACTION(() => { decl.turnLimit = this.numberNode(limit); });
      } },
      { ALT: () => { this.CONSUME(K.source); const source = this.text(); this.ACTION(() => { decl.source = source; }); } },
    ]));
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: 'game', title, ...decl, range: this.span(first, last) }) as A.GameDecl);
  });

  private tokensDecl = this.RULE('tokensDecl', (): A.TokensDecl => {
    const first = this.CONSUME(K.tokens);
    const names = this.SUBRULE(this.nameList);
    const reserve = this.OPTION(() => { this.CONSUME(K.reserve); return this.CONSUME(T.NumberLiteral); });
    const cite = this.OPTION2(() => { this.CONSUME(K.cite); return this.text(); });
    return this.ACTION(() => ({
      kind: 'tokens', names, reserve: reserve && this.numberNode(reserve), cite,
      range: this.join(this.span(first), this.lastRange()),
    }) as A.TokensDecl);
  });

  private nameList = this.RULE('nameList', (): A.Name[] => {
    const names: A.Name[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => { names.push(this.SUBRULE(this.name)); } });
    return names.filter((n) => n && n.text);
  }, { recoveryValueFunc: () => [] });

  private dieDecl = this.RULE('dieDecl', (): A.DieDecl => {
    const first = this.CONSUME(K.die);
    const name = this.SUBRULE(this.name);
    this.CONSUME(K.faces);
    const faces: A.FaceSpec[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => { faces.push(this.SUBRULE(this.faceSpec)); } });
    return this.ACTION(() => ({ kind: 'die', name, faces: faces.filter((f) => !recovered(f)), range: this.join(this.span(first), this.lastRange()) }) as A.DieDecl);
  });

  /** `Popolo`, `4 Carica` (four faces showing Carica), `1 to 6`, or a single number. */
  private faceSpec = this.RULE('faceSpec', (): A.FaceSpec => this.OR([
    { ALT: () => {
      const name = this.SUBRULE(this.name);
      return this.ACTION(() => ({ name, range: name.range }));
    } },
    { ALT: () => {
      const number = this.CONSUME(T.NumberLiteral);
      return this.OR2([
        { ALT: () => {
          this.CONSUME(K.to);
          const upTo = this.CONSUME2(T.NumberLiteral);
          return this.ACTION(() => ({ number: this.numberNode(number), upTo: this.numberNode(upTo), range: this.span(number, upTo) }));
        } },
        { ALT: () => {
          const name = this.SUBRULE2(this.name);
          return this.ACTION(() => ({ copies: this.numberNode(number), name, range: this.join(this.span(number), name.range) }));
        } },
        { ALT: () => this.ACTION(() => ({ number: this.numberNode(number), range: this.span(number) })) },
      ]);
    } },
  ]));

  private diceDecl = this.RULE('diceDecl', (): A.DiceDecl => {
    const first = this.CONSUME(K.dice);
    const name = this.SUBRULE(this.name);
    this.CONSUME(T.Colon);
    const count = this.CONSUME(T.NumberLiteral);
    const dieType = this.SUBRULE2(this.name);
    const marks = this.OPTION(() => { this.CONSUME(K.marks); return this.SUBRULE(this.nameList); }) ?? [];
    return this.ACTION(() => ({
      kind: 'dice', name, count: this.numberNode(count), dieType, marks,
      range: this.join(this.span(first), this.lastRange()),
    }) as A.DiceDecl);
  });

  private visibility(): 'secret' | 'public' {
    return this.OR([
      { ALT: () => { this.CONSUME(K.secret); return 'secret' as const; } },
      { ALT: () => { this.CONSUME(K.public); return 'public' as const; } },
    ]);
  }

  private rolesDecl = this.RULE('rolesDecl', (): A.RolesDecl => {
    const first = this.CONSUME(K.roles);
    const visibility = this.OPTION(() => this.visibility()) ?? 'secret';
    this.CONSUME(T.LBrace);
    const roles: A.RoleItem[] = [];
    this.MANY(() => { roles.push(this.SUBRULE(this.roleItem)); });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: 'roles', visibility, roles: roles.filter((r) => !recovered(r)), range: this.span(first, last) }) as A.RolesDecl);
  });

  private roleItem = this.RULE('roleItem', (): A.RoleItem => {
    const name = this.SUBRULE(this.name);
    const when = this.OPTION(() => { this.CONSUME(K.when); return this.SUBRULE(this.expression); });
    const visibility = this.OPTION2(() => this.visibility());
    const goal = this.OPTION3(() => { this.CONSUME(K.goal); return this.SUBRULE2(this.expression); });
    const cite = this.OPTION4(() => { this.CONSUME(K.cite); return this.text(); });
    return this.ACTION(() => ({ name, when, visibility, goal, cite, range: this.join(name.range, this.lastRange()) }));
  });

  private varDecl = this.RULE('varDecl', (): A.VarDecl => {
    const first = this.LA(1);
    const owner = this.OPTION(() => this.OR([
      { ALT: () => { this.CONSUME(K.player); return 'player' as const; } },
      { ALT: () => { this.CONSUME(K.team); return 'team' as const; } },
      { ALT: () => { this.CONSUME(K.zone); return 'zone' as const; } },
      { ALT: () => { this.CONSUME(K.hidden); return 'hidden' as const; } },
    ]));
    const perPlayer = owner === 'player';
    const perTeam = owner === 'team';
    const perZone = owner === 'zone';
    this.CONSUME(K.var);
    const name = this.identifier();
    this.CONSUME(T.Equals);
    const init = this.SUBRULE(this.expression);
    const hidden = owner === 'hidden';
    return this.ACTION(() => ({ kind: 'var', perPlayer, perTeam, perZone, hidden, name, init, range: this.join(this.span(first), init.range) }) as A.VarDecl);
  });

  private optionDecl = this.RULE('optionDecl', (): A.OptionDecl => {
    const first = this.CONSUME(K.option);
    const name = this.identifier();
    this.CONSUME(T.Equals);
    const value = this.SUBRULE(this.expression);
    const cite = this.OPTION(() => { this.CONSUME(K.cite); return this.text(); });
    return this.ACTION(() => ({ kind: 'option', name, value, cite, range: this.join(this.span(first), this.lastRange()) }) as A.OptionDecl);
  });

  private variantDecl = this.RULE('variantDecl', (): A.VariantDecl => {
    const first = this.CONSUME(K.variant);
    const name = this.SUBRULE(this.name);
    this.CONSUME(T.LBrace);
    const settings: A.VariantDecl['settings'] = [];
    this.MANY(() => {
      const setting = this.identifier();
      this.CONSUME(T.Equals);
      const value = this.SUBRULE(this.expression);
      this.ACTION(() => settings.push({ name: setting, value }));
    });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: 'variant', name, settings, range: this.span(first, last) }) as A.VariantDecl);
  });

  private setupDecl = this.RULE('setupDecl', (): A.SetupDecl => {
    const first = this.CONSUME(K.setup);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'setup', body, range: this.join(this.span(first), body.range) }) as A.SetupDecl);
  });

  private turnsDecl = this.RULE('turnsDecl', (): A.TurnsDecl => {
    const first = this.CONSUME(K.turns);
    const direction = this.OPTION(() => this.OR([
      { ALT: () => { this.CONSUME(K.clockwise); return 'clockwise' as const; } },
      { ALT: () => { this.CONSUME(K.counterclockwise); return 'counterclockwise' as const; } },
    ])) ?? 'clockwise';
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'turns', direction, body, range: this.join(this.span(first), body.range) }) as A.TurnsDecl);
  });

  private ruleDecl = this.RULE('ruleDecl', (): A.RuleDecl => {
    const first = this.CONSUME(K.rule);
    const name = this.SUBRULE(this.name);
    const params: A.Name[] = [];
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP({ SEP: T.Comma, DEF: () => { params.push(this.identifier()); } });
      this.CONSUME(T.RParen);
    });
    const cite = this.OPTION2(() => { this.CONSUME(K.cite); return this.text(); });
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'rule', name, params, cite, body, range: this.join(this.span(first), body.range) }) as A.RuleDecl);
  });


  // ---- teams, cards and piles ----------------------------------------------------------------
  /** `{ valore 1  fazione NoTav }` */
  private properties = this.RULE('properties', (): A.Property[] => {
    const properties: A.Property[] = [];
    this.CONSUME(T.LBrace);
    this.MANY(() => {
      const name = this.identifier();
      const value = this.SUBRULE(this.unary);
      this.ACTION(() => properties.push({ name, value, range: this.join(name.range, value.range) }));
    });
    this.CONSUME(T.RBrace);
    return properties;
  }, { recoveryValueFunc: () => [] });

  private teamsDecl = this.RULE('teamsDecl', (): A.TeamsDecl => {
    const first = this.CONSUME(K.teams);
    this.OPTION(() => this.CONSUME(K.public));
    const alternately = this.OPTION2(() => { this.CONSUME(K.seated); this.CONSUME(K.alternately); return true; }) ?? false;
    this.CONSUME(T.LBrace);
    const teams: A.TeamItem[] = [];
    this.MANY(() => {
      const name = this.SUBRULE(this.name);
      const properties = this.OPTION3(() => this.SUBRULE(this.properties)) ?? [];
      this.ACTION(() => teams.push({ name, properties, range: name.range }));
    });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: 'teams', visibility: 'public', alternately, teams, range: this.span(first, last) }) as A.TeamsDecl);
  });

  /** `with valore = 0, fazione = none`: every property a set of cards or zones has, with its default. */
  private defaults = this.RULE('defaults', (): A.Property[] => {
    const defaults: A.Property[] = [];
    this.CONSUME(K.with);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => {
      const property = this.identifier();
      this.CONSUME(T.Equals);
      const value = this.SUBRULE(this.unary);
      this.ACTION(() => defaults.push({ name: property, value, range: this.join(property.range, value.range) }));
    } });
    return defaults;
  }, { recoveryValueFunc: () => [] });

  /** `cards Dotazione with valore = 0 { 30 "Dimostrante" { valore 1 } … }` */
  private cardsDecl = this.RULE('cardsDecl', (): A.CardsDecl => {
    const first = this.CONSUME(K.cards);
    const name = this.SUBRULE(this.name);
    const defaults = this.OPTION(() => this.SUBRULE(this.defaults)) ?? [];
    this.CONSUME(T.LBrace);
    const cards: A.CardItem[] = [];
    this.MANY(() => {
      const copies = this.OPTION2(() => this.CONSUME(T.NumberLiteral));
      const card = this.SUBRULE2(this.name);
      const properties = this.OPTION3(() => this.SUBRULE(this.properties)) ?? [];
      this.ACTION(() => cards.push({ copies: copies && this.numberNode(copies), name: card, properties, range: this.join(copies ? this.span(copies) : card.range, card.range) }));
    });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: 'cards', name, defaults, cards, range: this.span(first, last) }) as A.CardsDecl);
  });

  /** `zones Siti with margine = 1 { Presidio { margine 5 } "Posto di Blocco" }` */
  private zonesDecl = this.RULE('zonesDecl', (): A.ZonesDecl => {
    const first = this.CONSUME(K.zones);
    const name = this.SUBRULE(this.name);
    this.OPTION(() => this.CONSUME(K.public));
    const defaults = this.OPTION2(() => this.SUBRULE(this.defaults)) ?? [];
    this.CONSUME(T.LBrace);
    const zones = this.SUBRULE(this.zoneItems);
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: 'zones', name, defaults, zones, range: this.span(first, last) }) as A.ZonesDecl);
  });

  /** `NAME [{ props }]`, commas between them optional: the zones of a set, the territories of a region. */
  private zoneItems = this.RULE('zoneItems', (): A.ZoneItem[] => {
    const zones: A.ZoneItem[] = [];
    this.MANY(() => {
      const zone = this.SUBRULE(this.name);
      const properties = this.OPTION(() => this.SUBRULE(this.properties)) ?? [];
      this.OPTION2(() => this.CONSUME(T.Comma));
      this.ACTION(() => zones.push({ name: zone, properties, range: zone.range }));
    });
    return zones;
  }, { recoveryValueFunc: () => [] });

  /** `map Mondo with punti = 1 { region Asia bonus 7 { Siam, … }  border Siam - India, Cina }` */
  private mapDecl = this.RULE('mapDecl', (): A.MapDecl => {
    const first = this.CONSUME(K.map);
    const name = this.SUBRULE(this.name);
    const defaults = this.OPTION(() => this.SUBRULE(this.defaults)) ?? [];
    this.CONSUME(T.LBrace);
    const regions: A.RegionItem[] = [];
    const borders: A.BorderItem[] = [];
    this.MANY(() => this.OR([
      { ALT: () => {
        const start = this.CONSUME(K.region);
        const region = this.SUBRULE2(this.name);
        const properties: A.Property[] = [];
        this.MANY2(() => {
          const property = this.identifier();
          const value = this.SUBRULE(this.unary);
          this.ACTION(() => properties.push({ name: property, value, range: this.join(property.range, value.range) }));
        });
        this.CONSUME2(T.LBrace);
        const territories = this.SUBRULE(this.zoneItems);
        const end = this.CONSUME2(T.RBrace);
        this.ACTION(() => regions.push({ name: region, properties, territories, range: this.span(start, end) }));
      } },
      { ALT: () => {
        const start = this.CONSUME(K.border);
        const from = this.SUBRULE3(this.name);
        this.CONSUME(T.Minus);
        const to: A.Name[] = [];
        this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => { const n = this.SUBRULE4(this.name); this.ACTION(() => to.push(n)); } });
        this.ACTION(() => borders.push({ from, to, range: this.join(this.span(start), to[to.length - 1]?.range ?? from.range) }));
      } },
    ]));
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: 'map', name, defaults, regions, borders, range: this.span(first, last) }) as A.MapDecl);
  });

  /** `pile Mazzo of Dotazione hidden`, `player pile Mano secret`. */
  private pileDecl = this.RULE('pileDecl', (): A.PileDecl => {
    const first = this.LA(1);
    const perPlayer = this.OPTION(() => { this.CONSUME(K.player); return true; }) ?? false;
    this.CONSUME(K.pile);
    const name = this.SUBRULE(this.name);
    const of = this.OPTION2(() => { this.CONSUME(K.of); return this.SUBRULE2(this.name); });
    const visibility = this.OPTION3(() => this.OR([
      { ALT: () => { this.CONSUME(K.public); return 'public' as const; } },
      { ALT: () => { this.CONSUME(K.hidden); return 'hidden' as const; } },
      { ALT: () => { this.CONSUME(K.secret); return 'secret' as const; } },
    ])) ?? (perPlayer ? 'secret' : 'hidden');
    return this.ACTION(() => ({ kind: 'pile', perPlayer, name, of, visibility, range: this.join(this.span(first), this.lastRange()) }) as A.PileDecl);
  });

  private shuffleStmt = this.RULE('shuffleStmt', (): A.ShuffleStmt => {
    const first = this.CONSUME(K.shuffle);
    const pile = this.SUBRULE(this.postfix);
    return this.ACTION(() => ({ kind: 'shuffle', pile, range: this.join(this.span(first), pile.range) }) as A.ShuffleStmt);
  });

  /** `move c to Scarti`, `move c to Sorprese face down` ('face down' are plain words). */
  private moveStmt = this.RULE('moveStmt', (): A.MoveCardsStmt => {
    const first = this.CONSUME(K.move);
    const cards = this.SUBRULE(this.expression);
    this.CONSUME(K.to);
    const to = this.SUBRULE(this.postfix);
    const faceDown = this.OPTION({
      GATE: () => this.LA(1).image === 'face' && this.LA(2).image === 'down',
      DEF: () => { this.CONSUME(T.Identifier); this.CONSUME2(T.Identifier); return true; },
    }) ?? false;
    return this.ACTION(() => ({ kind: 'move-cards', cards, to, faceDown, range: this.join(this.span(first), this.lastRange()) }) as A.MoveCardsStmt);
  });

  private revealStmt = this.RULE('revealStmt', (): A.RevealStmt => {
    const first = this.CONSUME(K.reveal);
    const cards = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'reveal', cards, range: this.join(this.span(first), cards.range) }) as A.RevealStmt);
  });

  // ---- statements ----------------------------------------------------------------------------
  public block = this.RULE('block', (): A.Block => {
    const first = this.CONSUME(T.LBrace);
    const statements: A.Statement[] = [];
    this.MANY(() => { statements.push(this.SUBRULE(this.statement)); });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ statements: statements.filter(Boolean), range: this.span(first, last) }));
  }, { recoveryValueFunc: () => ({ statements: [], range: this.lastRange() }) });

  private statement = this.RULE('statement', (): A.Statement => this.OR(this.alternatives<A.Statement>('statement', () => [
    { ALT: () => this.SUBRULE(this.phaseStmt) },
    { ALT: () => this.SUBRULE(this.letStmt) },
    { ALT: () => this.SUBRULE(this.setStmt) },
    { ALT: () => this.SUBRULE(this.gainStmt) },
    { ALT: () => this.SUBRULE(this.discardStmt) },
    { ALT: () => this.SUBRULE(this.stealStmt) },
    { ALT: () => this.SUBRULE(this.rollStmt) },
    { ALT: () => this.SUBRULE(this.markStmt) },
    { ALT: () => this.SUBRULE(this.chooseStmt) },
    { ALT: () => this.SUBRULE(this.ifStmt) },
    { ALT: () => this.SUBRULE(this.forEachStmt) },
    { ALT: () => this.SUBRULE(this.whileStmt) },
    { ALT: () => this.SUBRULE(this.repeatStmt) },
    { ALT: () => this.SUBRULE(this.doStmt) },
    { ALT: () => this.SUBRULE(this.winStmt) },
    { ALT: () => this.SUBRULE(this.eliminateStmt) },
    { ALT: () => this.SUBRULE(this.endStmt) },
    { ALT: () => this.SUBRULE(this.textStmt) },
    { ALT: () => this.SUBRULE(this.dealStmt) },
    { ALT: () => this.SUBRULE(this.drawRoleStmt) },
    { ALT: () => this.SUBRULE(this.firstPlayerStmt) },
    { ALT: () => this.SUBRULE(this.shuffleStmt) },
    { ALT: () => this.SUBRULE(this.moveStmt) },
    { ALT: () => this.SUBRULE(this.revealStmt) },
  ])), { recoveryValueFunc: () => ({ kind: 'error' as const, range: this.lastRange() }) });

  private phaseStmt = this.RULE('phaseStmt', (): A.PhaseStmt => {
    const first = this.CONSUME(K.phase);
    const name = this.SUBRULE(this.name);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'phase', name, body, range: this.join(this.span(first), body.range) }) as A.PhaseStmt);
  });

  private letStmt = this.RULE('letStmt', (): A.LetStmt => {
    const first = this.CONSUME(K.let);
    const name = this.identifier();
    this.CONSUME(T.Equals);
    const value = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'let', name, value, range: this.join(this.span(first), value.range) }) as A.LetStmt);
  });

  private setStmt = this.RULE('setStmt', (): A.SetStmt => {
    const first = this.CONSUME(K.set);
    const target = this.SUBRULE(this.postfix);
    this.CONSUME(T.Equals);
    const value = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'set', target, value, range: this.join(this.span(first), value.range) }) as A.SetStmt);
  });

  private optionalPlayer(keyword: TokenType): A.Expr | undefined {
    return this.OPTION9(() => { this.CONSUME9(keyword); return this.SUBRULE9(this.expression); });
  }

  private gainStmt = this.RULE('gainStmt', (): A.GainStmt => {
    const first = this.CONSUME(K.gain);
    const amount = this.SUBRULE(this.additive);
    const symbol = this.SUBRULE(this.postfix);
    const player = this.optionalPlayer(K.to);
    return this.ACTION(() => ({ kind: 'gain', amount, symbol, player, range: this.join(this.span(first), this.lastRange()) }) as A.GainStmt);
  });

  private discardStmt = this.RULE('discardStmt', (): A.DiscardStmt | A.DiscardRoleStmt => {
    const first = this.CONSUME(K.discard);
    return this.OR([
      { ALT: () => {
        this.CONSUME(K.role); this.CONSUME(K.of);
        const player = this.SUBRULE(this.expression);
        return this.ACTION(() => ({ kind: 'discard-role', player, range: this.join(this.span(first), player.range) }) as A.DiscardRoleStmt);
      } },
      { ALT: () => {
        const all = this.OPTION(() => { this.CONSUME(K.all); return true; }) ?? false;
        const amount = this.OPTION2({ GATE: () => !all, DEF: () => this.SUBRULE(this.additive) });
        const symbol = this.SUBRULE(this.postfix);
        const player = this.optionalPlayer(K.from);
        return this.ACTION(() => ({ kind: 'discard', amount, all, symbol, player, range: this.join(this.span(first), this.lastRange()) }) as A.DiscardStmt);
      } },
    ]);
  });

  private stealStmt = this.RULE('stealStmt', (): A.StealStmt => {
    const first = this.CONSUME(K.steal);
    const amount = this.SUBRULE(this.additive);
    const symbol = this.SUBRULE(this.postfix);
    this.CONSUME(K.from);
    const victim = this.SUBRULE(this.expression);
    const player = this.optionalPlayer(K.to);
    return this.ACTION(() => ({ kind: 'steal', amount, symbol, victim, player, range: this.join(this.span(first), this.lastRange()) }) as A.StealStmt);
  });

  private rollStmt = this.RULE('rollStmt', (): A.RollStmt => {
    const first = this.CONSUME(K.roll);
    const dice = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'roll', dice, range: this.join(this.span(first), dice.range) }) as A.RollStmt);
  });

  /** `mark tenuto on d`, `unmark tenuto on Dadi`. */
  private markStmt = this.RULE('markStmt', (): A.MarkStmt => {
    const first = this.LA(1);
    const on = this.OR([
      { ALT: () => { this.CONSUME(K.mark); return true; } },
      { ALT: () => { this.CONSUME(K.unmark); return false; } },
    ]);
    const mark = this.SUBRULE(this.name);
    this.CONSUME(K.on);
    const dice = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'mark', on, mark, dice, range: this.join(this.span(first), dice.range) }) as A.MarkStmt);
  });

  private chooseStmt = this.RULE('chooseStmt', (): A.ChooseValueStmt | A.ChooseOptionStmt => {
    const first = this.CONSUME(K.choose);
    return this.OR([
      { ALT: () => {
        const countToken = this.OPTION(() => this.CONSUME(T.NumberLiteral));
        const count = countToken && ({ kind: 'number', value: Number(countToken.image), range: this.span(countToken) } as A.Expr);
        const variable = this.identifier();
        this.CONSUME(K.from);
        const from = this.SUBRULE(this.expression);
        const by = this.OPTION2(() => { this.CONSUME(K.by); return this.SUBRULE2(this.expression); });
        const prompt = this.OPTION3(() => { this.CONSUME(K.prompt); return this.text(); });
        const withValues = this.textWithValues(prompt !== undefined);
        return this.ACTION(() => this.templated({
          kind: 'choose-value', variable, count, from, by, prompt, range: this.join(this.span(first), this.lastRange()),
        } as A.ChooseValueStmt, withValues));
      } },
      { ALT: () => {
        const by = this.OPTION4(() => { this.CONSUME2(K.by); return this.SUBRULE3(this.expression); });
        const prompt = this.OPTION5(() => { this.CONSUME2(K.prompt); return this.text(1); });
        const withValues = this.textWithValues(prompt !== undefined);
        this.CONSUME(T.LBrace);
        const options: A.OptionClause[] = [];
        this.AT_LEAST_ONE(() => { options.push(this.SUBRULE(this.optionClause)); });
        const last = this.CONSUME(T.RBrace);
        return this.ACTION(() => this.templated({
          kind: 'choose-option', by, prompt, options: options.filter((o) => !recovered(o)), range: this.span(first, last),
        } as A.ChooseOptionStmt, withValues));
      } },
    ]);
  });

  private optionClause = this.RULE('optionClause', (): A.OptionClause => {
    const first = this.CONSUME(K.option);
    const labelToken = this.LA(1);
    const label = this.text();
    const condition = this.OPTION(() => {
      this.OR([{ ALT: () => this.CONSUME(K.if) }, { ALT: () => this.CONSUME(K.when) }]);
      return this.SUBRULE(this.expression);
    });
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ label, labelRange: this.span(labelToken), condition, body, range: this.join(this.span(first), body.range) }));
  });

  private ifStmt = this.RULE('ifStmt', (): A.IfStmt => {
    const first = this.CONSUME(K.if);
    const condition = this.SUBRULE(this.expression);
    const then = this.SUBRULE(this.block);
    const otherwise = this.OPTION(() => {
      this.CONSUME(K.else);
      return this.OR([
        { ALT: () => {
          const nested = this.SUBRULE(this.ifStmt);
          return this.ACTION(() => ({ statements: [nested], range: nested.range }));
        } },
        { ALT: () => this.SUBRULE2(this.block) },
      ]);
    });
    return this.ACTION(() => ({
      kind: 'if', condition, then, otherwise, range: this.join(this.span(first), (otherwise ?? then).range),
    }) as A.IfStmt);
  });

  private forEachStmt = this.RULE('forEachStmt', (): A.ForEachStmt => {
    const first = this.CONSUME(K.for);
    this.CONSUME(K.each);
    const variable = this.identifier();
    this.CONSUME(K.in);
    const list = this.SUBRULE(this.expression);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'for-each', variable, list, body, range: this.join(this.span(first), body.range) }) as A.ForEachStmt);
  });

  private whileStmt = this.RULE('whileStmt', (): A.WhileStmt => {
    const first = this.CONSUME(K.while);
    const condition = this.SUBRULE(this.expression);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'while', condition, body, range: this.join(this.span(first), body.range) }) as A.WhileStmt);
  });

  private repeatStmt = this.RULE('repeatStmt', (): A.RepeatStmt => {
    const first = this.CONSUME(K.repeat);
    const times = this.SUBRULE(this.additive);
    this.CONSUME(K.times);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'repeat', times, body, range: this.join(this.span(first), body.range) }) as A.RepeatStmt);
  });

  private doStmt = this.RULE('doStmt', (): A.DoStmt => {
    const first = this.CONSUME(K.do);
    const rule = this.SUBRULE(this.name);
    const args: A.Expr[] = [];
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP({ SEP: T.Comma, DEF: () => { args.push(this.SUBRULE(this.expression)); } });
      this.CONSUME(T.RParen);
    });
    return this.ACTION(() => ({ kind: 'do', rule, args, range: this.join(this.span(first), this.lastRange()) }) as A.DoStmt);
  });

  private winStmt = this.RULE('winStmt', (): A.WinStmt | A.WinTeamStmt => {
    const first = this.CONSUME(K.win);
    const team = this.OPTION(() => { this.CONSUME(K.team); return true; }) ?? false;
    const player = this.SUBRULE(this.postfix);
    const reason = this.OPTION2(() => this.text());
    const withValues = this.textWithValues(reason !== undefined);
    return this.ACTION(() => this.templated((team
      ? { kind: 'win-team', team: player, reason, range: this.join(this.span(first), this.lastRange()) }
      : { kind: 'win', player, reason, range: this.join(this.span(first), this.lastRange()) }) as A.WinStmt | A.WinTeamStmt, withValues));
  });

  private eliminateStmt = this.RULE('eliminateStmt', (): A.EliminateStmt => {
    const first = this.CONSUME(K.eliminate);
    const player = this.SUBRULE(this.postfix);
    const reason = this.OPTION(() => this.text());
    const withValues = this.textWithValues(reason !== undefined);
    return this.ACTION(() => this.templated({ kind: 'eliminate', player, reason, range: this.join(this.span(first), this.lastRange()) } as A.EliminateStmt, withValues));
  });

  /** `end turn`, or `end game "reason"` (a draw). */
  private endStmt = this.RULE('endStmt', (): A.EndTurnStmt | A.DrawGameStmt => {
    const first = this.CONSUME(K.end);
    return this.OR([
      { ALT: () => {
        const last = this.CONSUME(K.turn);
        return this.ACTION(() => ({ kind: 'end-turn', range: this.span(first, last) }) as A.EndTurnStmt);
      } },
      { ALT: () => {
        this.CONSUME(K.game);
        const reason = this.OPTION(() => this.text());
        const withValues = this.textWithValues(reason !== undefined);
        return this.ACTION(() => this.templated({ kind: 'draw-game', reason, range: this.join(this.span(first), this.lastRange()) } as A.DrawGameStmt, withValues));
      } },
    ]);
  });

  /** `log "text"` and `cite "rulebook sentence"`. */
  private textStmt = this.RULE('textStmt', (): A.LogStmt | A.CiteStmt => {
    const first = this.LA(1);
    const kind = this.OR([
      { ALT: () => { this.CONSUME(K.log); return 'log' as const; } },
      { ALT: () => { this.CONSUME(K.cite); return 'cite' as const; } },
    ]);
    const text = this.text();
    const withValues = this.textWithValues(kind === 'log');
    return this.ACTION(() => {
      const node = { kind, text, range: this.join(this.span(first), this.lastRange()) } as A.LogStmt | A.CiteStmt;
      if (node.kind === 'log') this.templated(node, withValues);
      return node;
    });
  });

  private dealStmt = this.RULE('dealStmt', (): A.DealRolesStmt => {
    const first = this.CONSUME(K.deal);
    const last = this.CONSUME(K.roles);
    return this.ACTION(() => ({ kind: 'deal-roles', range: this.span(first, last) }) as A.DealRolesStmt);
  });

  /** `draw role for p`, or `draw 6 from Mazzo to p.Mano`. */
  private drawRoleStmt = this.RULE('drawRoleStmt', (): A.DrawRoleStmt | A.DrawCardsStmt => {
    const first = this.CONSUME(K.draw);
    return this.OR([
      { ALT: () => {
        this.CONSUME(K.role);
        this.CONSUME(K.for);
        const player = this.SUBRULE(this.expression);
        return this.ACTION(() => ({ kind: 'draw-role', player, range: this.join(this.span(first), player.range) }) as A.DrawRoleStmt);
      } },
      { ALT: () => {
        const count = this.SUBRULE(this.additive);
        this.CONSUME(K.from);
        const from = this.SUBRULE(this.postfix);
        this.CONSUME(K.to);
        const to = this.SUBRULE2(this.postfix);
        return this.ACTION(() => ({ kind: 'draw-cards', count, from, to, range: this.join(this.span(first), to.range) }) as A.DrawCardsStmt);
      } },
    ]);
  });

  /** `first player by rolling Dadi highest count(Dadi where face == Vino)`; ties roll again. */
  private firstPlayerStmt = this.RULE('firstPlayerStmt', (): A.FirstPlayerStmt => {
    const first = this.CONSUME(K.first);
    this.CONSUME(K.player); this.CONSUME(K.by); this.CONSUME(K.rolling);
    const dice = this.SUBRULE(this.postfix);
    this.CONSUME(K.highest);
    const score = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'first-player', dice, score, range: this.join(this.span(first), score.range) }) as A.FirstPlayerStmt);
  });

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
  private binaryChain(operand: () => A.Expr, nextOperand: () => A.Expr, operators: [TokenType, A.BinaryOperator][]): A.Expr {
    let left = operand();
    this.MANY(() => {
      const operator = this.OR(this.alternatives(operators.map(([, op]) => op).join(' '),
        () => operators.map(([token, op]) => ({ ALT: () => { this.CONSUME(token); return op; } }))));
      const right = nextOperand();
      this.ACTION(() => { left = { kind: 'binary', operator, left, right, range: this.join(left.range, right.range) }; });
    });
    return left;
  }

  private orExpr = this.RULE('orExpr', (): A.Expr =>
    this.binaryChain(() => this.SUBRULE(this.andExpr), () => this.SUBRULE2(this.andExpr), [[K.or, 'or']]));

  private andExpr = this.RULE('andExpr', (): A.Expr =>
    this.binaryChain(() => this.SUBRULE(this.notExpr), () => this.SUBRULE2(this.notExpr), [[K.and, 'and']]));

  private notExpr = this.RULE('notExpr', (): A.Expr => this.OR(this.alternatives<A.Expr>('notExpr', () => [
    { ALT: () => {
      const first = this.CONSUME(K.not);
      const operand = this.SUBRULE(this.notExpr);
      return this.ACTION(() => ({ kind: 'unary', operator: 'not', operand, range: this.join(this.span(first), operand.range) }) as A.Expr);
    } },
    { ALT: () => this.SUBRULE(this.comparison) },
  ])));

  private comparison = this.RULE('comparison', (): A.Expr => {
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

  private multiplicative = this.RULE('multiplicative', (): A.Expr =>
    this.binaryChain(() => this.SUBRULE(this.unary), () => this.SUBRULE2(this.unary), [[T.Star, '*'], [T.Slash, '/']]));

  private unary = this.RULE('unary', (): A.Expr => this.OR(this.alternatives<A.Expr>('unary', () => [
    { ALT: () => {
      const first = this.CONSUME(T.Minus);
      const operand = this.SUBRULE(this.unary);
      return this.ACTION(() => ({ kind: 'unary', operator: '-', operand, range: this.join(this.span(first), operand.range) }) as A.Expr);
    } },
    { ALT: () => this.SUBRULE(this.postfix) },
  ])));

  /** `of LIST by SCORE`: the rest of `sum of …`, `max of …`, `min of …`, `highest of …`, `lowest of …`. */
  private aggregateTail = this.RULE('aggregateTail', (): { list: A.Expr; score: A.Expr } => {
    this.CONSUME(K.of);
    const list = this.SUBRULE(this.postfix);
    this.CONSUME(K.by);
    const score = this.SUBRULE(this.additive);
    return { list, score };
  }, { recoveryValueFunc: () => ({ list: { kind: 'error' as const, range: this.lastRange() }, score: { kind: 'error' as const, range: this.lastRange() } }) });

  public postfix = this.RULE('postfix', (): A.Expr => {
    let object = this.SUBRULE(this.primary);
    this.MANY(() => {
      this.CONSUME(T.Dot);
      const token = this.OR(this.alternatives<IToken>('property', () => [{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(K.role) }, { ALT: () => this.CONSUME(K.team) }, { ALT: () => this.CONSUME(K.region) }]));
      this.ACTION(() => {
        const property: A.Name = { text: token.image, quoted: false, range: this.span(token) };
        object = { kind: 'member', object, property, range: this.join(object.range, property.range) };
      });
    });
    return object;
  }, { recoveryValueFunc: () => ({ kind: 'error' as const, range: this.lastRange() }) });

  private primary = this.RULE('primary', (): A.Expr => this.OR(this.alternatives<A.Expr>('primary', () => [
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
    // `region` is a keyword of maps, and also a territory's attribute inside where: `Mondo where region == Asia`.
    { ALT: () => { const t = this.CONSUME(K.region); return this.ACTION(() => ({ kind: 'name', name: 'region', range: this.span(t) }) as A.Expr); } },
    // `sum of L by S`, `max of …`, `min of …`, `lowest of …`: words that are also names (sum(…), max(…)), told apart by `of`.
    { GATE: () => aggregateWords.has(this.LA(1).image) && this.LA(2).tokenType === K.of, ALT: () => {
      const first = this.CONSUME2(T.Identifier);
      const { list, score } = this.SUBRULE(this.aggregateTail);
      return this.ACTION(() => ({ kind: 'aggregate', operator: first.image, list, score, range: this.join(this.span(first), score.range) }) as A.Expr);
    } },
    { ALT: () => {
      const first = this.CONSUME(K.highest);
      const { list, score } = this.SUBRULE2(this.aggregateTail);
      return this.ACTION(() => ({ kind: 'aggregate', operator: 'highest', list, score, range: this.join(this.span(first), score.range) }) as A.Expr);
    } },
    { ALT: () => {
      const first = this.CONSUME(K.leader);
      this.CONSUME(K.of);
      const list = this.SUBRULE4(this.postfix);
      this.CONSUME(K.by);
      const score = this.SUBRULE5(this.additive);
      const margin = this.OPTION3(() => { this.CONSUME(K.margin); return this.SUBRULE6(this.additive); });
      return this.ACTION(() => ({ kind: 'leader', list, score, margin, range: this.join(this.span(first), (margin ?? score).range) }) as A.Expr);
    } },
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
      // 'faces' is also the keyword of die declarations; as a value it is the function faces(DICE).
      const token = this.OR2([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(K.faces) }]);
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
