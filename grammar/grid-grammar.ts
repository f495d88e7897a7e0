/**
 * The grammar of boards of squares: grids (optionally laid out in rotatable tiles), pieces, and the
 * statements that turn tiles and take pieces off the board. `move x to c` is the card statement's
 * form (effect-grammar.ts); the checker tells a piece from a card.
 *
 * @example
 * grid Campo: 6 by 6 tiles of 2 by 2 cells {
 *   34 Bicolore cells Chiaro, Chiaro, Scuro, Scuro
 *   Fisso cells Grigio, Grigio, Grigio, Grigio fixed at (3, 1), (4, 6)
 *   carry layout
 * }
 * pieces Pedina: 6 per player
 */
import type { IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { recovered } from './parser-base.ts';
import { CardsGrammar } from './cards-grammar.ts';

const K = T.keywords;

export class GridGrammar extends CardsGrammar {
  /** A word that is a keyword only here (`tiles`, `cells`, `fixed`, `at`, `per`): any name elsewhere. */
  private isWord(image: string, ahead = 1): boolean {
    return this.LA(ahead).tokenType === T.Identifier && this.LA(ahead).image === image;
  }

  /** Words read as names where one word is expected: the checker reports those that are not it. */
  private misspelt(words: [IToken, string][]): A.Misspelt[] {
    return words.filter(([token, word]) => !token.isInsertedInRecovery && token.image !== word)
      .map(([token, word]) => ({ expected: word, found: token.image, range: this.span(token) }));
  }

  protected gridDecl = this.RULE('gridDecl', (): A.GridDecl => {
    const first = this.CONSUME(K.grid);
    const name = this.SUBRULE(this.name);
    this.CONSUME(T.Colon);
    const rows = this.CONSUME(T.NumberLiteral);
    this.CONSUME(K.by);
    const columns = this.CONSUME2(T.NumberLiteral);
    // `tiles of 2 by 2 cells`, or just `cells`.
    const tileSize = this.OPTION({
      GATE: () => this.isWord('tiles'),
      DEF: () => {
        this.CONSUME(T.Identifier);
        this.CONSUME(K.of);
        const tileRows = this.CONSUME3(T.NumberLiteral);
        this.CONSUME2(K.by);
        const tileColumns = this.CONSUME4(T.NumberLiteral);
        return { rows: this.numberNode(tileRows), columns: this.numberNode(tileColumns) };
      },
    });
    const cellsWord = this.CONSUME2(T.Identifier, { LABEL: "'cells'" });
    let last: IToken = cellsWord;
    const tiles: A.TileItem[] = [];
    let carryLayout = false;
    this.OPTION2(() => {
      this.CONSUME(T.LBrace);
      this.MANY(() => this.OR([
        { GATE: () => this.isWord('carry') && this.LA(2).image === 'layout', ALT: () => {
          this.CONSUME3(T.Identifier); this.CONSUME4(T.Identifier);
          carryLayout = true;
        } },
        { ALT: () => { const tile = this.SUBRULE(this.tileItem); this.ACTION(() => tiles.push(tile)); } },
      ]));
      last = this.CONSUME(T.RBrace);
    });
    return this.ACTION(() => ({
      kind: 'grid', name, rows: this.numberNode(rows), columns: this.numberNode(columns), tileSize, tiles: tiles.filter((t) => !recovered(t)), carryLayout,
      misspelt: this.misspelt([[cellsWord, 'cells']]), range: this.span(first, last),
    }) as A.GridDecl);
  });

  /** `34 Bicolore cells Chiaro, Chiaro, Scuro, Scuro [fixed] [at (3, 1), (4, 6)] [when OPTION-CONDITION]` */
  private tileItem = this.RULE('tileItem', (): A.TileItem => {
    const copies = this.OPTION(() => this.CONSUME(T.NumberLiteral));
    const name = this.SUBRULE(this.name);
    const cellsWord = this.CONSUME(T.Identifier, { LABEL: "'cells'" });
    const cells: A.Name[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => { const cell = this.SUBRULE2(this.name); this.ACTION(() => cells.push(cell)); } });
    const fixed = this.OPTION2({ GATE: () => this.isWord('fixed'), DEF: () => { this.CONSUME2(T.Identifier); return true; } }) ?? false;
    const at: A.GridPosition[] = [];
    this.OPTION3({
      GATE: () => this.isWord('at'),
      DEF: () => {
        this.CONSUME3(T.Identifier);
        this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => { const position = this.SUBRULE(this.gridPosition); this.ACTION(() => at.push(position)); } });
      },
    });
    const when = this.OPTION4(() => { this.CONSUME(K.when); return this.SUBRULE(this.expression); });
    return this.ACTION(() => ({
      copies: copies && this.numberNode(copies), name, cells, fixed, at, when, misspelt: this.misspelt([[cellsWord, 'cells']]),
      range: this.join(copies ? this.span(copies) : name.range, this.lastRange()),
    }));
  });

  private gridPosition = this.RULE('gridPosition', (): A.GridPosition => {
    const first = this.CONSUME(T.LParen);
    const row = this.CONSUME(T.NumberLiteral);
    this.CONSUME(T.Comma);
    const column = this.CONSUME2(T.NumberLiteral);
    const last = this.CONSUME(T.RParen);
    return this.ACTION(() => ({ row: this.numberNode(row), column: this.numberNode(column), range: this.span(first, last) }));
  });

  /** `pieces Pedina: 6 per player` */
  protected piecesDecl = this.RULE('piecesDecl', (): A.PiecesDecl => {
    const first = this.CONSUME(K.pieces);
    const name = this.SUBRULE(this.name);
    this.CONSUME(T.Colon);
    const count = this.CONSUME(T.NumberLiteral);
    const perWord = this.CONSUME(T.Identifier, { LABEL: "'per'" });
    const last = this.CONSUME(K.player);
    return this.ACTION(() => ({ kind: 'pieces', name, count: this.numberNode(count), misspelt: this.misspelt([[perWord, 'per']]), range: this.span(first, last) }) as A.PiecesDecl);
  });

  /** `rotate t clockwise`, `rotate t counterclockwise` */
  protected rotateStmt = this.RULE('rotateStmt', (): A.RotateStmt => {
    const first = this.CONSUME(K.rotate);
    const tile = this.SUBRULE(this.postfix);
    const direction = this.OR([
      { ALT: () => { this.CONSUME(K.clockwise); return 'clockwise' as const; } },
      { ALT: () => { this.CONSUME(K.counterclockwise); return 'counterclockwise' as const; } },
    ]);
    return this.ACTION(() => ({ kind: 'rotate', tile, direction, range: this.join(this.span(first), this.lastRange()) }) as A.RotateStmt);
  });

  /** `capture x`, `remove x`: pieces leave the board (captured, or just off it). */
  protected takeOffStmt = this.RULE('takeOffStmt', (): A.TakeOffStmt => {
    const first = this.LA(1);
    const captured = this.OR([
      { ALT: () => { this.CONSUME(K.capture); return true; } },
      { ALT: () => { this.CONSUME(K.remove); return false; } },
    ]);
    const pieces = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: 'take-off', captured, pieces, range: this.join(this.span(first), pieces.range) }) as A.TakeOffStmt);
  });
}
