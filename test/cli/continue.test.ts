/**
 * `regola play FILE --continue game.json`: "La disposizione dei tasselli alla conclusione sarà la
 * base di partenza per una nuova partita." A game played to its end and saved, the next game
 * started from its tiles, saved and replayed; and every refusal.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, Match, type GameDefinition, type SavedGame } from '../../interpreter/index.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const tessere = join(root, 'test', 'cli', 'fixtures', 'tessere.rules');
const mortadella = join(root, 'rules', 'mortadella.rules');
const scratch = mkdtempSync(join(tmpdir(), 'regola-continue-'));

function regola(args: string[], input = '') {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, input, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

function definitionOf(file: string): GameDefinition {
  const { definition, diagnostics } = compileRules(readFileSync(file, 'utf8'));
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

const readSave = (file: string): SavedGame => JSON.parse(readFileSync(file, 'utf8'));
const tilesOf = (match: Match) => match.view('referee').board!.grids.map((g) => ({ tiles: g.tiles, colours: g.cells.map((c) => c.colour) }));

/** A game of Tessere played to its end by always taking the first choice, saved. */
function playedGame(name: string, seed: number, extra: string[] = []): string {
  const save = join(scratch, name);
  const { code, out } = regola(['play', tessere, '--seed', String(seed), '--save', save, ...extra], '1\n'.repeat(100));
  expect(code).toBe(0);
  expect(out).toMatch(/game over: P\d wins/);
  return save;
}

describe('regola play --continue', () => {
  const definition = definitionOf(tessere);

  it('starts the next game from the tiles the saved game ended with; its save keeps them and replays', () => {
    const first = playedGame('first.json', 3);
    const ended = Match.restore(definition, readSave(first));
    if (!ended.ok) throw new Error(ended.diagnostic.message);

    const second = join(scratch, 'second.json');
    const { code, out } = regola(['play', tessere, '--continue', first, '--seed', '8', '--save', second], '1\n'.repeat(100));
    expect(code).toBe(0);
    expect(out).toContain(`the tiles as ${first} left them, after its ${readSave(first).moves.length} moves`);
    expect(out).toMatch(/game over: P\d wins/);

    const saved = readSave(second);
    expect(saved.seed).toBe(8);
    expect(saved.layout).toEqual(ended.match.layout());
    // The second game's first position: the first game's last tiles, every pawn off the board.
    const started = Match.start(definition, { players: saved.players, seed: saved.seed, variant: saved.variant, layout: saved.layout });
    if (!started.ok) throw new Error(started.diagnostic.message);
    expect(tilesOf(started.match)).toEqual(tilesOf(ended.match));
    expect(started.match.view('referee').board!.pieces.every((p) => p.at === null && !p.captured)).toBe(true);
    // Seed 8 alone would lay the tiles otherwise: the layout is what made them so.
    const fresh = Match.start(definition, { players: 2, seed: 8 });
    if (!fresh.ok) throw new Error(fresh.diagnostic.message);
    expect(tilesOf(fresh.match)).not.toEqual(tilesOf(ended.match));

    const replay = regola(['replay', tessere, second]);
    expect(replay.code).toBe(0);
    expect(replay.out).toContain('matches the save');

    // A series goes on: the third game starts from the second's last tiles (the second was itself continued).
    const secondEnded = Match.restore(definition, saved);
    if (!secondEnded.ok) throw new Error(secondEnded.diagnostic.message);
    const third = join(scratch, 'third.json');
    expect(regola(['play', tessere, '--continue', second, '--seed', '2', '--save', third], 'quit\n').code).toBe(0);
    expect(readSave(third).layout).toEqual(secondEnded.match.layout());
  });

  it('continues from a game that was not finished, and says so', () => {
    const save = join(scratch, 'unfinished.json');
    regola(['play', tessere, '--seed', '4', '--save', save], '1\n1\n1\nquit\n');
    const { code, out } = regola(['play', tessere, '--continue', save], 'quit\n');
    expect(code).toBe(0);
    expect(out).toContain('after its 3 moves (that game was not finished)');
  });

  it('refuses rules that carry no layout', () => {
    const save = playedGame('for-plain.json', 5);
    const plain = join(scratch, 'plain.rules');
    writeFileSync(plain, readFileSync(tessere, 'utf8').replace('  carry layout\n', ''));
    const { code, err } = regola(['play', plain, '--continue', save]);
    expect(code).toBe(1);
    expect(err.trim()).toBe(`regola: Tessere does not carry its tiles into a new game (none of its grids says 'carry layout'), so --continue has nothing to take from ${save}`);
    const noGrid = regola(['play', mortadella, '--continue', save]);
    expect(noGrid.code).toBe(1);
    expect(noGrid.err).toContain('(it has no grid)');
  });

  it('refuses the save of another game', () => {
    const other = join(scratch, 'mortadella.json');
    regola(['play', mortadella, '--players', '3', '--save', other], 'quit\n');
    const { code, err } = regola(['play', tessere, '--continue', other]);
    expect(code).toBe(1);
    expect(err.trim()).toBe(`regola: ${other} is a saved game of 'Il Trono di Mortadella', not of 'Tessere'`);
  });

  it('refuses a save whose moves the rules refuse, or that ends elsewhere, or whose layout does not fit', () => {
    const save = readSave(playedGame('to-break.json', 6));
    const write = (name: string, game: object) => { const file = join(scratch, name); writeFileSync(file, JSON.stringify(game)); return file; };

    const badMove = write('bad-move.json', { ...save, moves: save.moves.map((m, i) => (i === 2 ? { ...m, choice: 'z9' } : m)) });
    let result = regola(['play', tessere, '--continue', badMove]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`regola: ${badMove} cannot be replayed on these rules: move 3: 'z9' is not a legal choice`);

    const elsewhere = write('elsewhere.json', { ...save, stateHash: '00000000' });
    result = regola(['play', tessere, '--continue', elsewhere]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`regola: ${elsewhere} replays to a different end on these rules (state hash ${save.stateHash}, saved 00000000): the rules changed since it was saved`);

    const tiles = definition.totalTiles;
    const badLayout = write('bad-layout.json', { ...save, layout: { tileKinds: new Array(tiles).fill(7), tileTurns: new Array(tiles).fill(0) } });
    result = regola(['play', tessere, '--continue', badLayout]);
    expect(result.code).toBe(1);
    expect(result.err).toContain("its layout puts a tile of kind 7 on 'Campo', which has 2 kinds of tile");
    // replay checks a save's layout the same way (the engine would take it as it is).
    result = regola(['replay', tessere, badLayout]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`regola: ${badLayout} cannot be replayed on these rules: its layout puts a tile of kind 7`);
    const shortLayout = write('short-layout.json', { ...save, layout: { tileKinds: [0], tileTurns: [0] } });
    expect(regola(['replay', tessere, shortLayout]).err).toContain(`its layout has 1 tile, but the rules' grids have ${tiles}`);

    const notJson = write('not-json.json', {});
    writeFileSync(notJson, '{ moves: ');
    result = regola(['play', tessere, '--continue', notJson]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`${notJson} is not valid JSON`);
    expect(regola(['play', tessere, '--continue', join(scratch, 'missing.json')]).err).toContain('cannot read');
  });
});
