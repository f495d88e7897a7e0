/**
 * Which of a frame's locals structured code may keep in JavaScript variables: what an
 * instruction's body does with the frame's locals, read off its source. A body reads and writes
 * `L[n]` itself; the filter functions it calls (`g3(s, f, L)`) read and write the slots their own
 * source names; anything else handed the locals or the frame (a closure, a choice's helper that
 * stores the answer) may touch any of them. The source read here is the generator's own, never
 * text of the rules: `L` is only ever the frame's locals and `f` the frame.
 */

/** What a body does with the locals. */
export interface LocalUse {
  /** The slots it names itself, each with how many times: pairs (slot, times), in the order first named. */
  named: readonly number[];
  /** Those it writes. */
  written: readonly number[];
  /** The filter functions it hands the locals to (`g3(s, f, L)`), by number, once a call. */
  filterCalls: readonly number[];
  /** The slots others may touch: its filter functions, or 'all' when it hands the locals or the frame to anything else. */
  touched: readonly number[] | 'all';
}

/** A call of a filter function handed the locals (its number caught): what it does with them is read from its own source. */
export const filterCall = /\bg(\d+)\(s, f, L\b/g;
/**
 * Everything the analysis reads, in one pass: a slot `L[n]` (and whether it is stored: the
 * generator writes every store to a local as `L[n] = …`, never `+=` or `++`, and a comparison as
 * `===`); a call of a function `g<n>(`, handed the locals when it is a filter call
 * (`g3(s, f, L`, whose `f` and `L` are then not handed on; it never writes `(s, f, L[`); the locals or the frame handed to
 * anything else (a bare `L`, `f` other than its pc, a closure `E[`, an instruction's `.run(`).
 */
const token = /\bL\[(\d+)\]( = )?|\bg(\d+)\((s, f, L\b)?|\bL\b(?!\[)|\bf\b(?!\.pc\b)|\bE\[|\.run\(/g;

/** What a source does with the locals, as read: the functions it calls by number, and whether it hands the locals or the frame on. */
interface Scan { named: number[]; written: number[]; filterCalls: number[]; calls: number[]; handedOn: boolean }

function scan(source: string, found: Scan = newScan()): Scan {
  token.lastIndex = 0;
  for (let match = token.exec(source); match !== null; match = token.exec(source)) {
    if (match[1] !== undefined) {
      const slot = Number(match[1]);
      countSlot(found.named, slot);
      if (match[2] !== undefined && !found.written.includes(slot)) found.written.push(slot);
    } else if (match[3] !== undefined) {
      found.calls.push(Number(match[3]));
      if (match[4] !== undefined) found.filterCalls.push(Number(match[3]));
    } else found.handedOn = true;
  }
  return found;
}

function newScan(): Scan {
  // Pairs in an array rather than a Map: a body names a few slots, and a Map for each of the
  // hundreds of bodies was the analysis's largest garbage.
  return { named: [], written: [], filterCalls: [], calls: [], handedOn: false };
}

/** Counts one more naming of `slot` in `named`'s pairs. */
function countSlot(named: number[], slot: number): void {
  for (let i = 0; i < named.length; i += 2) {
    if (named[i] === slot) { named[i + 1]++; return; }
  }
  named.push(slot, 1);
}

export class LocalAnalysis {
  private readonly touchedBy = new Map<number, Set<number> | 'all'>();
  /** The source of filter function `g<n>`, by n. */
  private readonly functions = new Map<number, string>();

  /** `written`: what is written beside the program's own functions (its filter functions among them, as `function g<n>(…`). */
  constructor(written: readonly string[]) {
    for (const source of written) {
      const name = /^function g(\d+)\(/.exec(source);
      if (name) this.functions.set(Number(name[1]), source);
    }
  }

  /**
   * What a body does with the locals, read from its own texts (control.ts `ownTexts`: outside
   * what it hands on), each read on its own: a marker stands between statements, never inside a
   * token, so they read as they would joined (the code generated is the same).
   */
  of(texts: readonly string[]): LocalUse {
    const found = newScan();
    for (const text of texts) scan(text, found);
    const { named, written, filterCalls, calls, handedOn } = found;
    if (handedOn) return { named, written, filterCalls, touched: 'all' };
    if (calls.length === 0) return { named, written, filterCalls, touched: [] };
    const touched = new Set<number>();
    for (const call of calls) {
      const inner = this.filter(call);
      if (inner === 'all') return { named, written, filterCalls, touched: 'all' };
      for (const slot of inner) touched.add(slot);
    }
    return { named, written, filterCalls, touched: [...touched] };
  }

  /** The slots filter function `g<n>` may read or write, with the filters it calls. */
  filter(n: number): ReadonlySet<number> | 'all' {
    const known = this.touchedBy.get(n);
    if (known) return known;
    const source = this.functions.get(n);
    if (source === undefined) return 'all';
    // Being worked out (a filter that calls itself, which the generator never writes): 'all' is safe.
    this.touchedBy.set(n, 'all');
    // Its own parameters `s, f, L` named in its first line are not handed on.
    const { named, calls, handedOn } = scan(source.slice(source.indexOf('{') + 1));
    let touched: Set<number> | 'all' = 'all';
    if (!handedOn) {
      touched = new Set<number>();
      for (let i = 0; i < named.length; i += 2) touched.add(named[i]);
      for (const call of calls) {
        const inner = this.filter(call);
        if (inner === 'all') { touched = 'all'; break; }
        for (const slot of inner) touched.add(slot);
      }
    }
    this.touchedBy.set(n, touched);
    return touched;
  }
}
