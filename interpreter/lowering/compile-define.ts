/**
 * Defines at run time (`define NAME(PARAMS) = VALUE`, grammar/define-check.ts): each define's value
 * compiled once per definition, with the checker's own annotations — not those of a rule inlined
 * at an offset (inline.ts): a define's slots are those of a frame of its own — and run for each
 * call over a new frame whose first slots hold the arguments, evaluated first, left to right.
 */
import type { AST, Schema } from '../../grammar/index.ts';
import type { CompiledDefine, DefineTable, Evaluate, Frame, Value } from '../program/program.ts';
import { RuleError } from '../program/rule-error.ts';

export class Defines implements DefineTable {
  private readonly compiled = new Map<string, CompiledDefine>();
  /** The defines whose value is being compiled: one met again calls itself (the checker refuses it; this is the guard behind). */
  private readonly compiling = new Set<string>();

  constructor(
    private readonly declared: Schema['defines'],
    private readonly frameSizes: ReadonlyMap<AST.Node, number>,
    private readonly compile: (node: AST.Expr) => Evaluate,
  ) {}

  has(name: string): boolean {
    return this.declared.has(name);
  }

  define(name: string): CompiledDefine {
    let compiled = this.compiled.get(name);
    if (compiled) return compiled;
    const decl = this.declared.get(name)!.decl;
    if (this.compiling.has(name)) {
      return { value: () => { throw new RuleError(`the define '${name}' calls itself`); }, frameSize: decl.params.length, params: decl.params.length };
    }
    this.compiling.add(name);
    try {
      compiled = { value: this.compile(decl.value), frameSize: Math.max(this.frameSizes.get(decl) ?? 0, decl.params.length), params: decl.params.length };
    } finally {
      this.compiling.delete(name);
    }
    this.compiled.set(name, compiled);
    return compiled;
  }

  call(name: string, args: Evaluate[]): Evaluate {
    const { value, frameSize, params } = this.define(name);
    return (state, frame) => {
      const locals: Value[] = new Array(frameSize);
      for (let i = 0; i < frameSize; i++) locals[i] = i < params ? (args[i]?.(state, frame) ?? null) : null;
      const own: Frame = { program: -1, pc: 0, locals };
      return value(state, own);
    };
  }
}
