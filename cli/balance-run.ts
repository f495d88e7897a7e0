/**
 * A balance run played cell after cell on the simulation's workers, its progress written as it goes
 * to a state file (`.regola-balance/<key>.json`, the key a hash of the rules' text and the run's
 * settings), so that an interrupted run taken up again (`--resume`) plays only the games it had
 * not played and gives the very report an uninterrupted run gives: each game's seed depends only
 * on the run's seed and the game's number, and each cell is counted from its records in game order.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  balanceCells, balanceReport, type BalancePlan, type BalanceReport, type GameDefinition, type GameRecord,
} from '../interpreter/index.ts';
import { simulateOnWorkers } from './simulate-workers.ts';

export const stateFormat = 'regola-balance-state/1';

/** What the state file holds: the records of each cell's games so far, in game order. */
export interface BalanceState {
  format: typeof stateFormat;
  key: string;
  cells: { players: number; bot: string; records: GameRecord[] }[];
}

/** The hash of what decides the games: the rules' text and the plan. */
export function stateKey(text: string, plan: BalancePlan): string {
  const settings = { players: plan.players, bots: plan.bots, games: plan.games, seed: plan.seed, variant: plan.variant, maxRounds: plan.maxRounds ?? null };
  return createHash('sha256').update(text).update('\u0000').update(JSON.stringify(settings)).digest('hex').slice(0, 16);
}

/** Where a run's state is kept, under `directory` (the working directory's `.regola-balance/`). */
export function stateFile(directory: string, key: string): string {
  return join(directory, '.regola-balance', `${key}.json`);
}

export interface BalanceRunOptions {
  workers: number;
  /** The state file; null: none is written. */
  file: string | null;
  /** Take up the state file's games. */
  resume: boolean;
  signal?: AbortSignal;
  /** Games counted so far, over the whole run, and the run's total. */
  onProgress?: (done: number, total: number) => void;
}

export class StateUnreadable extends Error {}

/** The state file's records for the run of `key`, or null when there is none; a file of another run or a broken one is refused. */
export function readState(file: string, key: string): BalanceState | null {
  if (!existsSync(file)) return null;
  let state: BalanceState;
  try {
    state = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new StateUnreadable(`${file} is not valid JSON (${(error as Error).message}); delete it to start again`);
  }
  if (state?.format !== stateFormat || state.key !== key || !Array.isArray(state.cells)) {
    throw new StateUnreadable(`${file} is not the state of this run; delete it to start again`);
  }
  return state;
}

function writeState(file: string, state: BalanceState): void {
  mkdirSync(dirname(file), { recursive: true });
  // Written beside and renamed: an interrupted write never leaves half a state.
  const partial = `${file}.partial`;
  writeFileSync(partial, JSON.stringify(state));
  renameSync(partial, file);
}

/** Writes the state at most this often while a cell plays (and at the end of each cell, and when stopped). */
const saveEveryMs = 2000;

/**
 * Plays the plan's cells (those already played in the state file are taken as they are) and returns
 * the report and how many games were taken from the state file.
 */
export async function runBalance(text: string, definition: GameDefinition, plan: BalancePlan, options: BalanceRunOptions): Promise<{ report: BalanceReport; resumed: number }> {
  const key = stateKey(text, plan);
  const cells = balanceCells(plan);
  const saved = options.resume && options.file ? readState(options.file, key) : null;
  const state: BalanceState = {
    format: stateFormat, key,
    cells: cells.map((cell) => {
      const kept = saved?.cells.find((c) => c.players === cell.players && c.bot === cell.bot);
      return { players: cell.players, bot: cell.bot, records: kept?.records.slice(0, plan.games) ?? [] };
    }),
  };
  const resumed = state.cells.reduce((sum, c) => sum + c.records.length, 0);
  const total = cells.length * plan.games;
  let lastSave = performance.now();
  const save = () => {
    if (options.file) writeState(options.file, state);
    lastSave = performance.now();
  };
  try {
    for (const [i, cell] of cells.entries()) {
      const records = state.cells[i].records;
      const before = i * plan.games;
      if (records.length >= plan.games) continue;
      await simulateOnWorkers(text, definition, cell.job, {
        workers: options.workers,
        signal: options.signal,
        done: records.slice(),
        onGame: (record, game) => {
          if (game < records.length) return;
          records.push(record);
          if (options.file && performance.now() - lastSave >= saveEveryMs) save();
        },
        onProgress: options.onProgress ? (done) => options.onProgress!(before + done, total) : undefined,
      });
      save();
    }
  } catch (error) {
    save();
    throw error;
  }
  return { report: balanceReport(definition, plan, cells, state.cells.map((c) => c.records)), resumed };
}
