/**
 * A program written as structured JavaScript: its loops as `for (;;)` loops, its forward jumps as
 * `break`s out of labelled blocks (structure.ts), each instruction's body in order. It runs a
 * frame from its start to where it stops, with no `switch` per instruction and no dispatch
 * between chunks, which V8 optimizes as it would hand-written code. A frame that stopped resumes
 * in the program's `switch` (program.ts), which has a case for every instruction; so does one
 * whose control goes somewhere the structure does not know (a closure that jumped): structured
 * code saves the pc and hands the frame to the switch, with the locals already in the frame.
 *
 * A long program (a turn with its rules inlined runs to hundreds of instructions) is cut into
 * functions of at most `defaultFunctionSize` characters of source, each a run of whole statements:
 * V8 does not optimize a function past a size, and optimizes small ones at once. Such a function
 * returns how it ended: `next` (on after it), `gameOver`, `stopped` (the frame stopped, its pc
 * saved), `handOver` (to the switch, its pc saved), or the instruction it jumps to outside itself.
 */
import { fill, type Body, type Transfers } from './control.ts';
import type { Construct } from './structure.ts';
import { index } from './tables.ts';

/** Source characters a function of structured code may hold before runs of its statements go to functions of their own. */
export const defaultFunctionSize = 6000;

const ended = { next: '(-3)', gameOver: '(-1)', stopped: '(-2)', handOver: '(-4)' };

/** An instruction, or a loop or block with what it holds. */
type Node = { k: number } | { construct: Construct; children: Node[] };

/** Structured code for a program: functions of its own (`functions`) and the body of `function (s, f, stack, depth, counted)` that runs a frame from instruction 0. */
export interface StructuredSource { functions: string[]; run: string }

/** `resume` names the switch's function, which takes the frame where structured code leaves it. */
export function structuredSource(bodies: readonly Body[], constructs: readonly Construct[], resume: string, functionSize = defaultFunctionSize): StructuredSource {
  const writer = new StructuredWriter(bodies, resume, functionSize);
  const code: string[] = [];
  writer.nodes(tree(bodies.length, constructs), writer.scope(null), code);
  return {
    functions: writer.functions,
    run: [
      'steps = counted;',
      'const L = f.locals;',
      'let pc = 0;',
      'try {',
      ...code,
      // Past the last instruction: the frame returns.
      `f.pc = ${index(bodies.length)}; stack.pop(); H.frameDone(s, f); return steps;`,
      '} catch (error) {',
      'f.pc = pc;',
      'H.stopAtFailure(s, I[pc], error);',
      'return -1;',
      '}',
    ].join('\n'),
  };
}

/** The instructions and constructs as a tree, in order. */
function tree(count: number, constructs: readonly Construct[]): Node[] {
  const top: Node[] = [];
  const open: { construct: Construct; children: Node[] }[] = [];
  let next = 0;
  for (let k = 0; k < count; k++) {
    while (open.length > 0 && open[open.length - 1].construct.end === k) open.pop();
    for (; next < constructs.length && constructs[next].start === k; next++) {
      const node = { construct: constructs[next], children: [] };
      (open.length ? open[open.length - 1].children : top).push(node);
      open.push(node);
    }
    (open.length ? open[open.length - 1].children : top).push({ k });
  }
  return top;
}

/** One generated function: the constructs open where code is being written, and the jumps that leave it. */
class Scope {
  readonly open: Construct[] = [];
  readonly exits = new Set<number>();
  transfers!: Transfers;
  /** `parent` null: the program's own function, which returns the steps counted (or -1). */
  constructor(readonly parent: Scope | null) {}
}

class StructuredWriter {
  readonly functions: string[] = [];
  private readonly sizes = new Map<Node, number>();

  constructor(private readonly bodies: readonly Body[], private readonly resume: string, private readonly functionSize: number) {}

  /** Writes the statements of `nodes` in `scope` to `out`, runs of them in functions of their own when they are too long together. */
  nodes(nodes: readonly Node[], scope: Scope, out: string[]): void {
    let total = 0;
    for (const node of nodes) total += this.size(node);
    if (total <= this.functionSize) {
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

  private node(node: Node, scope: Scope, out: string[]): void {
    if ('k' in node) {
      out.push(`pc = ${index(node.k)};`, fill(this.bodies[node.k], node.k, scope.transfers));
      return;
    }
    const c = node.construct;
    out.push(c.kind === 'loop' ? `${label(c)}: for (;;) {` : `${label(c)}: {`);
    scope.open.push(c);
    this.nodes(node.children, scope, out);
    scope.open.pop();
    // Falling off a loop's last instruction leaves the loop.
    out.push(c.kind === 'loop' ? `break ${label(c)}; }` : '}');
  }

  /** Writes a run of statements as a function of its own, and to `out` the call that runs it and goes where it ended. */
  private call(run: Node[], scope: Scope, out: string[]): void {
    const inner = this.scope(scope);
    const name = `o${index(this.functions.length)}`;
    const code = [`function ${name}(s, f, L, stack, depth) {`, 'let pc = 0;', 'try {'];
    // Its number taken before the statements inside add functions of their own.
    this.functions.push('');
    const at = this.functions.length - 1;
    for (const node of run) this.node(node, inner, code);
    code.push(`return ${ended.next};`, '} catch (error) {', 'f.pc = pc;', 'H.stopAtFailure(s, I[pc], error);', 'return -1;', '}', '}');
    this.functions[at] = code.join('\n');
    let jumps = '';
    for (const target of inner.exits) jumps += `case ${index(target)}: ${this.jump(target, scope)} `;
    out.push(`{ const r = ${name}(s, f, L, stack, depth);
if (r !== ${ended.next}) {
if (r === ${ended.gameOver}) return -1;
if (r === ${ended.stopped}) ${this.stop(scope)}
if (r === ${ended.handOver}) ${this.handOver(scope)}
${jumps ? `switch (r) { ${jumps}}` : ''}
} }`);
  }

  /** A scope for code written in `parent` (null: the program's own function). */
  scope(parent: Scope | null): Scope {
    const scope = new Scope(parent);
    scope.transfers = this.transfers(scope);
    return scope;
  }

  private transfers(scope: Scope): Transfers {
    return {
      next: () => '',
      jump: (_k, target) => this.jump(target, scope),
      dispatch: (k, targets) => {
        const cases = targets.filter((t) => t !== k + 1).map((t) => `case ${index(t)}: ${this.jump(t, scope)}`);
        return `if (pc !== ${index(k + 1)}) { ${cases.length ? `switch (pc) { ${cases.join(' ')} } ` : ''}f.pc = pc; ${this.handOver(scope)} }`;
      },
      stop: () => this.stop(scope),
    };
  }

  /** Going to instruction `target`: round an open loop, out of an open block, or out of this function. */
  private jump(target: number, scope: Scope): string {
    for (let i = scope.open.length - 1; i >= 0; i--) {
      const c = scope.open[i];
      if (c.kind === 'loop' && c.start === target) return `continue ${label(c)};`;
      if (c.kind === 'block' && c.end === target) return `break ${label(c)};`;
    }
    if (scope.parent) {
      scope.exits.add(target);
      return `return ${index(target)};`;
    }
    // Nowhere the structure knows (it has every construct, so never): the switch goes there.
    return `{ f.pc = ${index(target)}; ${this.handOver(scope)} }`;
  }

  /** The frame stopped (its pc saved). */
  private stop(scope: Scope): string {
    return scope.parent ? `return ${ended.stopped};` : 'return steps;';
  }

  /** The frame goes on in the switch from `f.pc`. */
  private handOver(scope: Scope): string {
    return scope.parent ? `return ${ended.handOver};` : `return ${this.resume}(s, f, stack, depth, steps);`;
  }

  private size(node: Node): number {
    let size = this.sizes.get(node);
    if (size === undefined) {
      size = 'k' in node ? this.bodies[node.k].size : node.children.reduce((sum, child) => sum + this.size(child), 0);
      this.sizes.set(node, size);
    }
    return size;
  }
}

function label(c: Construct): string {
  return c.kind === 'loop' ? `w${index(c.start)}` : `b${index(c.end)}`;
}
