/**
 * Where control goes after an instruction, written once in its body as a marker and filled in by
 * each shape of generated function: a `switch` over the pc (program.ts, where a frame resumes) or
 * structured code (structured.ts, where a frame runs from its start). The markers are made here
 * only, of numbers checked by `index`, and filled in before `new Function` sees the source: no text
 * of the rules can look like one.
 */
import { index } from './tables.ts';

const mark = '\u0001';

export const control = {
  /** Go on with the next instruction. */
  next: `${mark}n${mark}`,
  /** Go to instruction `target`. */
  jump: (target: number): string => `${mark}j${index(target)}${mark}`,
  /**
   * Go to the instruction whose number is in `pc` (the next one, one of `targets`, or any other,
   * which structured code leaves to the switch).
   */
  dispatch: (targets: readonly number[]): string => `${mark}d${targets.map(index).join(',')}${mark}`,
  /** The frame stops here (a choice, a call, the end of the turn), its pc saved in `f.pc`. */
  stop: `${mark}s${mark}`,
};

/** How a shape of function writes each transfer of control of instruction `k`. */
export interface Transfers {
  next(k: number): string;
  jump(k: number, target: number): string;
  dispatch(k: number, targets: number[]): string;
  stop(k: number): string;
}

/** A body cut at its markers: `texts[i]`, then transfer `marks[i]`, …, then the last text. */
export interface Body {
  texts: string[];
  marks: { kind: 'n' | 'j' | 'd' | 's'; targets: number[] }[];
  /** The instructions it may go to besides the next one (its jumps and dispatch targets). */
  targets: number[];
  /** Its length in source characters. */
  size: number;
}

/** Cuts a body at its markers, once: each shape of function fills them in its own way (`fill`). */
export function cutBody(source: string): Body {
  const body: Body = { texts: [], marks: [], targets: [], size: source.length };
  let from = 0;
  for (let at = source.indexOf(mark); at >= 0; at = source.indexOf(mark, from)) {
    const end = source.indexOf(mark, at + 1);
    body.texts.push(source.slice(from, at));
    const kind = source[at + 1] as 'n' | 'j' | 'd' | 's';
    const targets = end > at + 2 ? source.slice(at + 2, end).split(',').map(Number) : [];
    body.marks.push({ kind, targets });
    if (kind === 'j' || kind === 'd') body.targets.push(...targets);
    from = end + 1;
  }
  body.texts.push(source.slice(from));
  return body;
}

/** Instruction `k`'s body with its transfers of control written as `transfers` writes them. */
export function fill(body: Body, k: number, transfers: Transfers): string {
  let source = body.texts[0];
  for (let i = 0; i < body.marks.length; i++) {
    const { kind, targets } = body.marks[i];
    const written = kind === 'n' ? transfers.next(k) : kind === 'j' ? transfers.jump(k, targets[0]) : kind === 'd' ? transfers.dispatch(k, targets) : transfers.stop(k);
    source += written + body.texts[i + 1];
  }
  return source;
}
