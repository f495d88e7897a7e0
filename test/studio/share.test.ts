/**
 * The position survives a reload and travels in a link (issue 9): the session kept per file in
 * localStorage (studio/src/lib/storage.ts) and the `#share=` link (studio/src/lib/share.ts) read
 * back exactly what was written, and anything else — an older format, a tampered value, a link cut
 * short — is refused with a reason, never half-used and never a crash.
 */
import { readFileSync } from 'node:fs';
import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { compileRules, randomPlayout, type GameDefinition } from '../../interpreter/index.ts';
import { rebuildMatch } from '../../studio/src/lib/playtest.ts';
import { decodeShare, encodeShare, isShareHash, sessionStateOf, sharedFileName, type SharedSession } from '../../studio/src/lib/share.ts';
import { checkSessionState, FileStore, type KeyValueStore, type SessionState } from '../../studio/src/lib/storage.ts';

class MemoryStore implements KeyValueStore {
  readonly map = new Map<string, string>();
  getItem(key: string) { return this.map.get(key) ?? null; }
  setItem(key: string, value: string) { this.map.set(key, value); }
  removeItem(key: string) { this.map.delete(key); }
  get length() { return this.map.size; }
  key(index: number) { return [...this.map.keys()][index] ?? null; }
}

const risikoText = readFileSync(new URL('../../rules/risiko.rules', import.meta.url), 'utf8');
function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

const state: SessionState = {
  moves: [{ player: 0, choice: 'Alaska' }, { player: 1, choice: '__proto__' }, { player: 2, choice: 'è “quoted” \u{1F3B2}' }],
  played: 2, players: 5, seed: 42, variant: '__proto__', viewAs: 1, tab: 'simulate',
};

const encodeRaw = (value: unknown) => '#share=' + Buffer.from(deflateSync(strToU8(JSON.stringify(value)))).toString('base64url');

describe('the session kept per file', () => {
  it('reads back exactly what was written, per file, also under the name __proto__', () => {
    const store = new FileStore(new MemoryStore());
    expect(store.saveSession('__proto__', state)).toBe(true);
    store.saveSession('risiko.rules', { ...state, played: 0, tab: 'play' });
    expect(store.loadSession('__proto__')).toEqual({ ok: true, value: state });
    expect(store.loadSession('risiko.rules')).toEqual({ ok: true, value: { ...state, played: 0, tab: 'play' } });
    expect(store.loadSession('constructor')).toBeNull();
    // Sessions are not files: the picker's names are unchanged.
    expect(store.names()).toEqual([]);
  });

  it('refuses tampered or older values with a reason', () => {
    const memory = new MemoryStore();
    const store = new FileStore(memory);
    const cases: [string, RegExp][] = [
      ['{not json', /not readable/],
      ['[]', /not a session/],
      ['{"moves": "a1"}', /moves/],
      [JSON.stringify({ ...state, moves: [{ player: -1, choice: 'x' }] }), /move 1/],
      [JSON.stringify({ ...state, moves: [{ choice: 'x' }] }), /move 1/],
      [JSON.stringify({ ...state, played: 4 }), /position/],
      [JSON.stringify({ ...state, players: 0 }), /player count/],
      [JSON.stringify({ ...state, seed: 1.5 }), /seed/],
      [JSON.stringify({ ...state, variant: 3 }), /variant/],
      [JSON.stringify({ ...state, viewAs: 'god' }), /viewpoint/],
      [JSON.stringify({ ...state, tab: 'toString' }), /tab/],
    ];
    for (const [raw, reason] of cases) {
      memory.setItem('regola:session:x.rules', raw);
      const loaded = store.loadSession('x.rules');
      expect(loaded?.ok, raw).toBe(false);
      expect(loaded?.ok === false && loaded.reason, raw).toMatch(reason);
    }
  });

  it('reads a __proto__ key as an unknown field, polluting nothing', () => {
    const checked = checkSessionState(JSON.parse(`{"__proto__": {"tab": "machine", "polluted": true}, "moves": [], "played": 0, "players": 2, "seed": 1}`));
    expect(checked).toEqual({ ok: true, value: { moves: [], played: 0, players: 2, seed: 1, variant: null, viewAs: 'referee', tab: 'play' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('storage that throws (full, forbidden) loses the session quietly, the studio keeps going', () => {
    const broken: KeyValueStore = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('full'); }, removeItem() { throw new Error('denied'); }, length: 0, key: () => null };
    const store = new FileStore(broken);
    expect(store.saveSession('a.rules', state)).toBe(false);
    expect(store.loadSession('a.rules')).toBeNull();
  });
});

describe('a link that carries a whole session', () => {
  const shared: SharedSession = { name: '__proto__.rules', text: risikoText, session: state };

  it('round-trips the name, the text byte for byte and the session, in URL-safe characters', () => {
    const hash = encodeShare(shared);
    expect(hash).toMatch(/^#share=[A-Za-z0-9_-]+$/);
    expect(isShareHash(hash)).toBe(true);
    expect(decodeShare(hash)).toEqual({ ok: true, value: shared });
    // Compressed: the whole Risiko! text travels in well under its own size.
    expect(hash.length).toBeLessThan(risikoText.length / 2);
  });

  it('a malformed, truncated or foreign link gives a clear reason', () => {
    const hash = encodeShare(shared);
    const cases: [string, RegExp][] = [
      ['#other=1', /carries no session/],
      ['#share=', /empty/],
      ['#share=abc$def', /characters/],
      [hash.slice(0, Math.floor(hash.length / 2)), /truncated|damaged|characters/],
      [hash.slice(0, -7), /truncated|damaged|characters/],
      ['#share=' + Buffer.from('hello').toString('base64url'), /truncated|damaged/],
      [encodeRaw('just a string'), /does not hold a session/],
      [encodeRaw({ v: 2, name: 'a', text: '', session: state }), /another version/],
      [encodeRaw({ v: 1, name: '', text: '', session: state }), /names no file/],
      [encodeRaw({ v: 1, name: 'a', text: 7, session: state }), /no rules text/],
      [encodeRaw({ v: 1, name: 'a', text: '', session: { ...state, played: -1 } }), /session is damaged: the position/],
    ];
    for (const [link, reason] of cases) {
      const decoded = decodeShare(link);
      expect(decoded.ok, link.slice(0, 40)).toBe(false);
      expect(decoded.ok === false && decoded.reason, link.slice(0, 40)).toMatch(reason);
    }
  });

  it('a shared file never takes the name of one of the designer\'s files with other text', () => {
    const files = new Map([['shared risiko.rules', 'my own text'], ['shared risiko.rules (2)', risikoText]]);
    const existing = (name: string) => files.get(name) ?? null;
    expect(sharedFileName('rules/risiko.rules', risikoText, existing)).toBe('shared risiko.rules (2)');
    expect(sharedFileName('risiko.rules', 'other text', existing)).toBe('shared risiko.rules (3)');
    expect(sharedFileName('mortadella.rules', 'x', existing)).toBe('shared mortadella.rules');
  });

  it('restores the same position: the moves replay to the same game, and the position is where the designer stood', () => {
    const definition = compile(risikoText);
    const settings = { players: 5, seed: 9, variant: null };
    const moves = randomPlayout(definition, { ...settings, keepMoves: true, maxRounds: 50 }).moves.slice(0, 60);
    const played = rebuildMatch(definition, settings, moves);
    if (!played.ok) throw new Error(played.diagnostic.message);
    played.match.rewindTo(45); // the designer rewound: the later moves stay in the intended list
    const sent = sessionStateOf({ intendedMoves: moves, intendedPosition: played.match.moves.length, settings, viewAs: 2 }, 'play');
    expect(sent.played).toBe(45);
    const back = decodeShare(encodeShare({ name: 'risiko.rules', text: risikoText, session: sent }));
    if (!back.ok) throw new Error(back.reason);
    // As Session.restore does: replay the designer's moves up to where they stood; the rest stay for redo.
    const again = rebuildMatch(compile(back.value.text), back.value.session, back.value.session.moves.slice(0, back.value.session.played));
    if (!again.ok) throw new Error(again.diagnostic.message);
    expect(back.value.session.moves).toEqual(moves);
    expect(again.match.moves).toEqual(played.match.moves);
    expect(JSON.stringify(again.match.view(2))).toBe(JSON.stringify(played.match.view(2)));
  });
});
