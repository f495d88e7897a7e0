/**
 * A game on a grid of rotatable tiles in the studio, played on the board itself: the setup by
 * clicking cells, a tile turned by clicking it and then ↻, a pawn moved by clicking it and then a
 * cell, the path under a hovered pawn, the bots to the end. Percorsi (rules/percorsi.rules) when
 * the studio bundles it, else the small grid game in fixtures/quadri.rules, opened from disk: the
 * board is drawn from the grid declaration, so the same clicks drive either. Screenshots of the
 * board go to test-artifacts/.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useStudio } from './browser.ts';

const studio = useStudio();

const board = () => studio.page.locator('[data-testid="grids"]');
const prompt = () => studio.page.locator('[data-testid="choice"] [data-testid="prompt"]').textContent();
const logLines = () => studio.page.locator('[data-testid="log"] [data-testid="log-entry"]');
const selectableCells = () => studio.page.locator('[data-testid="grid-cell"][data-selectable="true"]');
const selectableTiles = () => studio.page.locator('[data-testid="grid-tile"][data-selectable="true"]');
const selectablePieces = () => studio.page.locator('[data-testid="grid-piece"][data-selectable="true"]');
const selectableSpares = () => studio.page.locator('[data-testid="grid-spare"][data-selectable="true"]');
const boardRotations = () => studio.page.locator('svg [data-testid="grid-rotate"]');

/** What changes with every move played: the question and the log. */
const position = async () => `${await prompt()}|${await logLines().count()}`;

/** Clicks, then waits until the game has moved on. */
async function clickAndWait(target: ReturnType<Page['locator']>): Promise<void> {
  const before = await position();
  await target.click();
  await expect.poll(position).not.toBe(before);
}

/** A choice the board does not draw (a side, an option of the rules): the first button, never "no move". */
async function clickFirstButton(): Promise<void> {
  await clickAndWait(studio.page.locator('[data-testid="move"]:not([data-kind="unpick"]):not([data-choice="nessuna mossa"]):enabled').first());
}

/** The board shot alone, beside the whole studio.page. */
async function shootBoard(name: string): Promise<void> {
  await board().screenshot({ path: `${fileURLToPath(new URL('../../test-artifacts/', import.meta.url))}${name}.png` });
}

describe('a game on a grid', () => {
  it('opens the grid game with its board drawn from the declaration: cells, tiles, coordinates, pieces off the board', async () => {
    const games = await studio.page.locator('[data-testid="game-picker"] option').allTextContents();
    if (games.includes('percorsi.rules')) {
      await studio.page.selectOption('[data-testid="game-picker"]', 'percorsi.rules');
    } else {
      const text = readFileSync(fileURLToPath(new URL('./fixtures/quadri.rules', import.meta.url)), 'utf8');
      await studio.page.setInputFiles('[data-testid="open-file-input"]', { name: 'quadri.rules', mimeType: 'text/plain', buffer: Buffer.from(text) });
    }
    await expect.poll(() => studio.page.locator('[data-testid="grid"]').count()).toBe(1);
    await studio.page.fill('[data-testid="seed"]', '5');
    await studio.page.click('[data-testid="restart"]');
    const cells = await studio.page.locator('[data-testid="grid-cell"]').count();
    const tiles = await studio.page.locator('[data-testid="grid-tile"]').count();
    expect(cells).toBeGreaterThanOrEqual(36);
    expect(cells % tiles).toBe(0);
    // Every piece waits off the board, in its player's list; the fixed tiles are marked as such.
    const offBoard = await studio.page.locator('[data-testid="grid-off"] [data-testid="grid-spare"]').count();
    expect(offBoard).toBeGreaterThan(0);
    expect(await studio.page.locator('[data-testid="grid-piece"]').count()).toBe(0);
    expect(await studio.page.locator('[data-testid="grid-tile"][data-fixed="true"]').count()).toBeGreaterThan(0);
    expect(await studio.page.locator('[data-testid="grid-side"]').count()).toBe(2);
    expect(await studio.page.locator('[data-testid="grid-side"] [data-testid="grid-var"]').count()).toBeGreaterThan(0);
    // At least two colours, painted differently.
    const fills = await studio.page.locator('[data-testid="grid-cell"] .cell-fill').evaluateAll((rects) => [...new Set(rects.map((r) => r.getAttribute('fill')))]);
    expect(fills.length).toBeGreaterThanOrEqual(2);
    await screenshot(studio.page, 'grid-01-opened');
    await shootBoard('grid-01-board');
  });

  it('sets up by clicking highlighted cells until every pawn stands on the board', async () => {
    const onBoard = () => studio.page.locator('[data-testid="grid-piece"]').count();
    const spares = await studio.page.locator('[data-testid="grid-off"] [data-testid="grid-spare"]').count();
    let cellClicks = 0;
    for (let clicks = 0; clicks < 100 && (await onBoard()) < spares; clicks++) {
      if (await selectableCells().count()) { await clickAndWait(selectableCells().first()); cellClicks++; }
      else if (await selectableSpares().count()) await clickAndWait(selectableSpares().first());
      else await clickFirstButton();
      if (cellClicks === 3) await shootBoard('grid-02-setup');
    }
    expect(await onBoard()).toBe(spares);
    expect(cellClicks).toBeGreaterThanOrEqual(spares / 2);
    expect(await studio.page.locator('[data-testid="grid-off"]').count()).toBe(0);
  });

  it('turns a tile by clicking it, then ↻ on the board: the tile turns a quarter, animated', async () => {
    // The dice may name only fixed tiles: a turn without a rotation goes by with the buttons.
    for (let clicks = 0; clicks < 60 && !(await selectableTiles().count()); clicks++) await clickFirstButton();
    const offered = await selectableTiles().count();
    expect(offered).toBeGreaterThan(0);
    await shootBoard('grid-03-tiles-offered');
    const tile = selectableTiles().first();
    const label = (await tile.getAttribute('data-tile'))!;
    const turns = Number(await tile.getAttribute('data-turns'));
    await clickAndWait(tile.locator('.tile-hit'));
    expect(await boardRotations().count()).toBe(2);
    await shootBoard('grid-04-rotation-buttons');
    const clockwise = boardRotations().filter({ hasText: '↻' });
    const before = await position();
    await clockwise.click();
    // The tile eases into its new position: an animation runs on its group.
    const animated = await studio.page.evaluate(() => document.getAnimations().map((a) => ((a.effect as KeyframeEffect | null)?.target as SVGElement | null)?.dataset.tile ?? ''));
    expect(animated).toContain(label);
    await studio.page.waitForTimeout(150);
    await shootBoard('grid-05-turning');
    await expect.poll(position).not.toBe(before);
    const after = studio.page.locator(`[data-testid="grid-tile"][data-tile="${label}"]`);
    expect(Number(await after.getAttribute('data-turns'))).toBe((turns + 1) % 4);
    await expect.poll(() => logLines().filter({ hasText: `${label} clockwise` }).count()).toBeGreaterThan(0);
  });

  /** On to the next choice of a pawn, a tile turned on the way if the dice ask for one. */
  async function toPawnChoice(): Promise<void> {
    for (let clicks = 0; clicks < 60 && !(await selectablePieces().count()); clicks++) {
      if (await selectableTiles().count()) {
        await clickAndWait(selectableTiles().first().locator('.tile-hit'));
        await clickAndWait(boardRotations().first());
      } else {
        await clickFirstButton();
      }
    }
  }

  it('moves a pawn by clicking it, then a highlighted cell; hovering a pawn shows its path', async () => {
    await toPawnChoice();
    await selectablePieces().first().hover();
    await expect.poll(() => studio.page.locator('[data-testid="grid-path"]').count()).toBeGreaterThan(0);
    await shootBoard('grid-06-path-on-hover');
    // A pawn with one way to go goes there by itself: take it back and try the next, until one
    // offers cells to click (or, in a turn where none does, play on to the next turn).
    let moved = false;
    for (let turn = 0; turn < 10 && !moved; turn++) {
      await toPawnChoice();
      const question = await position();
      const pawns = await selectablePieces().count();
      expect(pawns).toBeGreaterThan(0);
      for (let k = 0; k < pawns && !moved; k++) {
        const pawn = selectablePieces().nth(k);
        const from = (await pawn.getAttribute('data-piece'))!;
        await clickAndWait(pawn);
        // A choice of where to (on a cell, or past the line) may come before the cells themselves.
        const onCell = studio.page.locator('[data-testid="move"][data-choice="su una casella"]');
        if (!(await selectableCells().count()) && (await onCell.count())) await clickAndWait(onCell);
        if (await selectableCells().count()) {
          await shootBoard('grid-07-cells-offered');
          const to = (await selectableCells().first().getAttribute('data-cell'))!;
          await clickAndWait(selectableCells().first());
          await expect.poll(() => logLines().filter({ hasText: new RegExp(`moves ${from} to ${to}\\b`) }).count()).toBeGreaterThan(0);
          moved = true;
        } else {
          for (let undo = 0; undo < 3 && (await position()) !== question; undo++) await clickAndWait(studio.page.locator('[data-testid="undo"]'));
          expect(await position()).toBe(question);
        }
      }
      if (!moved) await clickFirstButton();
    }
    expect(moved).toBe(true);
    await shootBoard('grid-08-moved');
  });

  it('lets the bots play to the end, and shows the winner beside the board', async () => {
    await studio.page.selectOption('[data-testid="view-as"]', { label: 'Referee' });
    const outcome = studio.page.locator('[data-testid="outcome"]');
    await studio.page.click('[data-testid="autoplay"]');
    await expect.poll(() => outcome.count(), { timeout: 110_000, interval: 500 }).toBe(1);
    expect(await outcome.textContent()).toMatch(/P\d|draw|stopped/);
    if (/P\d wins/.test((await outcome.textContent()) ?? '')) {
      expect(await studio.page.locator('[data-testid="grid-side"].won').count()).toBe(1);
    }
    await screenshot(studio.page, 'grid-09-over');
    await shootBoard('grid-09-board-over');
    expect(studio.errors).toEqual([]);
  }, 120_000);
});
