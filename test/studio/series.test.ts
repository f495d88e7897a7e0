/**
 * "La disposizione dei tasselli alla conclusione sarà la base di partenza per una nuova partita":
 * the studio's next game of a series (rules/percorsi.rules, whose grid is declared with `carry
 * layout`) starts from the tiles as they lie, and keeps them while the rules are edited.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, type GameDefinition, type Match } from '../../interpreter/index.ts';
import { carriesLayout, fitSettings, nextGameSettings, rebuildMatch, type PlaytestSettings } from '../../studio/src/lib/playtest.ts';
import { autoPlay } from '../../studio/src/playtest/view-model.ts';
import { playOn, startMatch } from '../support/studio-match.ts';

const rulesText = (name: string) => readFileSync(fileURLToPath(new URL(`../../rules/${name}`, import.meta.url)), 'utf8');

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

const percorsiText = rulesText('percorsi.rules');
const percorsi = compile(percorsiText);
const mortadella = compile(rulesText('mortadella.rules'));
const settings: PlaytestSettings = { players: 2, seed: 3, variant: null };

/** The tiles as the board shows them: kind and quarter turns, tile by tile. */
const tiles = (match: Match) => match.view('referee').board!.grids.flatMap((grid) => grid.tiles.map((tile) => `${tile.label}:${tile.kind}:${tile.turns}`));

/** A game well under way: random bots for `moves` decisions (tiles get turned). */
function played(moves = 400): Match {
  const match = startMatch(percorsi, settings);
  autoPlay(match, playOn(match), { state: 11 }, () => false, moves);
  return match;
}

describe('the next game from this layout', () => {
  it('is offered only for a grid declared with carry layout', () => {
    expect(carriesLayout(percorsi)).toBe(true);
    expect(carriesLayout(mortadella)).toBe(false);
    expect(nextGameSettings(startMatch(mortadella, { players: 4, seed: 1, variant: null }), { players: 4, seed: 1, variant: null })).toBeNull();
  });

  it('starts a new game, move 0, on the tiles as the last game left them, with the same players, seed and variant', () => {
    const last = played();
    const next = nextGameSettings(last, settings)!;
    expect(next).toMatchObject({ players: 2, seed: 3, variant: null });
    expect(next.layout).toEqual(last.layout());
    const rebuilt = rebuildMatch(percorsi, next, []);
    if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
    expect(rebuilt.match.moves).toEqual([]);
    expect(rebuilt.note).toBeNull();
    expect(tiles(rebuilt.match)).toEqual(tiles(last));
    expect(rebuilt.settings.layout).toEqual(last.layout());
    // The tiles were turned during the game, so the series' game is not the seed's own layout.
    expect(tiles(rebuilt.match)).not.toEqual(tiles(startMatch(percorsi, settings)));
  });

  it('keeps the layout apart from the game it came from: playing on does not move the next game\'s tiles', () => {
    const last = played();
    const next = nextGameSettings(last, settings)!;
    const before = JSON.stringify(next.layout);
    autoPlay(last, playOn(last), { state: 5 }, () => false, 200);
    expect(JSON.stringify(next.layout)).toBe(before);
  });

  it('an edit of the rules replays the series\' game on the same tiles, with its moves', () => {
    const next = nextGameSettings(played(), settings)!;
    const game = startMatch(percorsi, next);
    autoPlay(game, playOn(game), { state: 2 }, () => false, 30);
    const edited = compile(percorsiText.replace('turn limit 3000', 'turn limit 2999'));
    const rebuilt = rebuildMatch(edited, next, game.moves);
    if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
    expect(rebuilt.dropped).toEqual([]);
    expect(rebuilt.match.hash()).toBe(game.hash());
    expect(tiles(rebuilt.match)).toEqual(tiles(game));
  });

  it('drops the layout for rules whose tiles no longer carry over, and says so when they no longer fit', () => {
    const next = nextGameSettings(played(), settings)!;
    expect(fitSettings(compile(percorsiText.replace(/\n\s*carry layout\n/, '\n')), next).layout).toBeUndefined();
    const bad = { ...next, layout: { tileKinds: next.layout!.tileKinds.slice(1), tileTurns: next.layout!.tileTurns.slice(1) } };
    const rebuilt = rebuildMatch(percorsi, bad, []);
    if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
    expect(rebuilt.note).toMatch(/no longer fit/);
    expect(rebuilt.settings.layout).toBeUndefined();
    expect(tiles(rebuilt.match)).toEqual(tiles(startMatch(percorsi, settings)));
  });
});
