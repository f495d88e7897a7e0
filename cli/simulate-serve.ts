/**
 * The worker's side of a parallel `regola simulate`: compiles the rules it was started with, says
 * it is ready, then plays the chunks of games it is sent and posts each game back as a plain record. A game that
 * throws (an engine failure, not a rule's: those end the game as aborted) is posted as a failure
 * with the games played before it, and the worker stays ready for more.
 */
import type { MessagePort } from 'node:worker_threads';
import { compileRules, type GameDefinition } from '../interpreter/index.ts';
import { gameSettings, type SimulationJob } from '../interpreter/index.ts';
import { playSimulationGame, simulationGameSeed, type GameRecord, type GameSettings } from '../interpreter/index.ts';

/** What a worker starts with (its `workerData`): the rules' text (a definition holds functions, so each worker compiles its own) and the run's plain options. */
export interface WorkerInit { text: string; job: SimulationJob }

export type ToWorker = { type: 'play'; from: number; to: number };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'games'; from: number; games: GameRecord[] }
  | { type: 'failed'; from: number; games: GameRecord[]; game: number; message: string }
  | { type: 'refused'; message: string };

export type PlayGame = (definition: GameDefinition, settings: GameSettings, seed: number, game: number) => GameRecord;

export function serveSimulation(port: MessagePort, init: WorkerInit, play: PlayGame = playSimulationGame): void {
  const post = (message: FromWorker) => port.postMessage(message);
  const { definition, diagnostics } = compileRules(init.text);
  if (!definition) {
    post({ type: 'refused', message: `the rules do not compile in a worker: ${diagnostics.find((d) => d.severity === 'error')?.message ?? 'no definition'}` });
    return;
  }
  const settings = gameSettings(definition, init.job);
  port.on('message', ({ from, to }: ToWorker) => {
    const games: GameRecord[] = [];
    for (let game = from; game < to; game++) {
      try {
        games.push(play(definition, settings, simulationGameSeed(init.job.seed, game), game));
      } catch (error) {
        post({ type: 'failed', from, games, game, message: error instanceof Error ? error.message : String(error) });
        return;
      }
    }
    post({ type: 'games', from, games });
  });
  // Games are sent only once the rules are compiled: a chunk sent earlier would wait for the worker to load.
  post({ type: 'ready' });
}
