/** The file of a saved game: read for `play --continue`, written for `play --save`. */
import { accessSync, constants, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SavedGame } from '../interpreter/index.ts';
import { UsageError } from './failures.ts';
import { readText } from './rules-file.ts';
import { parseSave } from './series.ts';

export function readSave(file: string): SavedGame {
  const parsed = parseSave(readText(file), file);
  if (!parsed.ok) throw new UsageError(parsed.message);
  return parsed.value;
}

/** The save path can be written: its folder exists and it is not a folder itself. */
export function checkWritable(path: string): void {
  try {
    accessSync(dirname(path) || '.', constants.W_OK);
  } catch (error) {
    throw new UsageError(`cannot save to ${path}: the folder ${dirname(path)} ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be written'}`);
  }
  let isFolder = false;
  try { isFolder = statSync(path).isDirectory(); } catch { /* a new file */ }
  if (isFolder) throw new UsageError(`cannot save to ${path}: it is a folder`);
}

/** Writes the save; if that fails after all (the disk, the folder removed meanwhile), the moves go to a temporary file. Returns where. */
export function saveGame(path: string, json: string): string {
  try {
    writeFileSync(path, json);
    return path;
  } catch (error) {
    const fallback = join(mkdtempSync(join(tmpdir(), 'regola-')), 'game.json');
    writeFileSync(fallback, json);
    console.error(`regola: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); the game was saved to ${fallback} instead`);
    return fallback;
  }
}
