/**
 * The grammar of the game's components: teams, sets of cards (written out, or a product of lists:
 * cards-grammar.ts), zones, maps (regions and borders) and piles, with their properties and
 * the defaults a set gives them.
 *
 * @example
 * cards Dotazione with valore = 0 { 30 "Dimostrante" { valore 1 } }
 * pile Mazzo of Dotazione hidden
 * map Mondo { region Asia bonus 7 { Siam, India }  border Siam - India }
 */
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { DeclarationGrammar } from './declaration-grammar.ts';

const K = T.keywords;

export class ComponentGrammar extends DeclarationGrammar {
  /** `{ valore 1  fazione NoTav }` */
  protected properties = this.RULE('properties', (): A.Property[] => {
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

  protected teamsDecl = this.RULE('teamsDecl', (): A.TeamsDecl => {
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
  protected defaults = this.RULE('defaults', (): A.Property[] => {
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
  protected cardsDecl = this.RULE('cardsDecl', (): A.CardsDecl => {
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
  protected zonesDecl = this.RULE('zonesDecl', (): A.ZonesDecl => {
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
  protected zoneItems = this.RULE('zoneItems', (): A.ZoneItem[] => {
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
  protected mapDecl = this.RULE('mapDecl', (): A.MapDecl => {
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
  protected pileDecl = this.RULE('pileDecl', (): A.PileDecl => {
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
    // `refill from Scarti` ('refill' is a plain name).
    const refill = this.OPTION4({
      GATE: () => this.LA(1).image === 'refill' && this.LA(2).tokenType === K.from,
      DEF: () => { this.CONSUME(T.Identifier); this.CONSUME(K.from); return this.SUBRULE3(this.name); },
    });
    // `sorted by seme, forza` ('sorted' is a plain name): the order views show the pile in.
    const sortedBy = this.OPTION5({
      GATE: () => this.LA(1).image === 'sorted' && this.LA(2).tokenType === K.by,
      DEF: () => {
        this.CONSUME2(T.Identifier);
        this.CONSUME(K.by);
        const keys = [this.SUBRULE4(this.name)];
        this.MANY(() => { this.CONSUME(T.Comma); keys.push(this.SUBRULE5(this.name)); });
        return keys;
      },
    });
    return this.ACTION(() => ({
      kind: 'pile', perPlayer, ...(perTeam ? { perTeam } : {}), name, of, visibility, ...(refill ? { refill } : {}), ...(sortedBy ? { sortedBy } : {}),
      range: this.join(this.span(first), this.lastRange()),
    }) as A.PileDecl);
  });
}
