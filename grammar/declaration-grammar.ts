/**
 * The grammar of the declarations that describe the game and its play: `game`, `tokens`, `die`
 * and `dice`, `roles`, variables, options and variants, `setup`, `turns` and `rule`. The game's
 * components (teams, cards, zones, maps, piles) are component-grammar.ts's, which extends this
 * class; parser.ts gathers them all as the declarations of a file.
 *
 * @example
 * die D6 faces Vino, Mortadella, 2 Pane, Popolo, Carica
 * player var daPiazzare = 0
 * rule Pesca(p) cite "Chi pesca…" { draw 1 from Mazzo to p.Mano }
 */
import { type IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { StatementGrammar } from './statement-grammar.ts';
import { recovered } from './parser-base.ts';

const K = T.keywords;

export class DeclarationGrammar extends StatementGrammar {
  protected gameDecl = this.RULE('gameDecl', (): A.GameDecl => {
    const first = this.CONSUME(K.game);
    const title = this.SUBRULE(this.name);
    const decl: Partial<A.GameDecl> & A.DeclarationCites = {};
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
        // `turn limit 60`, or drawn at the start: `turn limit 60 to 80`, kept from the players with `hidden`.
        this.CONSUME(K.turn); this.CONSUME(K.limit);
        const limit = this.CONSUME3(T.NumberLiteral);
        const max = this.OPTION3(() => { this.CONSUME3(K.to); return this.CONSUME6(T.NumberLiteral); });
        const hidden = this.OPTION4(() => this.CONSUME(K.hidden));
        this.ACTION(() => {
          decl.turnLimit = this.numberNode(limit);
          if (max) decl.turnLimitMax = this.numberNode(max);
          if (hidden) decl.turnLimitHidden = true;
        });
      } },
      { ALT: () => { this.CONSUME(K.source); const source = this.text(); this.ACTION(() => { decl.source = source; }); } },
      { ALT: () => { this.CONSUME(K.cite); const cite = this.text(1); this.ACTION(() => { decl.cites = [...(decl.cites ?? []), cite]; }); } },
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

  protected tokensDecl = this.RULE('tokensDecl', (): A.TokensDecl => {
    const first = this.CONSUME(K.tokens);
    const names = this.SUBRULE(this.nameList);
    const reserve = this.OPTION(() => { this.CONSUME(K.reserve); return this.CONSUME(T.NumberLiteral); });
    const cite = this.OPTION2(() => { this.CONSUME(K.cite); return this.text(); });
    return this.ACTION(() => ({
      kind: 'tokens', names, reserve: reserve && this.numberNode(reserve), cite,
      range: this.join(this.span(first), this.lastRange()),
    }) as A.TokensDecl);
  });

  protected nameList = this.RULE('nameList', (): A.Name[] => {
    const names: A.Name[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => { names.push(this.SUBRULE(this.name)); } });
    return names.filter((n) => n && n.text);
  }, { recoveryValueFunc: () => [] });

  protected dieDecl = this.RULE('dieDecl', (): A.DieDecl => {
    const first = this.CONSUME(K.die);
    const name = this.SUBRULE(this.name);
    this.CONSUME(K.faces);
    const faces: A.FaceSpec[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => { faces.push(this.SUBRULE(this.faceSpec)); } });
    return this.ACTION(() => ({ kind: 'die', name, faces: faces.filter((f) => !recovered(f)), range: this.join(this.span(first), this.lastRange()) }) as A.DieDecl);
  });

  /** `Popolo`, `4 Carica` (four faces showing Carica), `1 to 6`, or a single number. */
  protected faceSpec = this.RULE('faceSpec', (): A.FaceSpec => this.OR([
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

  /** `dice Dadi: 5 Dado marks tenuto`; `player dice Coppa: 5 D6 hidden` (each player's own, under a cup). */
  protected diceDecl = this.RULE('diceDecl', (): A.DiceDecl => {
    const owner = this.OPTION(() => this.CONSUME(K.player));
    const word = this.CONSUME(K.dice);
    const first = owner ?? word;
    const name = this.SUBRULE(this.name);
    this.CONSUME(T.Colon);
    const count = this.CONSUME(T.NumberLiteral);
    const dieType = this.SUBRULE2(this.name);
    const marks = this.OPTION2(() => { this.CONSUME(K.marks); return this.SUBRULE(this.nameList); }) ?? [];
    // On the declaration's own line: a `hidden` starting the next line starts the next declaration (`hidden var`).
    const hidden = this.OPTION3({ GATE: () => this.LA(1).startLine === this.LA(0).endLine, DEF: () => this.CONSUME(K.hidden) });
    return this.ACTION(() => ({
      kind: 'dice', name, count: this.numberNode(count), dieType, marks,
      ...(owner ? { perPlayer: true } : {}), ...(hidden ? { hidden: true, hiddenRange: this.span(hidden) } : {}),
      range: this.join(this.span(first), this.lastRange()),
    }) as A.DiceDecl);
  });

  protected visibility(): 'secret' | 'public' {
    return this.OR([
      { ALT: () => { this.CONSUME(K.secret); return 'secret' as const; } },
      { ALT: () => { this.CONSUME(K.public); return 'public' as const; } },
    ]);
  }

  protected rolesDecl = this.RULE('rolesDecl', (): A.RolesDecl => {
    const first = this.CONSUME(K.roles);
    const visibility = this.OPTION(() => this.visibility()) ?? 'secret';
    this.CONSUME(T.LBrace);
    const roles: A.RoleItem[] = [];
    this.MANY(() => { roles.push(this.SUBRULE(this.roleItem)); });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: 'roles', visibility, roles: roles.filter((r) => !recovered(r)), range: this.span(first, last) }) as A.RolesDecl);
  });

  protected roleItem = this.RULE('roleItem', (): A.RoleItem => {
    const name = this.SUBRULE(this.name);
    const when = this.OPTION(() => { this.CONSUME(K.when); return this.SUBRULE(this.expression); });
    const visibility = this.OPTION2(() => this.visibility());
    const goal = this.OPTION3(() => { this.CONSUME(K.goal); return this.SUBRULE2(this.expression); });
    const cite = this.OPTION4(() => { this.CONSUME(K.cite); return this.text(); });
    return this.ACTION(() => ({ name, when, visibility, goal, cite, range: this.join(name.range, this.lastRange()) }));
  });

  protected varDecl = this.RULE('varDecl', (): A.VarDecl => {
    const first = this.LA(1);
    const owner = this.OPTION(() => this.OR([
      { ALT: () => { this.CONSUME(K.player); return 'player' as const; } },
      { ALT: () => { this.CONSUME(K.team); return 'team' as const; } },
      { ALT: () => { this.CONSUME(K.zone); return 'zone' as const; } },
      { ALT: () => { this.CONSUME(K.hidden); return 'hidden' as const; } },
      { ALT: () => { this.CONSUME(K.piece); return 'piece' as const; } },
      // `secret player var`: each player's value is seen by that player alone.
      { ALT: () => { this.CONSUME(K.secret); this.CONSUME2(K.player); return 'secret player' as const; } },
    ]));
    const secret = owner === 'secret player';
    const perPlayer = owner === 'player' || secret;
    const perTeam = owner === 'team';
    const perZone = owner === 'zone';
    const perPiece = owner === 'piece';
    this.CONSUME(K.var);
    const name = this.identifier();
    this.CONSUME(T.Equals);
    const init = this.SUBRULE(this.expression);
    const hidden = owner === 'hidden';
    return this.ACTION(() => ({ kind: 'var', perPlayer, perTeam, perZone, perPiece, hidden, ...(secret ? { secret } : {}), name, init, range: this.join(this.span(first), init.range) }) as A.VarDecl);
  });

  protected optionDecl = this.RULE('optionDecl', (): A.OptionDecl => {
    const first = this.CONSUME(K.option);
    const name = this.identifier();
    this.CONSUME(T.Equals);
    const value = this.SUBRULE(this.expression);
    const cite = this.OPTION(() => { this.CONSUME(K.cite); return this.text(); });
    return this.ACTION(() => ({ kind: 'option', name, value, cite, range: this.join(this.span(first), this.lastRange()) }) as A.OptionDecl);
  });

  protected variantDecl = this.RULE('variantDecl', (): A.VariantDecl => {
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

  protected setupDecl = this.RULE('setupDecl', (): A.SetupDecl => {
    const first = this.CONSUME(K.setup);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'setup', body, range: this.join(this.span(first), body.range) }) as A.SetupDecl);
  });

  protected turnsDecl = this.RULE('turnsDecl', (): A.TurnsDecl => {
    const first = this.CONSUME(K.turns);
    const direction = this.OPTION(() => this.OR([
      { ALT: () => { this.CONSUME(K.clockwise); return 'clockwise' as const; } },
      { ALT: () => { this.CONSUME(K.counterclockwise); return 'counterclockwise' as const; } },
    ])) ?? 'clockwise';
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: 'turns', direction, body, range: this.join(this.span(first), body.range) }) as A.TurnsDecl);
  });

  protected ruleDecl = this.RULE('ruleDecl', (): A.RuleDecl => {
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
}
