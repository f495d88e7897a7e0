/**
 * Builds a program's flat list of instructions with explicit jumps (patched once their target is
 * known), so a match can pause at any choice and resume from plain data. The emitter holds what
 * every statement needs — the instruction list, jumps, the operands a statement acts on (player,
 * holder, pile, token kind), texts that show values — and calls and inlines rules (`do`). What each
 * statement does is lowered by its family's module (compile-flow, compile-effects, compile-cards,
 * compile-endings, compile-choices), handed in as one table, so this file does not grow with them.
 */
import type { Analysis, AST, Type } from '../../grammar/index.ts';
import { RuleError } from '../program/rule-error.ts';
import { formatValue, kindOf } from '../runtime/format-value.ts';
import { inlineLimit } from './inline.ts';
import type { Evaluate, Frame, GameDefinition, GameState, Instruction, Program, Value } from '../program/program.ts';

type LoweredKind = Exclude<AST.Statement['kind'], 'error' | 'cite'>;

/** One lowering per kind of statement; compile.ts gathers them from the families. */
export type StatementLowerings = { [K in LoweredKind]: (emitter: Emitter, node: Extract<AST.Statement, { kind: K }>) => void };

/** A family's share of the table. */
export type LoweringsOf<K extends LoweredKind> = Pick<StatementLowerings, K>;

/** What batch mode's lowering needs to inline a rule: its declaration, and expressions compiled for its slots' offset. */
export interface Inlining {
  rules: Map<string, { decl: AST.RuleDecl; cite: number }>;
  compilerAt: (offset: number) => { annotations: Analysis['annotations']; compile: (node: AST.Expr) => Evaluate };
}

/** A jump whose target is filled in later. */
export interface PendingJump { patch: (target: number) => void }

/** On to the next instruction: how every statement that neither jumps nor pauses ends. */
export const next = (f: Frame): void => { f.pc++; };

export class Emitter {
  code: Instruction[] = [];
  /** The citation the instructions emitted now carry (a `cite` statement changes it until its block ends). */
  cite = -1;
  /** The frame's slot of the running rule's slot 0, and how many slots that rule has: an inlined rule's start past them. */
  private offset = 0;
  private size = 0;
  private frameSize = 0;
  /** The rules being inlined here, outermost first: a rule calling itself is called for real. */
  private chain: string[] = [];
  /** How many inlined calls the code emitted now is inside. */
  private inlinedCalls = 0;
  /** The programs the code emitted so far calls for real (pushing a frame): the only rules' programs batch mode runs. */
  readonly calledForReal = new Set<number>();

  constructor(
    readonly definition: GameDefinition,
    /** The checker's annotations for the code emitted now (an inlined rule's are shifted past its caller's slots). */
    public annotations: Analysis['annotations'],
    public compile: (node: AST.Expr) => Evaluate,
    readonly citation: (text: string | undefined) => number,
    private readonly ruleProgram: Map<string, number>,
    /** The programs a real call starts. */
    private readonly programs: Program[],
    /** Null: every call is a real one. */
    private readonly inlining: Inlining | null,
    private readonly lowerings: StatementLowerings,
  ) {}

  program(body: AST.Block, cite: number, frameSize: number, rule: string | null): Pick<Program, 'instructions' | 'frameSize'> {
    this.code = [];
    this.cite = cite;
    this.chain = rule === null ? [] : [rule];
    this.offset = 0;
    this.size = this.frameSize = frameSize;
    this.block(body);
    return { instructions: this.code, frameSize: this.frameSize };
  }

  /** `do R(args)`: a call that pushes R's frame, or in batch mode R's body inlined in place. */
  call(node: AST.DoStmt): void {
    const program = this.ruleProgram.get(node.rule.text)!;
    const args = node.args.map((a) => this.compile(a));
    const inlined = this.inlining?.rules.get(node.rule.text);
    if (inlined && !this.chain.includes(node.rule.text) && this.here < inlineLimit) return this.inline(node, inlined, args);
    const target = this.programs[program];
    this.calledForReal.add(program);
    // Copying a blank frame is cheaper than building one; it is made at the first call, once
    // every program is lowered (a batch program's size is known only then).
    let blank: Value[] | null = null;
    const slots = target.paramSlots;
    this.emit(node, (s, f) => {
      const locals = (blank ??= new Array(target.frameSize).fill(null)).slice();
      for (let i = 0; i < args.length; i++) locals[slots[i]] = args[i](s, f);
      f.pc++;
      s.stack.push({ program, pc: 0, locals });
    }, true, true);
  }

  /**
   * `do R(args)` lowered in place: the arguments go to R's parameters, past the caller's slots, then
   * R's body follows. Its instructions are marked `insideCall`, for the engine's turn-over check.
   */
  private inline(node: AST.DoStmt, rule: { decl: AST.RuleDecl; cite: number }, args: Evaluate[]): void {
    const offset = this.offset + this.size;
    const size = this.annotations.frameSizes.get(rule.decl) ?? 0;
    const target = this.inlining!.compilerAt(offset);
    const params = rule.decl.params.map((p) => target.annotations.slots.get(p)!);
    // Counted as the call it stands for, so the step limit stops a game at the same place.
    this.emit(node, (s, f) => {
      for (let i = 0; i < args.length; i++) f.locals[params[i]] = args[i](s, f);
      f.pc++;
    }, false, true).shape = { kind: 'args', params, args };
    const saved = { offset: this.offset, size: this.size, annotations: this.annotations, compile: this.compile, cite: this.cite };
    this.offset = offset;
    this.size = size;
    this.frameSize = Math.max(this.frameSize, offset + size);
    this.annotations = target.annotations;
    this.compile = target.compile;
    this.chain.push(node.rule.text);
    this.cite = rule.cite;
    this.inlinedCalls++;
    this.block(rule.decl.body);
    this.inlinedCalls--;
    this.chain.pop();
    Object.assign(this, saved);
  }

  /**
   * `yields`: the instruction may pause, call, return or end the turn, so the engine must look after it.
   * `counted`: a loop's jump back or a rule call, which the step limit counts.
   */
  emit(node: AST.Node, run: Instruction['run'], yields = false, counted = false): Instruction {
    const instruction: Instruction = { run, at: node.range.start, end: node.range.end, cite: this.cite, yields, counted, insideCall: this.inlinedCalls > 0, test: null, target: -1, source: { node, annotations: this.annotations } };
    this.code.push(instruction);
    return instruction;
  }

  /** A jump whose target is filled in later. */
  jump(node: AST.Node, when?: Evaluate): PendingJump {
    if (when) {
      const instruction = this.emit(node, (s, f) => { f.pc = when(s, f) ? f.pc + 1 : instruction.target; });
      instruction.test = when;
      return { patch: (t) => { instruction.target = t; } };
    }
    const instruction = this.goto(node, -1);
    return { patch: (t) => { instruction.target = t; } };
  }

  /** An unconditional jump (`counted` when it goes back round a loop). */
  goto(node: AST.Node, target: number, counted = false): Instruction {
    const instruction = this.emit(node, (_, f) => { f.pc = instruction.target; }, false, counted);
    instruction.target = target;
    return instruction;
  }

  /** Where the next instruction goes: a jump's target. */
  get here(): number { return this.code.length; }

  block(body: AST.Block): void {
    const saved = this.cite;
    for (const statement of body.statements) this.statement(statement);
    this.cite = saved;
  }

  private statement(node: AST.Statement): void {
    if (node.kind === 'error') return;
    if (node.kind === 'cite') { this.cite = this.citation(node.text); return; }
    (this.lowerings[node.kind] as (emitter: Emitter, node: AST.Statement) => void)(this, node);
  }

  /** The player a statement acts on (the current player when not said); none is a rule error, not a crash. */
  player(node: AST.Expr | undefined): Evaluate {
    const read = node ? this.compile(node) : (state: GameState) => state.current;
    return (s, f) => {
      const value = read(s, f);
      if (typeof value !== 'number' || value < 0 || value >= s.seats) throw new RuleError(value === null ? 'a player was expected, but the value is none' : 'there is no current player yet');
      return value;
    };
  }

  /** Who holds tokens in a gain, discard or steal: a player or a zone (the current player when not said). */
  holder(node: AST.Expr | undefined): Evaluate {
    const read = node ? this.compile(node) : (state: GameState) => state.current;
    return (s, f) => {
      const value = read(s, f);
      if (typeof value !== 'number' || value >= s.seats || (value >= 0 ? false : -value - 1 >= s.zones.length)) {
        throw new RuleError(value === null ? 'a player or a zone was expected, but the value is none' : 'there is no current player yet');
      }
      return value;
    };
  }

  /** The slot in `state.piles` of a pile reference (a shared pile, or a player's own). */
  pile(node: AST.Expr): (s: GameState, f: Frame) => number {
    const reference = this.annotations.piles.get(node);
    if (!reference) return () => { throw new RuleError('this is not a pile'); };
    if (reference.kind === 'shared') return (s) => s.pileBase[reference.index];
    if (reference.kind === 'team') {
      const team = this.compile(reference.owner);
      return (s, f) => {
        const t = team(s, f);
        if (typeof t !== 'number') throw new RuleError('a team was expected, but the value is none');
        return s.pileBase[reference.index] + t;
      };
    }
    const owner = this.player(reference.owner);
    return (s, f) => s.pileBase[reference.index] + (owner(s, f) as number);
  }

  tokenIndex(node: AST.Expr): (s: GameState, f: Frame) => number {
    const symbol = this.compile(node);
    return (s, f) => {
      const name = symbol(s, f);
      const index = this.definition.tokens.indexOf(name as string);
      if (index < 0) throw new RuleError(`'${String(name)}' is not a token kind`);
      return index;
    };
  }

  /**
   * A text with the values it shows (`{p.daPiazzare}`) filled in as the log prints them. In batch
   * mode nobody reads logs and prompts, so the written text stands; a game's outcome (`always`) is
   * read, so it is filled in there too. The checker keeps draws out of texts, so both modes play alike.
   */
  text(node: AST.Templated, written: string, always = false): (s: GameState, f: Frame) => string {
    const parts = node.parts;
    if (!parts?.length) return () => written;
    const pieces = parts.map((part) => {
      if (typeof part === 'string') return () => part;
      const value = this.compile(part);
      const kind = kindOf(this.learntType(part));
      return (s: GameState, f: Frame) => formatValue(this.definition, s, kind, value(s, f));
    });
    return (s, f) => (s.quiet && !always ? written : pieces.map((piece) => piece(s, f)).join(''));
  }

  /** An ending's `detail "…"`, made like its reason (also in batch mode: the outcome is read). */
  detail(node: AST.WinStmt | AST.WinTeamStmt | AST.DrawGameStmt): ((s: GameState, f: Frame) => string) | undefined {
    return node.detail && this.text(node.detail, node.detail.text, true);
  }

  /**
   * The kind of a value, or what its variable was found to hold when it was declared without one
   * (`piece var mete = []`, set by a rule checked after the one that reads it).
   */
  learntType(node: AST.Expr): Type | undefined {
    const type = this.annotations.types.get(node);
    if (type && type !== 'unknown' && type !== 'list<unknown>') return type;
    // Only a variable learns its kind from what it is given; a local or a property of the same name does not.
    const member = node.kind === 'member' ? this.annotations.members.get(node)?.kind : undefined;
    const variable = member === 'player-var' || member === 'team-var' || member === 'zone-var' || member === 'piece-var' ? (node as AST.MemberExpr).property.text
      : node.kind === 'name' && this.annotations.names.get(node)?.kind === 'global' ? node.name : undefined;
    return (variable !== undefined ? this.annotations.variableTypes.get(variable) : undefined) ?? type;
  }
}
