/**
 * Where the game is in the machine diagram: the machine state, the pending choice and the calls
 * that led to it, found by source offset (the engine records where every choice and call is written).
 */
import type { GameDefinition, GameState } from '../../../interpreter/index.ts';
import type { DiagramNode, MachineGraph } from './graph.ts';

/** Where a match stands, in source offsets: its machine state, the pending choice, the calls on the stack. */
export interface MachinePosition {
  state: string;
  /** Offset of the `choose` waiting for a player, or null. */
  choiceAt: number | null;
  /** Offsets of the `do` statements the pending choice was reached through, outermost first. */
  callsAt: number[];
}

/** What a match needs to offer for its position (the `Match` class does). */
export interface PositionSource {
  machineState: string;
  state: GameState;
  definition: GameDefinition;
}

export function matchPosition(match: PositionSource): MachinePosition {
  const game = match.state;
  if (game.outcome) return { state: match.machineState, choiceAt: null, callsAt: [] };
  const callsAt: number[] = [];
  // A caller's pc is already past its `do`: the call is the instruction before it.
  for (const frame of game.stack.slice(0, -1)) {
    const call = match.definition.programs[frame.program]?.instructions[frame.pc - 1];
    if (call) callsAt.push(call.at);
  }
  return { state: match.machineState, choiceAt: game.pending?.at ?? null, callsAt };
}

/**
 * The nodes to highlight: 'current' for the machine state and the pending choice, 'trail' for the
 * calls that led to it and the rule boxes they entered.
 */
export function activeNodes(graph: MachineGraph, position: MachinePosition): Map<string, 'current' | 'trail'> {
  const active = new Map<string, 'current' | 'trail'>();
  const state = graph.nodes.find((n) => n.kind === 'state' && n.name === position.state);
  if (state) active.set(state.id, 'current');
  for (const at of position.callsAt) {
    const call = graph.nodes.find((n) => n.kind === 'call' && n.range.start === at);
    if (!call) continue;
    active.set(call.id, 'trail');
    if (call.parent && !active.has(call.parent)) active.set(call.parent, 'trail');
  }
  if (position.choiceAt !== null) {
    const at = position.choiceAt;
    let best: DiagramNode | null = null;
    for (const node of graph.nodes) {
      if (node.kind !== 'choice' || at < node.range.start || at >= node.range.end) continue;
      if (!best || node.range.end - node.range.start < best.range.end - best.range.start) best = node;
    }
    if (best) {
      active.set(best.id, 'current');
      if (best.parent && !active.has(best.parent)) active.set(best.parent, 'trail');
    }
  }
  return active;
}
