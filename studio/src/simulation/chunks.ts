/**
 * A Web Worker's share of a run spread over several workers: it plays the games it is handed
 * (numbers `from` to `to` of the run, in the A1 B1 A2 B2… order of `SimulationRun`) and returns
 * each as a plain record; the pool on the page counts them in order (pool.ts).
 */
import { compileRules, type GameDefinition } from '../../../interpreter/index.ts';
import type { GameRecord } from '../../../interpreter/index.ts';
import { SimulationRun, SnapshotRun, type Playable, type SimulationRequest } from './runner.ts';

export interface ChunkRequest { type: 'play'; id: number; text: string; request: SimulationRequest; before?: string; from: number; to: number }

export type ChunkReply =
  | { type: 'games'; id: number; from: number; games: GameRecord[] }
  | { type: 'failed'; id: number; from: number; games: GameRecord[]; game: number; message: string };

/** Builds the run as the single worker does, with the same refusals (bad settings, a snapshot that no longer compiles or plays). */
export function playableRun(definition: GameDefinition, request: SimulationRequest, before: GameDefinition | null): Playable {
  return before ? new SnapshotRun(before, definition, request) : new SimulationRun(definition, request);
}

export function compileOrThrow(text: string, what: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) {
    const first = diagnostics.find((d) => d.severity === 'error');
    throw new Error(what === 'snapshot' ? 'the snapshot of the rules does not compile' : `the rules do not compile${first ? `: ${first.message}` : ''}`);
  }
  return definition;
}

/** Plays chunks, compiling the rules once per run rather than once per chunk. */
export class ChunkPlayer {
  private current: { id: number; run: Playable } | null = null;

  play(message: ChunkRequest): ChunkReply {
    if (this.current?.id !== message.id) {
      const definition = compileOrThrow(message.text, 'rules');
      const before = message.before === undefined ? null : compileOrThrow(message.before, 'snapshot');
      this.current = { id: message.id, run: playableRun(definition, message.request, before) };
    }
    const { run } = this.current;
    const games: GameRecord[] = [];
    for (let game = message.from; game < message.to; game++) {
      try {
        games.push(run.play(game));
      } catch (error) {
        return { type: 'failed', id: message.id, from: message.from, games, game, message: (error as Error).message };
      }
    }
    return { type: 'games', id: message.id, from: message.from, games };
  }
}
