/**
 * The loops and blocks of a program's flat instruction list, found again from its jumps so that
 * structured.ts can write it as JavaScript loops and labelled blocks instead of a `switch` per
 * instruction. The lowering makes if, while, repeat, for each and choose's options into jumps
 * over contiguous ranges, so every jump back is a loop's and every jump forward leaves a block
 * that ends at its target; a list of jumps that cannot be nested that way gets null (the program
 * then runs on its switch alone).
 */

/** Instructions `start` to `end - 1`: a loop (a jump to `start` goes round again) or a block (a jump to `end` leaves it). */
export interface Construct { kind: 'loop' | 'block'; start: number; end: number }

/**
 * The constructs of a program of `targets.length` instructions, where `targets[k]` lists the
 * instructions that instruction `k` may jump to (besides falling through to `k + 1`): properly
 * nested, outermost first at each start; or null when the jumps cannot be nested.
 */
export function structure(targets: readonly (readonly number[])[]): Construct[] | null {
  const count = targets.length;
  const loopEnds = new Int32Array(count + 1).fill(-1);
  const blockStarts = new Int32Array(count + 1).fill(-1);
  for (let k = 0; k < count; k++) {
    for (let i = 0; i < targets[k].length; i++) {
      const target = targets[k][i];
      if (target <= k) loopEnds[target] = Math.max(loopEnds[target], k + 1);
      else if (blockStarts[target] < 0 || k < blockStarts[target]) blockStarts[target] = k;
    }
  }
  const loops: Construct[] = [];
  for (let start = 0; start <= count; start++) if (loopEnds[start] >= 0) loops.push({ kind: 'loop', start, end: loopEnds[start] });
  for (const a of loops) for (const b of loops) if (crosses(a, b)) return null;
  // A block may start earlier than its first jump: widened until it crosses nothing. Only
  // constructs that end before a block can cross it, so blocks are settled by their ends in
  // order, and `cover[p]` keeps the earliest start of a settled construct running across p.
  const cover = new Int32Array(count + 1);
  for (let p = 0; p <= count; p++) cover[p] = p;
  const settle = (c: Construct) => { for (let p = c.start + 1; p < c.end; p++) cover[p] = Math.min(cover[p], c.start); };
  const byEnd = loops.slice().sort((a, b) => a.end - b.end);
  let nextLoop = 0;
  const blocks: Construct[] = [];
  for (let end = 0; end <= count; end++) {
    for (; nextLoop < byEnd.length && byEnd[nextLoop].end < end; nextLoop++) settle(byEnd[nextLoop]);
    if (blockStarts[end] < 0) continue;
    let start = blockStarts[end];
    while (cover[start] < start) start = cover[start];
    const block: Construct = { kind: 'block', start, end };
    // A jump into the middle of a loop from before it: no loop can be entered there.
    for (const loop of loops) if (crosses(block, loop)) return null;
    settle(block);
    blocks.push(block);
  }
  // Outermost first at each start: the longer first, a block around a loop of the same range.
  return [...blocks, ...loops].sort((a, b) => a.start - b.start || b.end - a.end || (a.kind === b.kind ? 0 : a.kind === 'block' ? -1 : 1));
}

/** Whether `a` starts before `b` and ends inside it. */
function crosses(a: Construct, b: Construct): boolean {
  return a.start < b.start && b.start < a.end && a.end < b.end;
}
