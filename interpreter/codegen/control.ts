/**
 * Where control goes after an instruction, written once in its body as a marker and filled in by
 * each shape of generated function: a `switch` over the pc (program.ts, where a frame resumes) or
 * structured code (structured.ts, where a frame runs from its start). The markers are made here
 * only, of numbers checked by `index`, and filled in before `new Function` sees the source: no text
 * of the rules can look like one.
 */
import { code, CodeBuilder, join, split, type Code } from './code.ts';
import { index } from './tables.ts';

const mark = code`\u0001`;

export const control = {
  /** Go on with the next instruction. */
  next: code`${mark}n${mark}`,
  /** Go to instruction `target`. */
  jump: (target: number): Code => code`${mark}j${index(target)}${mark}`,
  /**
   * Go to the instruction whose number is in `pc` (the next one, one of `targets`, or any other,
   * which structured code leaves to the switch).
   */
  dispatch: (targets: readonly number[]): Code => code`${mark}d${join(targets.map(index), code`,`)}${mark}`,
  /** The frame stops here (a choice, a call, the end of the turn), its pc saved in `f.pc`. */
  stop: code`${mark}s${mark}`,
  /** Counts a step (a loop's jump back, a call), and stops the game at the step limit. */
  step: code`${mark}l${mark}`,
  /**
   * Around statements that hand the frame or its locals to others (a closure, a choice's helper
   * that stores the answer): they run on the frame's own slots, the locals all there.
   */
  handOn: code`${mark}h${mark}`,
  /**
   * The same around a helper that only writes the slots its `takeBack` names (a choice's helper
   * storing the answer): the locals need not all be there, only those slots read back after it.
   */
  handOnWriting: code`${mark}o${mark}`,
  /** After them: any local may have changed, or only those of `written`. */
  takeBack: (written?: readonly number[]): Code => (written ? code`${mark}w${join(written.map(index), code`,`)}${mark}` : code`${mark}t${mark}`),
};

/** How a shape of function writes each transfer of control of instruction `k`. */
export interface Transfers {
  next(k: number): Code;
  jump(k: number, target: number): Code;
  dispatch(k: number, targets: number[]): Code;
  stop(k: number): Code;
  step(k: number): Code;
  /** `writing`: the statements only write the slots named by the `takeBack` after them. */
  handOn(k: number, writing: boolean): Code;
  /** `written` null: any local may have changed. */
  takeBack(k: number, written: number[] | null): Code;
}

type Kind = 'n' | 'j' | 'd' | 's' | 'l' | 'h' | 'o' | 't' | 'w';

/**
 * A body cut at its markers: its texts at even positions of `parts`, and between them each
 * marker's content (its kind, then its numbers: `j12`, `d3,7`, `n`).
 */
export interface Body {
  parts: Code[];
  /** The instructions it may go to besides the next one (its jumps and dispatch targets). */
  targets: readonly number[];
  /** Its length in source characters. */
  size: number;
}

const noTargets: readonly number[] = [];

/** Cuts a body at its markers, once: each shape of function fills them in its own way (`fill`). */
export function cutBody(source: Code): Body {
  const parts = split(source, mark);
  let targets = noTargets;
  for (let i = 1; i < parts.length; i += 2) {
    const kind = parts[i][0];
    if (kind === 'j') targets = targets.concat(Number(parts[i].slice(1)));
    else if (kind === 'd') targets = targets.concat(numbers(parts[i]));
  }
  return { parts, targets, size: source.length };
}

/** A marker's numbers. */
function numbers(marker: string): number[] {
  if (marker.length === 1) return [];
  const list = marker.slice(1);
  return list.includes(',') ? list.split(',').map(Number) : [Number(list)];
}

/**
 * Instruction `k`'s body with its transfers of control written as `transfers` writes them, and
 * what lies between `handOn` and `takeBack` through `handedOn` when given.
 */
export function fill(body: Body, k: number, transfers: Transfers, handedOn?: (text: Code) => Code): Code {
  const parts = body.parts;
  const source = new CodeBuilder().add(parts[0]);
  let inside = false;
  for (let i = 1; i < parts.length; i += 2) {
    const kind = parts[i][0] as Kind;
    if (kind === 'h' || kind === 'o') inside = true;
    else if (kind === 't' || kind === 'w') inside = false;
    const text = parts[i + 1];
    source.add(written(kind, parts[i], k, transfers)).add(inside && handedOn ? handedOn(text) : text);
  }
  return source.done();
}

function written(kind: Kind, marker: string, k: number, transfers: Transfers): Code {
  switch (kind) {
    case 'n': return transfers.next(k);
    case 'j': return transfers.jump(k, Number(marker.slice(1)));
    case 'd': return transfers.dispatch(k, numbers(marker));
    case 's': return transfers.stop(k);
    case 'l': return transfers.step(k);
    case 'h': return transfers.handOn(k, false);
    case 'o': return transfers.handOn(k, true);
    case 't': return transfers.takeBack(k, null);
    case 'w': return transfers.takeBack(k, numbers(marker));
  }
}

/** Whether the frame can stop in this body (a choice, a call): where it resumes may follow it. */
export function stops(body: Body): boolean {
  for (let i = 1; i < body.parts.length; i += 2) if (body.parts[i][0] === 's') return true;
  return false;
}

/** A body's texts outside its `handOn` … `takeBack` stretches (what it does itself with the locals). */
export function ownTexts(body: Body): Code[] {
  const parts = body.parts;
  const texts = [parts[0]];
  let inside = false;
  for (let i = 1; i < parts.length; i += 2) {
    const kind = parts[i][0];
    if (kind === 'h' || kind === 'o') inside = true;
    else if (kind === 't' || kind === 'w') inside = false;
    if (!inside) texts.push(parts[i + 1]);
  }
  return texts;
}
