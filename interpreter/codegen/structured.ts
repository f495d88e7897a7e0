/**
 * A program written as structured JavaScript: its loops as `for (;;)` loops, its forward jumps as
 * `break`s out of labelled blocks (structure.ts), each instruction's body in order. It runs a
 * frame from its start to where it stops, with no `switch` per instruction and no dispatch
 * between chunks, which V8 optimizes as it would hand-written code. A frame that stopped resumes
 * in the program's `switch` (program.ts), which has a case for every instruction; so does one
 * whose control goes somewhere the structure does not know (a closure that jumped): structured
 * code saves the pc and hands the frame to the switch.
 *
 * A long program (a turn with its rules inlined runs to hundreds of instructions) is cut into
 * functions of at most `defaultFunctionSize` characters of source, each a run of whole
 * statements: V8 does not optimize a function past a size, and optimizes small ones at once.
 * Such a function returns how it ended: `next` (on after it), `gameOver`, `stopped` (the frame
 * stopped, its pc saved), `handOver` (to the switch, its pc saved), or the instruction it jumps
 * to outside itself.
 *
 * Locals in variables: each function keeps in JavaScript variables (`l7` for `L[7]`) the slots its
 * bodies name inside loops (`worthVariables`; what each body does with the locals: registers.ts),
 * and puts them back in the frame (`save`) before it returns, before a statement that hands the
 * frame or its locals to others (which then runs on the frame's own slots, the variables read
 * again after it: `load`), before a call of another of its functions and around a call of a
 * filter function that touches them. The state is then the one the stepper would have.
 */
import { code, empty, join, lines, slice, type Code } from './code.ts';
import { fill, stops, type Body, type Transfers } from './control.ts';
import { filterCall, type LocalAnalysis, type LocalUse } from './registers.ts';
import type { Construct } from './structure.ts';
import { index } from './tables.ts';
import { closingParenthesis, finish, keepInFrame, keptOpen, load, loadSlot, save } from './structured-text.ts';

/** Source characters a function of structured code may hold before runs of its statements go to functions of their own. */
export const defaultFunctionSize = 12000;

const ended = { next: code`(-3)`, gameOver: code`(-1)`, stopped: code`(-2)`, handOver: code`(-4)` };

/** An instruction, or a loop or block with what it holds (`size`: its source characters, once counted). */
type Node = { k: number } | Branch;
type Branch = { construct: Construct; children: Node[]; size?: number };

/**
 * Structured code for a program: functions of its own (`functions`) and the body of
 * `function (s, f, stack, depth, counted)` that runs a frame from instruction 0, or from one of
 * `entries` (the frame's pc); the switch takes a frame at any other pc.
 */
export interface StructuredSource { functions: Code[]; run: Code; entries: number[] }

/**
 * `resume` names the switch's function, which takes the frame where structured code leaves it;
 * `uses` says what each body does with the locals.
 */
export function structuredSource(
  bodies: readonly Body[], analysis: LocalAnalysis, uses: readonly LocalUse[], constructs: readonly Construct[], resume: Code, functionSize = defaultFunctionSize,
  nextTurn = false,
): StructuredSource {
  const writer = new StructuredWriter(bodies, analysis, uses, resume, functionSize);
  const main = writer.scope(null);
  const statements: Code[] = [];
  const top = tree(bodies.length, constructs);
  // Where a frame that stopped after a statement of the top level resumes (the next statement),
  // structured code takes it, skipping the statements before in a labelled block each, instead
  // of the switch: a search moves one decision at a time, each resumed there.
  const entries = writer.fitsOne(top) ? entryPoints(top, bodies) : [];
  if (entries.length === 0) writer.nodes(top, main, statements);
  else {
    for (let e = entries.length - 1; e >= 0; e--) statements.push(code`e${index(entries[e].pc)}: {`);
    for (const e of entries) statements.push(code`if (f.pc === ${index(e.pc)}) break e${index(e.pc)};`);
    let next = 0;
    for (let i = 0; i < top.length; i++) {
      if (next < entries.length && entries[next].at === i) { statements.push(code`}`); next++; }
      writer.nodes([top[i]], main, statements);
    }
  }
  // `nextTurn`: the turn program of batch mode, whose frame is restarted for the usual next turn
  // (`again` tells the caller, program.ts) instead of returning to the engine, which would start it.
  if (nextTurn) statements.push(code`if (H.nextTurnInFrame(D, s, f, stack)) { again = true; return steps; }`);
  // Past the last instruction: the frame returns.
  statements.push(code`${save}f.pc = ${index(bodies.length)}; stack.pop(); H.frameDone(s, f); return steps;`);
  // Alone, the program's function counts its steps in a variable of its own, which V8 keeps in a
  // register; functions cut out of it share the module's `steps` with it.
  const counter = writer.functions.length === 0 ? code`let steps = counted;` : code`steps = counted;`;
  return { functions: writer.functions, run: code`${counter}\nconst L = f.locals;\n${writer.wrap(statements, main)}`, entries: entries.map((e) => e.pc) };
}

/** The top-level statements (by position in `top`, and their first instruction) that follow one where the frame can stop. */
function entryPoints(top: readonly Node[], bodies: readonly Body[]): { at: number; pc: number }[] {
  const entries: { at: number; pc: number }[] = [];
  for (let i = 1; i < top.length; i++) {
    const before = top[i - 1];
    if ('k' in before && stops(bodies[before.k])) entries.push({ at: i, pc: before.k + 1 });
  }
  return entries;
}

/** The instructions and constructs as a tree, in order. */
function tree(count: number, constructs: readonly Construct[]): Node[] {
  const top: Node[] = [];
  const open: Branch[] = [];
  let next = 0;
  for (let k = 0; k < count; k++) {
    while (open.length > 0 && open[open.length - 1].construct.end === k) open.pop();
    for (; next < constructs.length && constructs[next].start === k; next++) {
      const node: Branch = { construct: constructs[next], children: [] };
      (open.length ? open[open.length - 1].children : top).push(node);
      open.push(node);
    }
    (open.length ? open[open.length - 1].children : top).push({ k });
  }
  return top;
}

/** One generated function: the constructs open where code is being written, the jumps that leave it, the slots its bodies use. */
class Scope {
  readonly open: Construct[] = [];
  readonly exits = new Set<number>();
  /** Slots its bodies name inside loops: those that may be worth a variable. */
  readonly inLoops = new Set<number>();
  /** How many times its bodies name each slot, and how many calls of filter functions touch each. */
  readonly named = new Map<number, number>();
  readonly filtered = new Map<number, number>();
  /** The filter functions its bodies call on its slots (not those of statements that run on the frame's own). */
  readonly filterCalls = new Set<number>();
  /** Slots its bodies write: the only variables that can differ from the frame's slots, so the only ones saved. */
  readonly written = new Set<number>();
  transfers!: Transfers;
  /** The same for a body that hands on the frame: its variables read again before control leaves it. */
  handingOn!: Transfers;
  /** `parent` null: the program's own function, which returns the steps counted (or -1). */
  constructor(readonly parent: Scope | null) {}
}

class StructuredWriter {
  readonly functions: Code[] = [];

  constructor(
    private readonly bodies: readonly Body[], private readonly analysis: LocalAnalysis, private readonly uses: readonly LocalUse[],
    private readonly resume: Code, private readonly functionSize: number,
  ) {}

  /** Whether `nodes` are written in one function, none of their runs cut out into a function of its own. */
  fitsOne(nodes: readonly Node[]): boolean {
    let total = 0;
    for (const node of nodes) total += this.size(node);
    return total <= this.functionSize;
  }

  /** Writes the statements of `nodes` in `scope` to `out`, runs of them in functions of their own when they are too long together. */
  nodes(nodes: readonly Node[], scope: Scope, out: Code[]): void {
    if (this.fitsOne(nodes)) {
      for (const node of nodes) this.node(node, scope, out);
      return;
    }
    let run: Node[] = [];
    let runSize = 0;
    for (const node of nodes) {
      const size = this.size(node);
      // A construct too long for one function is written here, its own statements cut in turn.
      const cut = size > this.functionSize && !('k' in node);
      if (run.length > 0 && (cut || runSize + size > this.functionSize)) {
        this.call(run, scope, out);
        run = [];
        runSize = 0;
      }
      if (cut) this.node(node, scope, out);
      else { run.push(node); runSize += size; }
    }
    if (run.length > 0) this.call(run, scope, out);
  }

  private node(node: Node, scope: Scope, out: Code[]): void {
    if ('k' in node) {
      const k = node.k;
      const use = this.uses[k];
      for (const slot of use.written) scope.written.add(slot);
      if (use.touched !== 'all') {
        const inLoop = scope.open.some((c) => c.kind === 'loop');
        const named = use.named;
        for (let i = 0; i < named.length; i += 2) {
          const slot = named[i];
          if (inLoop) scope.inLoops.add(slot);
          scope.named.set(slot, (scope.named.get(slot) ?? 0) + named[i + 1]);
        }
        for (const filter of use.filterCalls) {
          scope.filterCalls.add(filter);
          const touched = this.analysis.filter(filter);
          if (touched !== 'all') for (const slot of touched) scope.filtered.set(slot, (scope.filtered.get(slot) ?? 0) + 1);
        }
        out.push(code`pc = ${index(k)};`, fill(this.bodies[k], k, scope.transfers, keepInFrame));
      } else {
        // It runs on the frame's own slots, which hold every local from here until control leaves it.
        out.push(code`pc = ${index(k)}; ${save}inFrame = 1;`, keepInFrame(fill(this.bodies[k], k, scope.handingOn)));
      }
      return;
    }
    const c = node.construct;
    out.push(c.kind === 'loop' ? code`${label(c)}: for (;;) {` : code`${label(c)}: {`);
    scope.open.push(c);
    this.nodes(node.children, scope, out);
    scope.open.pop();
    // Falling off a loop's last instruction leaves the loop.
    out.push(c.kind === 'loop' ? code`break ${label(c)}; }` : code`}`);
  }

  /** Writes a run of statements as a function of its own, and to `out` the call that runs it and goes where it ended. */
  private call(run: Node[], scope: Scope, out: Code[]): void {
    const inner = this.scope(scope);
    const name = code`o${index(this.functions.length)}`;
    // Its number taken before the statements inside add functions of their own.
    this.functions.push(empty);
    const at = this.functions.length - 1;
    const statements: Code[] = [];
    for (const node of run) this.node(node, inner, statements);
    statements.push(code`${save}return ${ended.next};`);
    this.functions[at] = code`function ${name}(s, f, L, stack, depth) {\n${this.wrap(statements, inner)}\n}`;
    // The variables are read again after the call: where it leads out of this function they need no saving.
    const jumps = join([...inner.exits].map((target) => code`case ${index(target)}: ${this.jump(target, scope, true)} `));
    out.push(code`{ ${save}const r = ${name}(s, f, L, stack, depth); ${load}
if (r !== ${ended.next}) {
if (r === ${ended.gameOver}) return -1;
if (r === ${ended.stopped}) ${this.stop(scope, true)}
if (r === ${ended.handOver}) ${this.handOver(scope, true)}
${jumps ? code`switch (r) { ${jumps}}` : empty}
} }`);
  }

  /** A scope for code written in `parent` (null: the program's own function). */
  scope(parent: Scope | null): Scope {
    const scope = new Scope(parent);
    scope.transfers = this.transfers(scope, false);
    scope.handingOn = this.transfers(scope, true);
    return scope;
  }

  /** A function's code with its variables: declared and read at its start, saved where it said so, saved on a failure. */
  wrap(statements: readonly Code[], scope: Scope): Code {
    const kept = this.worthVariables(scope);
    const variable = new Map(kept.map((slot) => [slot, code`l${index(slot)}`]));
    const saving = kept.filter((slot) => scope.written.has(slot));
    const saveAll = join(saving.map((slot) => code`L[${index(slot)}] = l${index(slot)}; `));
    const loadAll = join(kept.map((slot) => code`l${index(slot)} = L[${index(slot)}]; `));
    const filters = this.aroundFilterCalls(lines(statements), scope, variable, saving);
    const body = finish(filters.code, variable, (held) => {
      switch (held[0]) {
        case 's': return saveAll;
        case 'l': return loadAll;
        case 'r': { const slot = Number(held.slice(1)); return variable.has(slot) ? code`l${index(slot)} = L[${index(slot)}]; ` : empty; }
        case '[': return code`L[`;
        default: return code`(s, f, L`;
      }
    });
    const declared = [...kept.map((slot) => code`l${index(slot)} = L[${index(slot)}]`), ...(filters.used ? [code`filtered = null`] : [])];
    const start = lines([
      code`let pc = 0;`,
      // 0 while the variables hold the locals; 1 while a statement runs on the frame's slots (a
      // failure there leaves them as they are); 2 on, while a filter function runs on some of them.
      code`let inFrame = 0;`,
      ...(declared.length ? [code`let ${join(declared, code`, `)};`] : []),
      code`try {`,
    ]);
    const end = lines([
      code`} catch (error) {`,
      code`if (inFrame === 0) { ${saveAll}}${filters.onFailure}`,
      code`f.pc = pc;`,
      // The step limit is reached through here too: one place saves the variables for both.
      code`if (error === stepLimitReached) H.stopAtStepLimit(s, I[pc]); else H.stopAtFailure(s, I[pc], error);`,
      code`return -1;`,
      code`}`,
    ]);
    // The body, most of the program's source, is not copied into a join of its own: the program's source is.
    return code`${start}\n${body}\n${end}`;
  }

  /**
   * The slots worth a variable: those named inside loops (outside them, reading a slot into a
   * variable costs what it saves), each named more than five times as often as filter functions
   * that touch it are called (each call saves it before and reads it again after).
   */
  private worthVariables(scope: Scope): number[] {
    return [...scope.inLoops].filter((slot) => (scope.named.get(slot) ?? 0) > 5 * (scope.filtered.get(slot) ?? 0)).sort((a, b) => a - b);
  }

  /**
   * Each call of a filter function that reads or writes slots kept in variables, run on the frame's
   * slots: those of them written saved before it, those it touches read again after it (`filtered`
   * holds its result meanwhile). A failure inside saves every other variable (`onFailure`).
   */
  private aroundFilterCalls(
    source: Code, scope: Scope, variable: ReadonlyMap<number, Code>, saving: readonly number[],
  ): { code: Code; used: boolean; onFailure: Code } {
    // Most functions call none that touches a variable: their code is not searched.
    if (![...scope.filterCalls].some((n) => this.touchesAny(n, variable))) return { code: source, used: false, onFailure: empty };
    const calls = [...source.matchAll(filterCall)];
    // One number for `inFrame` per set of slots a call touches, from 2.
    const sets = new Map<string, { id: number; touched: number[] }>();
    // The last call first: a call in another's arguments is wrapped before the one around it.
    for (let i = calls.length - 1; i >= 0; i--) {
      const start = calls[i].index;
      const touched = this.analysis.filter(Number(calls[i][1]));
      const reread = touched === 'all' ? [...variable.keys()] : [...touched].filter((slot) => variable.has(slot));
      if (reread.length === 0) continue;
      const key = reread.join(',');
      let set = sets.get(key);
      if (!set) sets.set(key, set = { id: sets.size + 2, touched: reread });
      const end = closingParenthesis(source, start + calls[i][0].length);
      // The frame's slots written as kept (`keptOpen`), which no variable replaces.
      const saves = join(reread.filter((slot) => saving.includes(slot)).map((slot) => code`${keptOpen}${index(slot)}] = l${index(slot)}, `));
      const loads = join(reread.map((slot) => code`l${index(slot)} = ${keptOpen}${index(slot)}], `));
      source = code`${slice(source, 0, start)}(${saves}inFrame = ${index(set.id)}, filtered = ${slice(source, start, end + 1)}, inFrame = 0, ${loads}filtered)${slice(source, end + 1)}`;
    }
    const onFailure = join([...sets.values()].map(({ id, touched }) =>
      code` else if (inFrame === ${index(id)}) { ${join(saving.filter((slot) => !touched.includes(slot)).map((slot) => code`L[${index(slot)}] = l${index(slot)}; `))}}`));
    return { code: source, used: sets.size > 0, onFailure };
  }

  /** Whether filter function `g<n>` reads or writes any of the slots kept in variables. */
  private touchesAny(n: number, variable: ReadonlyMap<number, Code>): boolean {
    const touched = this.analysis.filter(n);
    if (touched === 'all') return variable.size > 0;
    for (const slot of touched) if (variable.has(slot)) return true;
    return false;
  }

  /**
   * How control leaves a body in `scope`. `handingOn`: the body runs on the frame's slots, so its
   * variables are read again before control goes on in the function, and need no saving when it leaves.
   */
  private transfers(scope: Scope, handingOn: boolean): Transfers {
    const before = handingOn ? code`${load}inFrame = 0; ` : empty;
    const saved = handingOn;
    return {
      next: () => before,
      jump: (_k, target) => code`${before}${this.jump(target, scope, saved)}`,
      dispatch: (k, targets) => {
        const cases = targets.filter((t) => t !== k + 1).map((t) => code`case ${index(t)}: ${this.jump(t, scope, saved)}`);
        return code`${before}if (pc !== ${index(k + 1)}) { ${cases.length ? code`switch (pc) { ${join(cases, code` `)} } ` : empty}f.pc = pc; ${this.handOver(scope, saved)} }`;
      },
      stop: () => this.stop(scope, saved),
      step: () => code`if (++steps > stepLimit) throw stepLimitReached;\n`,
      // A helper that only writes slots needs the variables neither saved before it nor all read
      // again after it: a failure in it finds them as they are (inFrame 0), and a stop saves them.
      handOn: (_k, writing) => (handingOn || writing ? empty : code`${save}inFrame = 1; `),
      takeBack: (_k, written) => (handingOn ? empty : code`${written ? join(written.map(loadSlot)) : load}inFrame = 0; `),
    };
  }

  /** Going to instruction `target`: round an open loop, out of an open block, or out of this function (`saved`: its variables need no saving). */
  private jump(target: number, scope: Scope, saved: boolean): Code {
    for (let i = scope.open.length - 1; i >= 0; i--) {
      const c = scope.open[i];
      if (c.kind === 'loop' && c.start === target) return code`continue ${label(c)};`;
      if (c.kind === 'block' && c.end === target) return code`break ${label(c)};`;
    }
    if (scope.parent) {
      scope.exits.add(target);
      return code`{ ${saved ? empty : save}return ${index(target)}; }`;
    }
    // Nowhere the structure knows (it has every construct, so never): the switch goes there.
    return code`{ f.pc = ${index(target)}; ${this.handOver(scope, saved)} }`;
  }

  /** The frame stopped (its pc saved). */
  private stop(scope: Scope, saved: boolean): Code {
    return code`{ ${saved ? empty : save}${scope.parent ? code`return ${ended.stopped};` : code`return steps;`} }`;
  }

  /** The frame goes on in the switch from `f.pc`. */
  private handOver(scope: Scope, saved: boolean): Code {
    return code`{ ${saved ? empty : save}${scope.parent ? code`return ${ended.handOver};` : code`return ${this.resume}(s, f, stack, depth, steps);`} }`;
  }

  private size(node: Node): number {
    if ('k' in node) return this.bodies[node.k].size;
    if (node.size === undefined) {
      node.size = 0;
      for (const child of node.children) node.size += this.size(child);
    }
    return node.size;
  }
}

function label(c: Construct): Code {
  return c.kind === 'loop' ? code`w${index(c.start)}` : code`b${index(c.end)}`;
}
