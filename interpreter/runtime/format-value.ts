/**
 * How values read in labels, prompts and the log: a player as P2, a card, zone or die by its name.
 * The lowering decides each value's kind from the checker's types (`kindOf`); the view formats
 * with the same function, so a choice's labels and the game's display always agree.
 */
import type { Type } from '../../grammar/index.ts';
import { playerName, type GameDefinition, type GameState, type Value, type ValueKind } from '../program/program.ts';
import { cellLabel, pieceLabel, tileLabel } from './grids.ts';

/** The kind of value a checker type holds (a list's kind is its elements'). */
export const kindOf = (type: Type | undefined): ValueKind => {
  if (!type) return 'unknown';
  const scalar = type.startsWith('list<') ? type.slice(5, -1) : type;
  return (['number', 'bool', 'string', 'player', 'symbol', 'die', 'role', 'team', 'card', 'zone', 'region', 'cell', 'tile', 'piece', 'none'].includes(scalar) ? scalar : 'unknown') as ValueKind;
};

/** Formats a value for labels and the log. */
export function formatValue(definition: GameDefinition, state: GameState, kind: ValueKind, value: Value): string {
  if (value === null) return 'none';
  if (Array.isArray(value)) return value.map((v) => formatValue(definition, state, kind, v)).join(', ');
  if (kind === 'player' && typeof value === 'number') return playerName(value);
  if (kind === 'team' && typeof value === 'number') return definition.teams[value]?.name ?? String(value);
  if (kind === 'zone' && typeof value === 'number') return definition.zones[-value - 1]?.name ?? String(value);
  if (kind === 'region' && typeof value === 'number') return definition.regions[value]?.name ?? String(value);
  if (kind === 'card' && typeof value === 'number') return definition.cards[value]?.name ?? String(value);
  if (kind === 'cell' && typeof value === 'number') return cellLabel(definition, value);
  if (kind === 'tile' && typeof value === 'number') return tileLabel(definition, value);
  if (kind === 'piece' && typeof value === 'number') return pieceLabel(definition, state, value);
  if (kind === 'die' && typeof value === 'number') {
    const pool = definition.pools.find((p) => value >= p.first && value < p.first + p.count);
    // Named by the kind of die ("Dado 3: Vino"), or by its set when two sets share a kind (red and blue D6).
    const shared = pool && definition.pools.some((p) => p !== pool && p.dieName === pool.dieName);
    const name = pool ? (shared ? pool.name : pool.dieName) : 'die';
    return `${name} ${pool ? value - pool.first + 1 : value}: ${state.dice[value]?.face ?? '?'}`;
  }
  return String(value);
}
