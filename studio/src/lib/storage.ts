/**
 * Nothing typed is lost: every edit is written to localStorage as it happens, per file, with the
 * text last opened from or saved to disk (to tell "unsaved changes").
 */
import { checkSeatBotTexts } from './seat-bots.ts';

export interface StoredFile { text: string; savedText: string }

const prefix = 'regola:file:';
const sessionPrefix = 'regola:session:';
const currentKey = 'regola:current';

export type Tab = 'play' | 'machine' | 'simulate' | 'rulebook';
export const tabs: readonly Tab[] = ['play', 'machine', 'simulate', 'rulebook'];

/**
 * Where the designer was in a file's game: their moves (the intended list), how many of them the
 * game stood at (fewer after a rewind), the settings, the viewpoint and the tab.
 */
export interface SessionState {
  moves: { player: number; choice: string }[];
  played: number;
  players: number;
  seed: number;
  variant: string | null;
  viewAs: number | 'referee';
  tab: Tab;
  /** In a series of games (`carry layout`): the tiles this game started from, and which game of the series it is. */
  series?: { layout: { tileKinds: number[]; tileTurns: number[] }; game: number };
  /** Who plays each seat, as on the command line (`human`, `random`, `mcts:200`, `mcts:500ms`); absent when every seat is a person. */
  bots?: string[];
}

/** More tiles than any board holds: beyond it a kept series is broken or tampered with. */
const maxTiles = 10_000;

function checkSeries(value: unknown): Checked<SessionState['series']> {
  if (value === undefined) return { ok: true, value: undefined };
  const bad = { ok: false as const, reason: 'the series\' layout is not a layout of tiles' };
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !has(value, 'layout') || !has(value, 'game')) return bad;
  const { layout, game } = value as Record<string, unknown>;
  if (!isIndex(game, 1_000_000) || game < 1 || typeof layout !== 'object' || layout === null || !has(layout, 'tileKinds') || !has(layout, 'tileTurns')) return bad;
  const { tileKinds, tileTurns } = layout as Record<string, unknown>;
  if (!Array.isArray(tileKinds) || !Array.isArray(tileTurns) || tileKinds.length !== tileTurns.length || tileKinds.length > maxTiles) return bad;
  if (!tileKinds.every((k) => isIndex(k, maxTiles)) || !tileTurns.every((t) => isIndex(t, 3))) return bad;
  return { ok: true, value: { layout: { tileKinds: tileKinds.slice() as number[], tileTurns: tileTurns.slice() as number[] }, game } };
}

/** Bounds that no real game reaches; anything beyond is tampered with or broken. */
const maxMoves = 100_000;
const maxPlayers = 64;

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

const isIndex = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;
const has = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

/**
 * A session read back from storage or a link, checked field by field: an older version's or a
 * tampered value is refused with the reason, never half-used. Only own fields are read, so a
 * `__proto__` key is just an unknown field.
 */
export function checkSessionState(value: unknown): Checked<SessionState> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'not a session' };
  const v = value as Record<string, unknown>;
  const field = (key: string): unknown => (has(v, key) ? v[key] : undefined);
  const moves = field('moves');
  if (!Array.isArray(moves) || moves.length > maxMoves) return { ok: false, reason: 'the moves are not a list of moves' };
  const checked: SessionState['moves'] = [];
  for (const [i, move] of moves.entries()) {
    if (typeof move !== 'object' || move === null || !has(move, 'player') || !has(move, 'choice')) return { ok: false, reason: `move ${i + 1} is not a move` };
    const { player, choice } = move as Record<string, unknown>;
    if (!isIndex(player, maxPlayers) || typeof choice !== 'string') return { ok: false, reason: `move ${i + 1} is not a move` };
    checked.push({ player, choice });
  }
  const played = field('played');
  if (!isIndex(played, checked.length)) return { ok: false, reason: 'the position is outside the moves' };
  const players = field('players');
  if (!isIndex(players, maxPlayers) || players < 1) return { ok: false, reason: 'the player count is not a number of players' };
  const seed = field('seed');
  if (!isIndex(seed, 0xffffffff)) return { ok: false, reason: 'the seed is not a whole number' };
  const variant = field('variant') ?? null;
  if (variant !== null && typeof variant !== 'string') return { ok: false, reason: 'the variant is not a name' };
  const viewAs = field('viewAs') ?? 'referee';
  if (viewAs !== 'referee' && !isIndex(viewAs, maxPlayers - 1)) return { ok: false, reason: 'the viewpoint is not a player' };
  const tab = field('tab') ?? 'play';
  if (!tabs.includes(tab as Tab)) return { ok: false, reason: 'the tab is not one of the studio\'s' };
  const series = checkSeries(field('series'));
  if (!series.ok) return series;
  const bots = checkSeatBotTexts(field('bots'), maxPlayers);
  if (!bots.ok) return bots;
  return {
    ok: true,
    value: { moves: checked, played, players, seed, variant, viewAs, tab: tab as Tab, ...(series.value ? { series: series.value } : {}), ...(bots.value ? { bots: bots.value } : {}) },
  };
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

export class FileStore {
  constructor(private readonly store: KeyValueStore | null) {}

  load(name: string): StoredFile | null {
    const raw = this.safe(() => this.store?.getItem(prefix + name) ?? null);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as StoredFile;
      return typeof parsed.text === 'string' && typeof parsed.savedText === 'string' ? parsed : null;
    } catch {
      return null;
    }
  }

  save(name: string, file: StoredFile): boolean {
    return this.safe(() => { this.store?.setItem(prefix + name, JSON.stringify(file)); return true; }) ?? false;
  }

  remove(name: string): void {
    this.safe(() => this.store?.removeItem(prefix + name));
    this.safe(() => this.store?.removeItem(sessionPrefix + name));
  }

  /** The session kept for a file: null when there is none, the reason when what is kept cannot be used. */
  loadSession(name: string): Checked<SessionState> | null {
    const raw = this.safe(() => this.store?.getItem(sessionPrefix + name) ?? null);
    if (!raw) return null;
    let parsed: unknown;
    try { parsed = JSON.parse(raw); } catch { return { ok: false, reason: 'it is not readable' }; }
    return checkSessionState(parsed);
  }

  saveSession(name: string, state: SessionState): boolean {
    return this.safe(() => { this.store?.setItem(sessionPrefix + name, JSON.stringify(state)); return true; }) ?? false;
  }

  removeSession(name: string): void {
    this.safe(() => this.store?.removeItem(sessionPrefix + name));
  }

  names(): string[] {
    const names: string[] = [];
    const store = this.store;
    if (!store) return names;
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) names.push(key.slice(prefix.length));
    }
    return names.sort();
  }

  get current(): string | null { return this.safe(() => this.store?.getItem(currentKey) ?? null) ?? null; }
  set current(name: string | null) {
    this.safe(() => (name === null ? this.store?.removeItem(currentKey) : this.store?.setItem(currentKey, name)));
  }

  /** Storage can be full or forbidden (private windows): the studio keeps working, it just cannot persist. */
  private safe<T>(action: () => T): T | undefined {
    try { return action(); } catch { return undefined; }
  }
}
