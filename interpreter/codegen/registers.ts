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
  /** The slots it names itself, each with how many times. */
  named: ReadonlyMap<number, number>;
  /** Those it writes. */
  written: readonly number[];
  /** The filter functions it hands the locals to (`g3(s, f, L)`), by number, once a call. */
  filterCalls: readonly number[];
  /** The slots others may touch: its filter functions, or 'all' when it hands the locals or the frame to anything else. */
  touched: readonly number[] | 'all';
}

const slotPattern = /\bL\[(\d+)\]/g;
/** The generator writes every store to a local as `L[n] = …` (never `+=` or `++`; a comparison is `===`). */
const storePattern = /\bL\[(\d+)\] = /g;
const callPattern = /\bg(\d+)\(/g;
/** A call of a filter function handed the locals (its number caught): what it does with them is read from its own source. */
export const filterCall = /\bg(\d+)\(s, f, L\b/g;
/** The locals or the frame handed to anything else (a bare `L`, or `f` other than its pc). */
const handedOn = /\bL\b(?!\[)|\bf\b(?!\.pc\b)|\bE\[|\.run\(/;

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

  of(source: string): LocalUse {
    const named = new Map<number, number>();
    for (const match of source.matchAll(slotPattern)) named.set(Number(match[1]), (named.get(Number(match[1])) ?? 0) + 1);
    const written = slotsIn(source, storePattern);
    const filterCalls = [...source.matchAll(filterCall)].map((match) => Number(match[1]));
    if (handedOn.test(source.replace(filterCall, 'g('))) return { named, written, filterCalls, touched: 'all' };
    const touched = new Set<number>();
    for (const match of source.matchAll(callPattern)) {
      const inner = this.filter(Number(match[1]));
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
    const body = source.slice(source.indexOf('{') + 1);
    let touched: Set<number> | 'all' = 'all';
    if (!handedOn.test(body.replace(filterCall, 'g('))) {
      touched = new Set(slotsIn(body, slotPattern));
      for (const match of body.matchAll(callPattern)) {
        const inner = this.filter(Number(match[1]));
        if (inner === 'all') { touched = 'all'; break; }
        for (const slot of inner) touched.add(slot);
      }
    }
    this.touchedBy.set(n, touched);
    return touched;
  }
}

function slotsIn(source: string, pattern: RegExp): number[] {
  const slots = new Set<number>();
  for (const match of source.matchAll(pattern)) slots.add(Number(match[1]));
  return [...slots];
}
