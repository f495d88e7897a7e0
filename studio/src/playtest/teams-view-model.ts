/** The teams panel: each team's colour, members, variables and piles, and whether it won. */
import type { PlayerView } from '../../../interpreter/index.ts';
import { teamColour, type TeamStyle, type TeamStyles } from './colours.ts';
import { pileRow, type CardFaces, type PileRow } from './piles-view-model.ts';
import { formatValue } from './table-view-model.ts';

export interface TeamMember { name: string; isViewer: boolean; isCurrent: boolean; out: boolean }

export interface TeamCard {
  name: string;
  style: TeamStyle;
  members: TeamMember[];
  variables: { name: string; text: string }[];
  /** The team's own piles (`team pile`), as the viewer may see them. */
  piles: PileRow[];
  /** The viewer plays for this team. */
  isViewerTeam: boolean;
  /** The game was won by this team (every member is a winner). */
  won: boolean;
}

export function teamCards(view: PlayerView, styles: TeamStyles, faces: CardFaces): TeamCard[] {
  const winners = new Set(view.outcome?.kind === 'win' ? view.outcome.winnerNames : []);
  const viewerName = view.viewer === 'referee' ? null : view.players[view.viewer]?.name ?? null;
  return view.teams.map((team, i) => ({
    name: team.name,
    style: styles.get(team.name) ?? teamColour(team.name, i),
    members: team.members.map((name) => {
      const player = view.players.find((p) => p.name === name);
      return { name, isViewer: name === viewerName, isCurrent: !!player?.isCurrent && view.outcome === null && view.turn > 0, out: player ? !player.active : false };
    }),
    variables: team.variables.map((v) => ({ name: v.name, text: formatValue(v.value) })),
    piles: team.piles.map((pile) => pileRow(pile, faces, { stackFrom: 2, limit: 40 })),
    isViewerTeam: viewerName !== null && team.members.includes(viewerName),
    won: team.members.length > 0 && team.members.every((name) => winners.has(name)),
  }));
}
