/**
 * The Regola parser: grammar rules only, building the typed AST with embedded actions.
 * One instance is created and reused (Chevrotain's self-analysis is the expensive part).
 * Error recovery is on, so one pass reports every syntax error; a rule that cannot recover
 * returns an `error` node instead of throwing.
 */
import { type IToken, type TokenType } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { LookGrammar } from './look-grammar.ts';
import { recovered } from './parser-base.ts';

const K = T.keywords;

export class RulesParser extends LookGrammar {
  constructor() {
    super();
    this.performSelfAnalysis();
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
    { ALT: () => this.SUBRULE(this.gridDecl) },
    { ALT: () => this.SUBRULE(this.piecesDecl) },
    { ALT: () => this.SUBRULE(this.thresholdsDecl) },
    { GATE: () => this.startsAnyTime(), ALT: () => this.SUBRULE(this.anyTimeDecl) },
    { GATE: () => this.startsLook(), ALT: () => this.SUBRULE(this.lookDecl) },
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
      // `length up to 300 rounds`: plain words, free as names elsewhere.
      { GATE: () => this.LA(1).image === 'length', ALT: () => {
        const word = this.CONSUME(T.Identifier);
        const up = this.CONSUME2(T.Identifier);
        this.CONSUME2(K.to);
        const limit = this.CONSUME5(T.NumberLiteral);
        const unit = this.OR2([
          { ALT: () => { const token = this.CONSUME(K.turns); return { text: 'turns', quoted: false, range: this.span(token) } as A.Name; } },
          { ALT: () => this.SUBRULE2(this.name) },
        ]);
        this.ACTION(() => {
          const misspelt = up.isInsertedInRecovery || up.image === 'up' ? [] : [{ expected: 'up', found: up.image, range: this.span(up) }];
          decl.length = { limit: this.numberNode(limit), unit, misspelt, range: this.join(this.span(word), unit.range) };
        });
      } },
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
      { ALT: () => { this.CONSUME(K.piece); return 'piece' as const; } },
    ]));
    const perPlayer = owner === 'player';
    const perTeam = owner === 'team';
    const perZone = owner === 'zone';
    const perPiece = owner === 'piece';
    this.CONSUME(K.var);
    const name = this.identifier();
    this.CONSUME(T.Equals);
    const init = this.SUBRULE(this.expression);
    const hidden = owner === 'hidden';
    return this.ACTION(() => ({ kind: 'var', perPlayer, perTeam, perZone, perPiece, hidden, name, init, range: this.join(this.span(first), init.range) }) as A.VarDecl);
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
    const products: A.CardProduct[] = [];
    this.MANY(() => this.OR([
      // `each seme in … by each valore in …`: a card for every combination (cards-grammar.ts).
      { ALT: () => { const product = this.SUBRULE(this.cardProduct); this.ACTION(() => products.push({ ...product, at: cards.length })); } },
      { ALT: () => {
        const copies = this.OPTION2(() => this.CONSUME(T.NumberLiteral));
        const card = this.SUBRULE2(this.name);
        const properties = this.OPTION3(() => this.SUBRULE(this.properties)) ?? [];
        this.ACTION(() => cards.push({ copies: copies && this.numberNode(copies), name: card, properties, range: this.join(copies ? this.span(copies) : card.range, card.range) }));
      } },
    ]));
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: 'cards', name, defaults, cards, ...(products.length ? { products } : {}), range: this.span(first, last) }) as A.CardsDecl);
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

  /** `pile Mazzo of Dotazione hidden`, `player pile Mano secret`, `team pile Prese public`. */
  private pileDecl = this.RULE('pileDecl', (): A.PileDecl => {
    const first = this.LA(1);
    const owner = this.OPTION(() => this.OR2([
      { ALT: () => { this.CONSUME(K.player); return 'player' as const; } },
      { ALT: () => { this.CONSUME(K.team); return 'team' as const; } },
    ]));
    const perPlayer = owner === 'player';
    const perTeam = owner === 'team';
    this.CONSUME(K.pile);
    const name = this.SUBRULE(this.name);
    const of = this.OPTION2(() => { this.CONSUME(K.of); return this.SUBRULE2(this.name); });
    const visibility = this.OPTION3(() => this.OR([
      { ALT: () => { this.CONSUME(K.public); return 'public' as const; } },
      { ALT: () => { this.CONSUME(K.hidden); return 'hidden' as const; } },
      { ALT: () => { this.CONSUME(K.secret); return 'secret' as const; } },
    ])) ?? (perPlayer || perTeam ? 'secret' : 'hidden');
    return this.ACTION(() => ({ kind: 'pile', perPlayer, ...(perTeam ? { perTeam } : {}), name, of, visibility, range: this.join(this.span(first), this.lastRange()) }) as A.PileDecl);
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
  public override block = this.RULE('block', (): A.Block => {
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
    { GATE: () => this.startsSelection(), ALT: () => this.SUBRULE(this.selectionStmt) },
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
    { ALT: () => this.SUBRULE(this.rotateStmt) },
    { ALT: () => this.SUBRULE(this.takeOffStmt) },
    { ALT: () => this.SUBRULE(this.simultaneousStmt) },
    { GATE: () => this.startsNextTurn(), ALT: () => this.SUBRULE(this.nextTurnStmt) },
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

  private chooseStmt = this.RULE('chooseStmt', (): A.ChooseValueStmt | A.ChooseSelectionStmt | A.ChooseOptionStmt => {
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
        return this.ACTION(() => this.templated(this.asSelection({
          kind: 'choose-value', variable, count, from, by, prompt, range: this.join(this.span(first), this.lastRange()),
        }), withValues));
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

  public override optionClause = this.RULE('optionClause', (): A.OptionClause => {
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

  /** `if … else if … else …`: the `else if` links are read in a loop (a chain of any length costs no parser stack) and nested afterwards. */
  private ifStmt = this.RULE('ifStmt', (): A.IfStmt => {
    const links: { first: IToken; condition: A.Expr; then: A.Block }[] = [];
    const first = this.CONSUME(K.if);
    const condition = this.SUBRULE(this.expression);
    const then = this.SUBRULE(this.block);
    links.push({ first, condition, then });
    this.MANY(() => {
      this.CONSUME(K.else);
      const linkFirst = this.CONSUME2(K.if);
      const linkCondition = this.SUBRULE2(this.expression);
      const linkThen = this.SUBRULE2(this.block);
      links.push({ first: linkFirst, condition: linkCondition, then: linkThen });
    });
    const otherwise = this.OPTION(() => {
      this.CONSUME2(K.else);
      return this.SUBRULE3(this.block);
    });
    return this.ACTION(() => {
      let tail: A.Block | undefined = otherwise;
      let statement!: A.IfStmt;
      for (let i = links.length - 1; i >= 0; i--) {
        const link = links[i];
        statement = { kind: 'if', condition: link.condition, then: link.then, otherwise: tail, range: this.join(this.span(link.first), (tail ?? link.then).range) } as A.IfStmt;
        tail = { statements: [statement], range: statement.range } as A.Block;
      }
      return statement;
    });
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
    const detail = this.endingDetail(3);
    return this.ACTION(() => this.templated((team
      ? { kind: 'win-team', team: player, reason, detail, range: this.join(this.span(first), this.lastRange()) }
      : { kind: 'win', player, reason, detail, range: this.join(this.span(first), this.lastRange()) }) as A.WinStmt | A.WinTeamStmt, withValues));
  });

  /** `detail "…"` after a reason (a soft word: any name elsewhere). */
  private endingDetail(optionIndex: number): A.DetailText | undefined {
    return this.option(optionIndex, {
      GATE: () => this.LA(1).image === 'detail' && this.LA(2).tokenType === T.StringLiteral,
      DEF: () => {
        const word = this.consume(optionIndex, T.Identifier);
        const text = this.text(optionIndex);
        const withValues = this.textWithValues(true);
        return this.ACTION(() => this.templated({ kind: 'detail', text, range: this.join(this.span(word), this.lastRange()) } as A.DetailText, withValues));
      },
    });
  }

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
        const detail = this.endingDetail(2);
        return this.ACTION(() => this.templated({ kind: 'draw-game', reason, detail, range: this.join(this.span(first), this.lastRange()) } as A.DrawGameStmt, withValues));
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

}
