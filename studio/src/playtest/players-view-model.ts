/** The players panel: a card per seat with its badges, statuses, tokens, variables, role, team and hand. */
import type { PlayerView } from '../../../interpreter/index.ts';
import type { TeamStyle, TeamStyles } from './colours.ts';
import { pileRow, type CardFaces, type PileRow } from './piles-view-model.ts';
import type { Palette, SymbolStyle } from './symbols.ts';
import { formatValue } from './table-view-model.ts';

export type RoleCard =
  | { kind: 'visible'; name: string; note: 'your role' | 'public' | 'revealed' | 'secret (seen as referee)' }
  | { kind: 'hidden' };

export interface TokenChip { token: string; count: number; symbol: SymbolStyle | null }

export interface PlayerCard {
  name: string;
  seat: number;
  /** It is this player's turn. */
  isCurrent: boolean;
  /** This player must make the pending choice (not always the one whose turn it is). */
  isChoosing: boolean;
  isViewer: boolean;
  out: boolean;
  /** Short badges in order: "turn", "choosing", "you", "out of the game", "winner". */
  badges: string[];
  /** The statuses the player holds now (from the rules' thresholds), in the rules' order. */
  statuses: string[];
  tokens: TokenChip[];
  variables: { name: string; text: string }[];
  role: RoleCard | null;
  /** The player's team, in a game with teams. */
  team: TeamStyle | null;
  /** The player's own piles (a hand), as the viewer may see them. */
  piles: PileRow[];
}

export function playerCards(view: PlayerView, palette: Palette, teams: TeamStyles = new Map(), faces: CardFaces = new Map()): PlayerCard[] {
  // Everyone with an open choice: several at once in a simultaneous block.
  const choosing = new Set(view.waiting.length ? view.waiting : view.pending ? [view.pending.player] : []);
  const winners = new Set(view.outcome?.winnerNames ?? []);
  return view.players.map((player) => {
    const isViewer = view.viewer === player.seat;
    const isChoosing = choosing.has(player.name) && view.outcome === null;
    const isCurrent = player.isCurrent && view.outcome === null && view.turn > 0;
    const badges = [
      ...(isCurrent ? ['turn'] : []),
      ...(isChoosing ? ['choosing'] : []),
      ...(isViewer ? ['you'] : []),
      ...(!player.active ? ['out of the game'] : []),
      ...(winners.has(player.name) ? ['winner'] : []),
    ];
    return {
      name: player.name, seat: player.seat, isCurrent, isChoosing, isViewer, out: !player.active, badges, statuses: player.statuses ?? [],
      tokens: player.tokens.map((t) => ({ token: t.token, count: t.count, symbol: palette.get(t.token) ?? null })),
      variables: player.variables.map((v) => ({ name: v.name, text: formatValue(v.value) })),
      role: roleCard(player),
      team: player.team === null ? null : teams.get(player.team) ?? { name: player.team, hue: 0, saturation: 0, lightness: 40 },
      piles: player.piles.map((pile) => pileRow(pile, faces)),
    };
  });
}

function roleCard(player: PlayerView['players'][number]): RoleCard | null {
  switch (player.roleVisibility) {
    case 'none': return null;
    case 'hidden': return { kind: 'hidden' };
    case 'own': return { kind: 'visible', name: player.role ?? '', note: 'your role' };
    case 'public': return { kind: 'visible', name: player.role ?? '', note: 'public' };
    case 'revealed': return { kind: 'visible', name: player.role ?? '', note: 'revealed' };
    case 'referee': return { kind: 'visible', name: player.role ?? '', note: 'secret (seen as referee)' };
  }
}
