/**
 * The typed AST of a .rules file. Every node carries its source range as character offsets
 * (`start` inclusive, `end` exclusive); line:col is computed only at the edges (diagnostics.ts).
 */

export interface Range { start: number; end: number }
export interface Node { range: Range }

/** A name as written: an identifier, or a quoted name such as "Muro contro Muro". */
export interface Name extends Node { text: string; quoted: boolean }

export interface RulesFile extends Node { declarations: Declaration[] }

export type Declaration = (
  | GameDecl | TokensDecl | DieDecl | DiceDecl | RolesDecl | VarDecl | OptionDecl | VariantDecl
  | SetupDecl | TurnsDecl | RuleDecl | TeamsDecl | CardsDecl | PileDecl | ZonesDecl | MapDecl | GridDecl | PiecesDecl | ThresholdsDecl | AnyTimeDecl | AtTurnLimitDecl | LookDecl | EstimateDecl | DefineDecl
) & DeclarationCites;

/**
 * The rulebook sentences a declaration implements: `cite "…"` lines right after it (after any
 * declaration), or inside the game block (`players 2 cite "numero di giocatori: 2"`).
 */
export interface DeclarationCites { cites?: string[] }

export interface ZoneItem extends Node { name: Name; properties: Property[] }
export interface ZonesDecl extends Node { kind: 'zones'; name: Name; defaults: Property[]; zones: ZoneItem[] }

/** `region Asia bonus 7 { Siam, India, … }`: a named group of a map's territories, with properties of its own. */
export interface RegionItem extends Node { name: Name; properties: Property[]; territories: ZoneItem[] }
/** `border Alaska - Alberta, Kamchatka`: Alaska touches each listed territory, both ways. */
export interface BorderItem extends Node { from: Name; to: Name[] }
/** A map: territories (zones) grouped in regions, and the borders between them. */
export interface MapDecl extends Node { kind: 'map'; name: Name; defaults: Property[]; regions: RegionItem[]; borders: BorderItem[] }

/** A word read where a word of the construct (`cells`, `per`) was expected: reported by the schema. */
export interface Misspelt { expected: string; found: string; range: Range }
/** A position on a grid, in tiles (or cells on a grid without tiles), counted from 1: `(3, 1)`. */
export interface GridPosition extends Node { row: NumberNode; column: NumberNode }
/**
 * `34 Bicolore cells Chiaro, Chiaro, Scuro, Scuro`, `Fisso cells Grigio, Grigio, Grigio, Grigio fixed at (3, 1), (4, 6)`:
 * a kind of tile, its cells' colours row by row, whether it can rotate, and where it stands (else at random).
 */
export interface TileItem extends Node { copies?: NumberNode; name: Name; cells: Name[]; fixed: boolean; at: GridPosition[]; misspelt: Misspelt[];
  /** `when diagonali`: the tile is in the game only when the condition over options holds (a variant's board). */
  when?: Expr;
}
/**
 * `grid Scacchiera: 8 by 8 cells`, or `grid Campo: 6 by 6 tiles of 2 by 2 cells { tile kinds… carry layout }`.
 * `carryLayout`: the next game of a series starts from this game's final layout.
 */
export interface GridDecl extends Node {
  kind: 'grid'; name: Name; rows: NumberNode; columns: NumberNode; tileSize?: { rows: NumberNode; columns: NumberNode };
  tiles: TileItem[]; carryLayout: boolean; misspelt: Misspelt[];
}
/** `3 "Ministero della Pace" forbid "dichiara la vittoria"`: from 3 tokens on, the status, and the options it closes. */
export interface ThresholdItem extends Node { count: NumberNode; status: string; statusRange: Range; forbid: { label: string; range: Range }[]; cite?: string }
/** `thresholds BigBrother { … }`: statuses a player has by holding at least so many of a token. */
export interface ThresholdsDecl extends Node { kind: 'thresholds'; token: Name; items: ThresholdItem[] }
/** `at any time by p in players { option "dichiara la vittoria" { … } }`: moves open whenever anyone is to choose. */
export interface AnyTimeDecl extends Node { kind: 'any-time'; variable: Name; players: Expr; options: OptionClause[] }
/** `at turn limit { … }`: what happens when the turn limit is reached, instead of the game stopping there. */
export interface AtTurnLimitDecl extends Node { kind: 'at-turn-limit'; body: Block }
/** One clause of a `look`: a word (`colour`, `label`, `internal`, or a misspelling) and the text after it, if any. */
export interface LookClause extends Node { word: string; wordRange: Range; value?: string; valueRange?: Range }
/** `look Oro colour "#d4a017" label "O"`, `look spareggio internal`: how things show on the table (look-check.ts). */
export interface LookDecl extends Node { kind: 'look'; names: Name[]; clauses: LookClause[] }
/** `estimate SCORE`: how well a player stands, for bots that cut an imagined game short (estimate-check.ts). */
export interface EstimateDecl extends Node { kind: 'estimate'; player?: Name; score: Expr }
/** `define Forza(t, s) = …`: a named computed value, called in expressions as `Forza(a, b)` (define-check.ts). */
export interface DefineDecl extends Node { kind: 'define'; name: Name; params: Name[]; value: Expr }
/** `pieces Pedina: 6 per player`: pieces each player owns, off the board until placed. */
export interface PiecesDecl extends Node { kind: 'pieces'; name: Name; count: NumberNode; misspelt: Misspelt[] }

/** `{ valore 1  fazione NoTav }`: the properties of a card or a team. */
export interface Property extends Node { name: Name; value: Expr }
export interface TeamItem extends Node { name: Name; properties: Property[] }
export interface TeamsDecl extends Node { kind: 'teams'; visibility: 'public'; alternately: boolean; teams: TeamItem[] }
export interface CardItem extends Node { copies?: NumberNode; name: Name; properties: Property[] }
export interface CardsDecl extends Node { kind: 'cards'; name: Name; defaults: Property[]; cards: CardItem[]; products?: CardProduct[]; symbols?: string[] }
/** `each seme in [Denari, Coppe]` or `each valore in 1 to 10`: one side of a product of cards. */
export interface Coordinate extends Node { name: Name; values: Expr[]; from?: NumberNode; to?: NumberNode }
/** `primiera by valore [16, 12, …]` (a table by a coordinate) or `figura valore > 7` (computed from the coordinates). */
export interface ProductProperty extends Node { name: Name; value?: Expr; table?: { by: Name; values: Expr[] } }
/**
 * `each seme in […] by each valore in 1 to 10 named "{valore} di {seme}" { … }`: a card for every
 * combination, made into ordinary cards after parsing (card-product.ts). `at`: how many card lines come before it.
 */
export interface CardProduct extends Node { copies?: NumberNode; coordinates: Coordinate[]; named?: { text: string; range: Range }; properties: ProductProperty[]; at: number }
export interface PileDecl extends Node {
  kind: 'pile'; perPlayer: boolean; name: Name; of?: Name; visibility: 'public' | 'hidden' | 'secret';
  /** `team pile`: one per team (a team's scoring pile); `secret` shows its cards to the team's members. */
  perTeam?: boolean;
  /** `refill from Scarti`: when a draw needs a card and the pile is empty, that pile's cards are shuffled in first. */
  refill?: Name;
  /** `sorted by seme, forza`: the cards' properties a view shows the pile in order of (never the game's order). */
  sortedBy?: Name[];
}

export interface GameDecl extends Node {
  kind: 'game'; title: Name;
  minPlayers?: NumberNode; maxPlayers?: NumberNode; turnLimit?: NumberNode; source?: string;
  /** `turn limit 60 to 80 [hidden]`: the limit drawn by lot at the start, from turnLimit to this; `hidden`: not shown to the players. */
  turnLimitMax?: NumberNode; turnLimitHidden?: boolean;
  /** `players 4, 6, 8`: only these counts. */
  allowedPlayers?: NumberNode[];
  /** `length up to 40 mani`: how long a game may honestly last, in rounds, turns or a number variable of the rules. */
  length?: StatedLength;
}
export interface StatedLength extends Node { limit: NumberNode; unit: Name; misspelt: Misspelt[] }
export interface NumberNode extends Node { value: number }
export interface TokensDecl extends Node { kind: 'tokens'; names: Name[]; reserve?: NumberNode; cite?: string }
export interface FaceSpec extends Node { name?: Name; number?: NumberNode; upTo?: NumberNode; copies?: NumberNode }
export interface DieDecl extends Node { kind: 'die'; name: Name; faces: FaceSpec[] }
/** `dice Dadi: 5 Dado`; `player dice Coppa: 5 D6 hidden`: a set of that many dice for each player, their faces under a cup (seen by their owner alone until revealed). */
export interface DiceDecl extends Node { kind: 'dice'; name: Name; count: NumberNode; dieType: Name; marks: Name[]; perPlayer?: boolean; hidden?: boolean; hiddenRange?: Range }
export interface RoleItem extends Node { name: Name; when?: Expr; visibility?: 'secret' | 'public'; goal?: Expr; cite?: string }
export interface RolesDecl extends Node { kind: 'roles'; visibility: 'secret' | 'public'; roles: RoleItem[] }
/** `hidden`: a variable no player sees (only the referee, and everybody once the game is over). */
/** `secret`: a player variable each player sees only their own value of. */
export interface VarDecl extends Node { kind: 'var'; perPlayer: boolean; perTeam?: boolean; perZone?: boolean; perPiece?: boolean; hidden?: boolean; secret?: boolean; name: Name; init: Expr }
export interface OptionDecl extends Node { kind: 'option'; name: Name; value: Expr; cite?: string }
export interface VariantDecl extends Node { kind: 'variant'; name: Name; settings: { name: Name; value: Expr }[] }
export interface SetupDecl extends Node { kind: 'setup'; body: Block }
export interface TurnsDecl extends Node { kind: 'turns'; direction: 'clockwise' | 'counterclockwise'; body: Block }
export interface RuleDecl extends Node { kind: 'rule'; name: Name; params: Name[]; cite?: string; body: Block }

export interface Block extends Node { statements: Statement[] }

/**
 * A text that shows values: `"Ne restano {p.daPiazzare}"` is the parts "Ne restano " and the
 * expression. Set on a statement whose text (a log's, a prompt, a reason) has `{…}` in it.
 */
export type TextPart = string | Expr;
export interface Templated { parts?: TextPart[] }

export type Statement =
  | PhaseStmt | LetStmt | SetStmt | GainStmt | DiscardStmt | StealStmt | RollStmt | MarkStmt
  | ChooseValueStmt | ChooseOptionStmt | ChooseSelectionStmt | IfStmt | ForEachStmt | WhileStmt | RepeatStmt | DoStmt
  | WinStmt | EliminateStmt | DrawGameStmt | EndTurnStmt | LogStmt | CiteStmt | DealRolesStmt | DealCardsStmt
  | DrawRoleStmt | DiscardRoleStmt | FirstPlayerStmt | ShuffleStmt | DrawCardsStmt | MoveCardsStmt
  | RevealStmt | WinTeamStmt | RotateStmt | TakeOffStmt | SimultaneousStmt | NextTurnStmt | ErrorStmt;
/** `next turn to P`: who plays the next turn (in the setup: the first), instead of the next seat. */
export interface NextTurnStmt extends Node { kind: 'next-turn'; player: Expr }

/**
 * `simultaneously for each p in players { … }`: every listed player's decisions in the body are open
 * at once, each seeing only their own, until all are made; then play goes on after the block.
 */
export interface SimultaneousStmt extends Node { kind: 'simultaneous'; variable: Name; list: Expr; body: Block }
/** `rotate t clockwise`: a quarter turn of a tile, the pieces on it turning with it. */
export interface RotateStmt extends Node { kind: 'rotate'; tile: Expr; direction: 'clockwise' | 'counterclockwise' }
/** `capture x` (taken by an opponent) and `remove x` (off the board, e.g. past the far edge): pieces leave the board. */
export interface TakeOffStmt extends Node { kind: 'take-off'; captured: boolean; pieces: Expr }
export interface ShuffleStmt extends Node { kind: 'shuffle'; pile: Expr }
export interface DrawCardsStmt extends Node { kind: 'draw-cards'; count: Expr; from: Expr; to: Expr }
export interface MoveCardsStmt extends Node { kind: 'move-cards'; cards: Expr; to: Expr; faceDown: boolean }
/** `reveal c` shows cards (or dice under a cup) to everybody; `reveal c to p` (a player or a list of players) to those only, until the cards move. */
export interface RevealStmt extends Node { kind: 'reveal'; cards: Expr; to?: Expr }
/** `detail "…"` after an ending's reason: what varies from game to game (a score), kept apart so games group by reason. */
export interface DetailText extends Node, Templated { kind: 'detail'; text: string }
export interface WinTeamStmt extends Node, Templated { kind: 'win-team'; team: Expr; reason?: string; detail?: DetailText }

export interface PhaseStmt extends Node { kind: 'phase'; name: Name; body: Block }
export interface LetStmt extends Node { kind: 'let'; name: Name; value: Expr }
export interface SetStmt extends Node { kind: 'set'; target: Expr; value: Expr }
export interface GainStmt extends Node { kind: 'gain'; amount: Expr; symbol: Expr; player?: Expr }
export interface DiscardStmt extends Node { kind: 'discard'; amount?: Expr; all: boolean; symbol: Expr; player?: Expr }
export interface StealStmt extends Node { kind: 'steal'; amount: Expr; symbol: Expr; victim: Expr; player?: Expr }
export interface RollStmt extends Node { kind: 'roll'; dice: Expr }
export interface MarkStmt extends Node { kind: 'mark'; on: boolean; dice: Expr; mark: Name }
export interface ChooseValueStmt extends Node, Templated {
  kind: 'choose-value'; variable: Name; count?: Expr; from: Expr; by?: Expr; prompt?: string;
}
/**
 * A selection under a condition (selection-grammar.ts): `choose some xs from L where COND`,
 * `choose up to N xs …`, `choose at least N xs …`, `choose any xs …`, `choose 3 xs from L where COND`.
 * `condition` is about the whole list `variable`; `conditionText` is how it was written (for refusals).
 */
export type SelectionSize = 'some' | 'any' | 'up-to' | 'at-least' | 'exactly';
export interface ChooseSelectionStmt extends Node, Templated {
  kind: 'choose-selection'; variable: Name; size: SelectionSize; count?: Expr; from: Expr; condition?: Expr; conditionText?: string;
  by?: Expr; prompt?: string;
  /** `choose somme xs from …`: a word where a size word (some, any, up to, at least) was expected. */
  misspelt?: Misspelt;
}
export interface OptionClause extends Node { label: string; labelRange: Range; condition?: Expr; body: Block }
export interface ChooseOptionStmt extends Node, Templated { kind: 'choose-option'; by?: Expr; prompt?: string; options: OptionClause[] }
export interface IfStmt extends Node { kind: 'if'; condition: Expr; then: Block; otherwise?: Block }
/** `from` and `direction`: the players round the table from that player, that way (`for each p in players from right(current) counterclockwise`). */
export interface ForEachStmt extends Node { kind: 'for-each'; variable: Name; list: Expr; from?: Expr; direction?: 'clockwise' | 'counterclockwise'; body: Block }
export interface WhileStmt extends Node { kind: 'while'; condition: Expr; body: Block }
export interface RepeatStmt extends Node { kind: 'repeat'; times: Expr; body: Block }
export interface DoStmt extends Node { kind: 'do'; rule: Name; args: Expr[] }
export interface WinStmt extends Node, Templated { kind: 'win'; player: Expr; reason?: string; detail?: DetailText }
export interface EliminateStmt extends Node, Templated { kind: 'eliminate'; player: Expr; reason?: string }
export interface DrawGameStmt extends Node, Templated { kind: 'draw-game'; reason?: string; detail?: DetailText }
export interface EndTurnStmt extends Node { kind: 'end-turn' }
export interface LogStmt extends Node, Templated { kind: 'log'; text: string }
export interface CiteStmt extends Node { kind: 'cite'; text: string }
export interface DealRolesStmt extends Node { kind: 'deal-roles' }
/** `deal 6 from Mazzo to Mano`, `deal all from Mazzo to Mano`: a card at a time round the table, each player's own pile `to`. */
export interface DealCardsStmt extends Node { kind: 'deal-cards'; count?: Expr; all: boolean; from: Expr; to: Name }
export interface DrawRoleStmt extends Node { kind: 'draw-role'; player: Expr }
export interface DiscardRoleStmt extends Node { kind: 'discard-role'; player: Expr }
export interface FirstPlayerStmt extends Node { kind: 'first-player'; dice: Expr; score: Expr }
/** Stands where error recovery lost a statement; the parser has already reported why. */
export interface ErrorStmt extends Node { kind: 'error' }

export type Expr =
  | NumberExpr | BoolExpr | NoneExpr | StringExpr | NameExpr | CurrentExpr | PlayersExpr | OthersExpr
  | MemberExpr | CallExpr | ListExpr | UnaryExpr | BinaryExpr | ConditionalExpr | WhereExpr | LeaderExpr | AggregateExpr | ErrorExpr;

/**
 * `sum of L by SCORE`, `max of …`, `min of …` (numbers), `highest of …`, `lowest of …` (the elements
 * tied at the top or the bottom), `count of L where CONDITION` (how many), `distinct seme of L` (each
 * value once): SCORE is computed for each element, which is `it` in it, and `element` when named
 * (`sum of c in L by c.valore`). For `count`, SCORE is the condition; for `distinct`, the value.
 */
export interface AggregateExpr extends Node { kind: 'aggregate'; operator: 'sum' | 'max' | 'min' | 'highest' | 'lowest' | 'count' | 'distinct'; list: Expr; score: Expr; element?: Name }

/** `leader of L by SCORE [margin N]`: the element scoring at least N more than every other, or none. */
export interface LeaderExpr extends Node { kind: 'leader'; list: Expr; score: Expr; margin?: Expr; element?: Name }

export interface NumberExpr extends Node { kind: 'number'; value: number }
export interface BoolExpr extends Node { kind: 'bool'; value: boolean }
export interface NoneExpr extends Node { kind: 'none' }
export interface StringExpr extends Node { kind: 'string'; value: string }
export interface NameExpr extends Node { kind: 'name'; name: string }
export interface CurrentExpr extends Node { kind: 'current' }
/** `players`: the players still in the game, clockwise from the current player. */
export interface PlayersExpr extends Node { kind: 'players' }
/** `others`: `players` without the current player. */
export interface OthersExpr extends Node { kind: 'others' }
export interface MemberExpr extends Node { kind: 'member'; object: Expr; property: Name }
export interface CallExpr extends Node { kind: 'call'; callee: Name; args: Expr[] }
export interface ListExpr extends Node { kind: 'list'; items: Expr[] }
export interface UnaryExpr extends Node { kind: 'unary'; operator: 'not' | '-'; operand: Expr }
export type BinaryOperator = 'or' | 'and' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'is' | '+' | '-' | '*' | '/' | 'mod';
export interface BinaryExpr extends Node { kind: 'binary'; operator: BinaryOperator; left: Expr; right: Expr }
/** `if CONDITION then A else B`: A when the condition holds, else B (both of one kind). */
export interface ConditionalExpr extends Node { kind: 'conditional'; condition: Expr; then: Expr; otherwise: Expr }
/** `LIST where CONDITION`: inside the condition, the element's own attributes are bare names and `it` is the element. */
/** `element`: `Mondo where t: …` names the element, so a `where` inside the condition can still reach it. */
export interface WhereExpr extends Node { kind: 'where'; list: Expr; condition: Expr; element?: Name }
export interface ErrorExpr extends Node { kind: 'error' }
