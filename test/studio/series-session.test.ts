/**
 * A series' layout is kept with the session and travels in a share link (issue 9): a game of a
 * series (rules/percorsi.rules, `carry layout`) starts from the last game's tiles, so without them
 * a reload or a link would replay its moves on the wrong board.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, type GameDefinition, type Match } from '../../interpreter/index.ts';
import { nextGameSettings, rebuildMatch, type PlaytestSettings } from '../../studio/src/lib/playtest.ts';
import { decodeShare, encodeShare, sessionStateOf } from '../../studio/src/lib/share.ts';
import { checkSessionState } from '../../studio/src/lib/storage.ts';
import { autoPlay } from '../../studio/src/playtest/view-model.ts';
import { playOn, startMatch } from '../support/studio-match.ts';

const percorsiText = readFileSync(fileURLToPath(new URL('../../rules/percorsi.rules', import.meta.url)), 'utf8');
function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}
const percorsi = compile(percorsiText);
const settings: PlaytestSettings = { players: 2, seed: 3, variant: null };
const tiles = (match: Match) => match.view('referee').board!.grids.flatMap((grid) => grid.tiles.map((tile) => `${tile.kind}:${tile.turns}`));

/** The second game of a series, 6 moves into it. */
function secondGame() {
  const first = startMatch(percorsi, settings);
  autoPlay(first, playOn(first), { state: 11 }, () => false, 400);
  const next = nextGameSettings(first, settings)!;
  const second = startMatch(percorsi, next);
  autoPlay(second, playOn(second), { state: 5 }, () => false, 6);
  return { next, second };
}

describe('a series in the kept session and in a link', () => {
  const { next, second } = secondGame();
  const state = sessionStateOf({ intendedMoves: second.moves, intendedPosition: second.moves.length, viewAs: 'referee', seriesGame: 2, settings: next }, 'play');

  it('the session says which game of the series it is and the tiles it started from', () => {
    expect(state.series).toEqual({ layout: next.layout, game: 2 });
    expect(sessionStateOf({ intendedMoves: [], intendedPosition: 0, viewAs: 'referee', settings }, 'play').series).toBeUndefined();
  });

  it('read back (storage, then a link), it replays the same game on the same tiles', () => {
    const kept = checkSessionState(JSON.parse(JSON.stringify(state)));
    if (!kept.ok) throw new Error(kept.reason);
    expect(kept.value).toEqual(state);
    const shared = decodeShare(encodeShare({ name: 'percorsi.rules', text: percorsiText, session: state }));
    if (!shared.ok) throw new Error(shared.reason);
    const series = shared.value.session.series!;
    const rebuilt = rebuildMatch(percorsi, { players: 2, seed: 3, variant: null, layout: series.layout }, shared.value.session.moves);
    if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
    expect(rebuilt.applied).toBe(second.moves.length);
    expect(tiles(rebuilt.match)).toEqual(tiles(second));
    expect(rebuilt.match.hash()).toBe(second.hash());
  });

  it('a broken or tampered series is refused with the reason, never half-used', () => {
    const broken = (series: unknown) => checkSessionState({ ...state, series });
    for (const series of [
      null, [], { layout: next.layout }, { layout: next.layout, game: 0 },
      { layout: { tileKinds: [1, 2], tileTurns: [0] }, game: 2 },
      { layout: { tileKinds: [1], tileTurns: [4] }, game: 2 },
      { layout: { tileKinds: [-1], tileTurns: [0] }, game: 2 },
      { layout: { tileKinds: 'x', tileTurns: [0] }, game: 2 },
    ]) {
      const checked = broken(series);
      expect(checked.ok, JSON.stringify(series)).toBe(false);
      if (!checked.ok) expect(checked.reason).toMatch(/layout/);
    }
  });
});
