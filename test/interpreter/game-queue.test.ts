/** The bookkeeping of a run spread over workers: chunks handed out, results counted in game order. */
import { describe, expect, it } from 'vitest';
import { chunkSize, GameQueue } from '../../interpreter/simulation/game-queue.ts';

describe('GameQueue', () => {
  it('counts the results in game order however the workers return them', () => {
    const queue = new GameQueue<string>(10, 3);
    const chunks = [queue.take(), queue.take(), queue.take(), queue.take(), queue.take()];
    expect(chunks).toEqual([{ from: 0, to: 3 }, { from: 3, to: 6 }, { from: 6, to: 9 }, { from: 9, to: 10 }, null]);
    const counted: string[] = [];
    const count = (result: string, game: number) => counted.push(`${game}:${result}`);
    queue.put(6, ['g', 'h', 'i']);
    queue.put(3, ['d', 'e', 'f']);
    queue.drain(count);
    expect(counted).toEqual([]);
    expect(queue.received).toBe(6);
    queue.put(0, ['a', 'b', 'c']);
    queue.drain(count);
    expect(counted).toEqual(['0:a', '1:b', '2:c', '3:d', '4:e', '5:f', '6:g', '7:h', '8:i']);
    expect(queue.finished).toBe(false);
    queue.put(9, ['j']);
    queue.drain(count);
    expect(queue.finished).toBe(true);
  });

  it('a run taken up again hands out and counts only the games after those counted before', () => {
    const queue = new GameQueue<string>(7, 2, 4);
    expect(queue.finished).toBe(false);
    expect([queue.take(), queue.take(), queue.take()]).toEqual([{ from: 4, to: 6 }, { from: 6, to: 7 }, null]);
    const counted: string[] = [];
    queue.put(6, ['g']);
    queue.put(4, ['e', 'f']);
    expect(queue.received).toBe(7);
    queue.drain((result, game) => counted.push(`${game}:${result}`));
    expect(counted).toEqual(['4:e', '5:f', '6:g']);
    expect(queue.finished).toBe(true);
  });

  it('a failure stops the run at the first failing game in game order, once every game before it is counted', () => {
    const queue = new GameQueue<number>(12, 2);
    for (let i = 0; i < 4; i++) queue.take(); // games 0–7 handed out
    queue.put(6, [6]);
    queue.fail({ game: 7, message: 'later' });
    expect(queue.failure).toBeNull();
    queue.put(2, [2]);
    queue.fail({ game: 3, message: 'first' });
    // No game past the first failure is handed out any more.
    expect(queue.take()).toBeNull();
    const counted: number[] = [];
    queue.drain((game) => counted.push(game));
    expect(queue.failure).toBeNull(); // games 0 and 1 are still out
    queue.put(0, [0, 1]);
    queue.put(4, [4, 5]);
    queue.drain((game) => counted.push(game));
    expect(counted).toEqual([0, 1, 2]);
    expect(queue.failure).toEqual({ game: 3, message: 'first' });
  });

  it('hands out about 16 chunks a worker, never empty ones', () => {
    expect(chunkSize(1000, 2)).toBe(32);
    expect(chunkSize(5, 8)).toBe(1);
    expect(chunkSize(10_000_000, 2)).toBe(256);
  });
});
