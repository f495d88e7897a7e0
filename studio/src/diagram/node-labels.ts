/** The words and text positions of the diagram's boxes and nodes: a tooltip, a corner tag, an outcome's colour class. */
import { metrics, type PlacedNode } from './layout.ts';

export function tooltip(node: PlacedNode): string {
  const what = node.kind === 'state' ? (node.name === 'setup' || node.name === 'game over' ? 'machine state' : 'phase (machine state)') : node.kind;
  return [`${node.title || node.kind} — ${what}`, ...node.lines, node.cite ? `“${node.cite}”` : '', 'Click to show it in the editor'].filter(Boolean).join('\n');
}

/** The tag in a box's header: a rule, the setup, or a phase, and "now" while the game is in it. */
export function boxTag(node: PlacedNode, current: boolean): string {
  return `${node.kind === 'rule' ? 'rule' : node.name === 'setup' ? 'setup' : 'phase'}${current ? ' · now' : ''}`;
}

export function outcomeClass(node: PlacedNode): string {
  return node.name === 'win' ? 'win' : node.name === 'eliminate' ? 'eliminate' : node.name === 'draw-game' ? 'draw' : 'end-turn';
}

/** Where a node's text starts: past the icon of a loop or a call. */
export const textX = (node: PlacedNode) => node.x + metrics.padX + (node.kind === 'loop' || node.kind === 'call' ? 16 : 0);
export const titleY = (node: PlacedNode) => node.y + metrics.padY + 12;
export const lineY = (node: PlacedNode, index: number) => node.y + metrics.padY + metrics.titleHeight + index * metrics.lineHeight + 10;
