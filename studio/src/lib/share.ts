/**
 * A whole session in a link: the rules text, the file's name and the session (moves, position,
 * seed, players, variant) as JSON, deflated (fflate) and written in URL-safe base64 after
 * `#share=`. The hash never reaches a server. Reading a link checks everything it carries; the
 * rules text is data, handed to the editor like any opened file, never evaluated.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { seatBotTexts, type SeatBot } from './seat-bots.ts';
import { checkSessionState, type Checked, type SessionState } from './storage.ts';

export interface SharedSession { name: string; text: string; session: SessionState }

export const shareKey = 'share=';
const version = 1;
/** A link longer than this is not one the studio made (browsers cap URLs at about 2 MB). */
const maxLinkChars = 2_000_000;
/** Nor is text that inflates beyond this: a guard against a link built to exhaust memory. */
const maxInflated = 8_000_000;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The hash (with its `#`) that carries this session. */
export function encodeShare(shared: SharedSession): string {
  const json = JSON.stringify({ v: version, name: shared.name, text: shared.text, session: shared.session });
  return `#${shareKey}${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`;
}

/** Whether a location hash is a shared session at all (then `decodeShare` says whether it is a good one). */
export function isShareHash(hash: string): boolean {
  return hash.replace(/^#/, '').startsWith(shareKey);
}

/** Reads a shared session back from a hash; a malformed or truncated link gives the reason. */
export function decodeShare(hash: string): Checked<SharedSession> {
  const body = hash.replace(/^#/, '');
  if (!body.startsWith(shareKey)) return { ok: false, reason: 'the link carries no session' };
  const data = body.slice(shareKey.length);
  if (!data) return { ok: false, reason: 'the link is empty after "share="' };
  if (data.length > maxLinkChars) return { ok: false, reason: 'the link is too long to be one the studio made' };
  const bytes = fromBase64Url(data);
  if (!bytes) return { ok: false, reason: 'the link has characters a shared session never has (was it cut or changed?)' };
  let json: string;
  try {
    const inflated = inflateSync(bytes);
    if (inflated.length > maxInflated) return { ok: false, reason: 'the link unpacks to more text than a game has' };
    json = strFromU8(inflated);
  } catch {
    return { ok: false, reason: 'the link is truncated or damaged (it does not unpack)' };
  }
  let parsed: unknown;
  try { parsed = JSON.parse(json); } catch { return { ok: false, reason: 'the link is damaged (its content is not readable)' }; }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, reason: 'the link does not hold a session' };
  const p = parsed as Record<string, unknown>;
  const own = (key: string): unknown => (Object.prototype.hasOwnProperty.call(p, key) ? p[key] : undefined);
  if (own('v') !== version) return { ok: false, reason: `the link was made by another version of the studio (format ${String(own('v'))}, this one reads ${version})` };
  const name = own('name');
  const text = own('text');
  if (typeof name !== 'string' || !name.trim() || name.length > 200) return { ok: false, reason: 'the link names no file' };
  if (typeof text !== 'string') return { ok: false, reason: 'the link carries no rules text' };
  const session = checkSessionState(own('session'));
  if (!session.ok) return { ok: false, reason: `the link's session is damaged: ${session.reason}` };
  return { ok: true, value: { name, text, session: session.value } };
}

/**
 * The name a shared file opens under: never one of the designer's files with other text. The same
 * text under the shared name is the same file (opening a link twice does not make copies).
 */
export function sharedFileName(name: string, text: string, existingText: (name: string) => string | null): string {
  const base = `shared ${name.split('/').pop() || 'game.rules'}`;
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base} (${n})`;
    const existing = existingText(candidate);
    if (existing === null || existing === text) return candidate;
  }
  return `${base} (${Date.now()})`;
}

/** What is kept of a session: the designer's moves, where the game stands in them, the settings, the seats' bots, viewpoint and tab. */
export function sessionStateOf(
  session: {
    intendedMoves: readonly { player: number; choice: string }[]; intendedPosition: number; viewAs: number | 'referee'; seriesGame?: number; seatBots?: readonly SeatBot[];
    settings: { players: number; seed: number; variant: string | null; layout?: { tileKinds: number[]; tileTurns: number[] } | null };
  },
  tab: SessionState['tab'],
): SessionState {
  const layout = session.settings.layout;
  const moves = session.intendedMoves.map((m) => ({ player: m.player, choice: m.choice }));
  const bots = seatBotTexts((session.seatBots ?? []).slice(0, session.settings.players));
  return {
    moves,
    played: session.intendedPosition,
    players: session.settings.players,
    seed: session.settings.seed,
    variant: session.settings.variant,
    viewAs: session.viewAs,
    tab,
    // A game of a series starts from the last game's tiles: without them the moves would not replay.
    ...(layout ? { series: { layout: { tileKinds: layout.tileKinds.slice(), tileTurns: layout.tileTurns.slice() }, game: session.seriesGame ?? 1 } } : {}),
    ...(bots ? { bots } : {}),
  };
}
