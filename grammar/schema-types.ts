/**
 * The shape of the schema (schema.ts builds it): the table of a game's declarations, what names
 * exist and what they are. Types only, so every check can name them without importing the builder.
 */
import type * as A from './ast.ts';
import type { StatusInfo } from './flow-check.ts';
import type { GridInfo, PieceKindInfo } from './grid-schema.ts';

export interface PoolInfo { name: string; index: number; count: number; dieType: string; faces: string[]; marks: string[]; firstDie: number; decl: A.DiceDecl;
  /** `player dice`: `count` dice for each player; `hidden`: under each player's cup. */
  perPlayer: boolean; hidden: boolean }
export interface RoleInfo { name: string; index: number; item: A.RoleItem; visibility: 'secret' | 'public' }
export interface VarInfo { name: string; index: number; decl: A.VarDecl }
export interface OptionInfo { name: string; index: number; decl: A.OptionDecl }
export interface RuleInfo { name: string; index: number; decl: A.RuleDecl }
export interface DefineInfo { name: string; index: number; decl: A.DefineDecl }
export interface TeamInfo { name: string; index: number; item: A.TeamItem }
export interface CardSetInfo { name: string; index: number; decl: A.CardsDecl; firstCard: number; count: number }
export interface PileInfo { name: string; index: number; decl: A.PileDecl }
export interface ZoneInfo {
  name: string; index: number; item: A.ZoneItem; set: string;
  /** On a map: the index of the territory's region, and the territories it borders (both ways), in the order written. */
  region?: number;
  neighbours: string[];
}
export interface RegionInfo { name: string; index: number; item: A.RegionItem; map: string; territories: string[] }

export interface Schema {
  game?: A.GameDecl;
  minPlayers: number;
  maxPlayers: number;
  /** The player counts allowed, when the game lists them (`players 4, 6, 8`). */
  allowedPlayers: number[] | null;
  turnLimit: number;
  /** `turn limit 60 to 80`: the largest limit drawn (the same as turnLimit when nothing is drawn); `hidden`: kept from the players. */
  turnLimitMax: number;
  turnLimitHidden: boolean;
  /** `at turn limit { … }`: what happens when the limit is reached. */
  atTurnLimit?: A.AtTurnLimitDecl;
  /** `length up to N …`: how long a game may honestly last; simulations stop a game past it. */
  statedLength: { limit: number; unit: 'rounds' | 'turns' | 'variable'; variable?: string } | null;
  tokens: string[];
  /** Every symbol: token kinds and die faces share one namespace (a Popolo face gives a Popolo token). */
  symbols: Set<string>;
  dieTypes: Map<string, { faces: string[]; decl: A.DieDecl }>;
  pools: Map<string, PoolInfo>;
  totalDice: number;
  roles: Map<string, RoleInfo>;
  rolesDecl?: A.RolesDecl;
  globals: Map<string, VarInfo>;
  playerVars: Map<string, VarInfo>;
  options: Map<string, OptionInfo>;
  variants: Map<string, A.VariantDecl>;
  rules: Map<string, RuleInfo>;
  /** Named computed values (`define`), called in expressions like functions. */
  defines: Map<string, DefineInfo>;
  setup?: A.SetupDecl;
  turns?: A.TurnsDecl;
  tokenReserve: Map<string, number | null>;
  tokenCitations: Map<string, string | undefined>;
  teamsDecl?: A.TeamsDecl;
  teams: Map<string, TeamInfo>;
  teamVars: Map<string, VarInfo>;
  /** Every property name a team has, in first-seen order (a team lacking one reads none). */
  teamProperties: string[];
  cardSets: Map<string, CardSetInfo>;
  /** Every property name a card has, across all sets, in first-seen order. */
  cardProperties: string[];
  totalCards: number;
  piles: Map<string, PileInfo>;
  zones: Map<string, ZoneInfo>;
  /** Each `zones` set and each map: its zones' names (the set is the list of its zones), their items and defaults. */
  zoneSets: Map<string, { defaults: A.Property[]; items: A.ZoneItem[]; zones: string[]; isMap: boolean }>;
  /** The regions of every map, in the order written; a region is the number of its index at run time. */
  regions: Map<string, RegionInfo>;
  /** Every property name a region has, in first-seen order (a region lacking one reads none). */
  regionProperties: string[];
  zoneVars: Map<string, VarInfo>;
  zoneProperties: string[];
  grids: Map<string, GridInfo>;
  pieceKinds: Map<string, PieceKindInfo>;
  pieceVars: Map<string, VarInfo>;
  /** Statuses from thresholds of tokens (`1 "Ministero della Verità"`), by name. */
  statuses: Map<string, StatusInfo>;
  anyTime: A.AnyTimeDecl[];
}
