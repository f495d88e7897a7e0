/**
 * Writes a checked expression as one JavaScript expression over `s` (the state), `f` (the frame)
 * and `L` (its locals), with the same meaning, order of evaluation and errors as the closure
 * compile-expression.ts makes of it. A part it does not handle is left to that closure (`E[i](s, f)`),
 * and recorded; names, texts and lists go to the constant table, never into the source.
 */
import { code, join, lines, type Code } from './code.ts';
import { builtinArity, isBuiltin, type AST, type Annotations, type MemberResolution } from '../../grammar/index.ts';
import { createExpressionCompiler, type ExpressionCompiler } from '../lowering/compile-expression.ts';
import { expressionSources } from '../lowering/expression-sources.ts';
import type { DefineTable, Evaluate, GameDefinition } from '../program/program.ts';
import { index, local, number, Tables, Unsupported } from './tables.ts';
import { writeName } from './names.ts';
import { writeBinary } from './operators.ts';
import { memberWritings, notWritten } from './builtin-members.ts';
import { callWritings } from './builtin-calls.ts';
import { boardLoop, loopMember, pieceCount, type BoardLoop } from './grid-filters.ts';
import { poolChange, poolFilter, type DiceChange, type FilterUse } from './pools.ts';
import { seatList } from './players.ts';
import { listLoop, soleCount, writeFilterFunction } from './filter-function.ts';
import { goalsFunction } from './goals.ts';

export class ExpressionWriter {
  private readonly compilers = new Map<Annotations, ExpressionCompiler>();
  /** Slots of filters being written whose loop takes its items from the board (grid-filters.ts loopMember). */
  private boardSlots = new Map<number, BoardLoop>();
  /** The slots of the filters being written, innermost last: each is a function of its own. */
  private filterSlots: number[] = [];
  /**
   * Slots that hold a seat (a number from 0 to seats - 1) while the code being written runs: the
   * item of a filter over players or others, a goal's holder. A player's attribute is read there
   * without the checks the closures make for none, a zone or the setup's `current`.
   */
  private seatSlots = new Set<number>();
  /** The program's function of the roles' goals (goals.ts), once written; null when the closures run them. */
  private goals: Code | null | undefined;
  /** While a goal is written: whether it read the holder's tokens through `T` (goals.ts), and may. */
  private holderTokens: { read: boolean } | null = null;
  /** Above 0 while code of a function of its own is written (a filter's, `held`'s), where a goal's `T` is not. */
  private ownFunction = 0;
  /** The functions of the defines written so far, by define name (`defineFunction`). */
  private readonly defines = new Map<string, Code>();

  constructor(private readonly definition: GameDefinition, private readonly tables: Tables) {}

  /** A token kind's index, or -1. */
  tokenNumber(name: string): number {
    return this.definition.tokens.indexOf(name);
  }

  /** A compiled closure as source: its expression written out when its node is known, else a call to it. */
  closure(closure: Evaluate): Code {
    const source = expressionSources.get(closure);
    if (!source) return this.tables.closure(closure, { at: -1, what: 'closure', reason: 'no checked expression is kept for it' });
    return this.write(source.node, source.annotations, closure);
  }

  /**
   * `node` as source; what is not handled becomes a call to its closure: `whole` when it is the
   * closure of `node` itself (compiling it again would make the same), else one compiled from the same annotations.
   */
  write(node: AST.Expr, annotations: Annotations, whole?: Evaluate): Code {
    try {
      return this.node(node, annotations);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      if (whole) return this.tables.closure(whole, { at: node.range.start, what: node.kind, reason: error.message });
      let compiler = this.compilers.get(annotations);
      if (!compiler) this.compilers.set(annotations, compiler = createExpressionCompiler(this.definition, annotations));
      return this.tables.closure(compiler.compile(node), { at: node.range.start, what: node.kind, reason: error.message });
    }
  }

  private node(node: AST.Expr, a: Annotations): Code {
    const w = (e: AST.Expr) => this.write(e, a);
    switch (node.kind) {
      case 'number': return number(node.value);
      case 'bool': return node.value ? code`true` : code`false`;
      case 'string': {
        const place = a.quotedPlaces.get(node);
        return place?.kind === 'zone' ? number(-(place.index + 1)) : place?.kind === 'region' ? index(place.index) : this.tables.constant(node.value);
      }
      case 'none': return code`null`;
      case 'current': return code`s.current`;
      case 'players': return code`H.playersFrom(s, D, s.current)`;
      case 'others': return code`H.others(s, D)`;
      case 'name': return writeName(this.definition, this.tables, node, a, (member, slot) => this.memberOfSlot(member, slot));
      case 'member': {
        const member = a.members.get(node);
        if (!member) throw new Unsupported('an attribute the checker did not resolve');
        const local = node.object.kind === 'name' ? a.names.get(node.object) : undefined;
        if (local?.kind === 'local') return this.memberOfSlot(member, local.slot);
        return this.member(member, w(node.object));
      }
      case 'list': return code`[${join(node.items.map(w), code`, `)}]`;
      case 'unary': return node.operator === 'not' ? code`!(${w(node.operand)})` : code`(-(${w(node.operand)}))`;
      case 'where': return this.where(node, a, 'filter');
      case 'binary': return writeBinary(node, a, {
        definition: this.definition, tables: this.tables,
        write: (e) => this.write(e, a),
        tokensOfLocal: (slot) => (this.seatSlots.has(slot) ? this.tokensOfSeat(slot) : code`H.holdings(s, H.holderIndex(${local(slot)}))`),
        where: (e, as) => this.where(e, a, as),
      });
      case 'conditional': return code`(${w(node.condition)} ? ${w(node.then)} : ${w(node.otherwise)})`;
      case 'call': return this.call(node, a);
      case 'leader': case 'aggregate': throw new Unsupported(`${node.kind === 'leader' ? 'leader of' : `${node.operator} of`} is left to its closure`);
      case 'error': throw new Unsupported('a syntax error');
    }
  }

  /** An attribute of the value in a local slot (memberOfSlot). */
  private memberOfSlot(member: MemberResolution, slot: number): Code {
    const l = local(slot);
    const loop = this.boardSlots.get(slot);
    const item = loop ? loopMember(loop, member, slot) : null;
    if (item !== null) return item;
    if (this.seatSlots.has(slot)) {
      switch (member.kind) {
        case 'token': return code`${this.tokensOfSeat(slot)}[${index(member.index)}]`;
        case 'player-var': return code`s.players[${l}].vars[${index(member.index)}]`;
        case 'role': return code`s.players[${l}].role`;
      }
    }
    // A token of a local skips the setup's check for `current`, as the stepper's closure does (builtin-members.ts).
    if (member.kind === 'token') return code`H.holdings(s, H.holderIndex(${l}))[${index(member.index)}]`;
    return this.member(member, l);
  }

  /** An attribute of a value computed once (the table's writer, builtin-members.ts). */
  private member(member: MemberResolution, v: Code): Code {
    const write = memberWritings[member.kind] as ((v: Code, member: MemberResolution, definition: GameDefinition) => Code) | typeof notWritten;
    if (write === notWritten) throw new Unsupported(`the attribute kind '${member.kind}' is left to its closure`);
    return write(v, member, this.definition);
  }

  /**
   * `L where C` as a list, as the count `count(L where C)` takes (filterOf), or as the first item
   * `top(L where C)` takes (every condition still evaluated, in order, as the list would be).
   */
  private where(node: AST.WhereExpr, a: Annotations, as: FilterUse): Code {
    // A pool's dice tested as the closure tests them, without binding each die.
    const pool = poolFilter(node, a, this.definition, this.tables, as);
    if (pool !== null) return pool;
    const slot = a.slots.get(node);
    if (slot === undefined) throw new Unsupported('a filter without a slot');
    return this.inOwnFunction(() => this.filterFunction(node, a, as, slot));
  }

  /** The filter as a function of its own (its list, loop and condition written inside it), and its call. */
  private filterFunction(node: AST.WhereExpr, a: Annotations, as: FilterUse, slot: number): Code {
    const w = (e: AST.Expr) => this.write(e, a);
    const slotRead = (i: number) => local(i);
    // A board list (a kind's pieces, a cell's pieces, a row of a grid) is looped over without being built.
    const board = boardLoop(node, slot, a, this.definition, as === 'top', w, slotRead);
    const loop = board?.head ?? listLoop(this.definition, node.list, a) ?? [
      code`  const items = H.asList(${w(node.list)});`,
      code`  for (let i = 0; i < items.length; i++) {`,
      code`    const item = items[i];`,
    ];
    if (board) this.boardSlots.set(slot, board);
    // A grid's cells are counted from the index's counts (`OC`, program.ts).
    if (board?.items === 'cells') this.tables.boardIndex = true;
    this.filterSlots.push(slot);
    const seats = !board && seatList(node.list) !== null;
    if (seats) this.seatSlots.add(slot);
    let condition: Code;
    try {
      condition = w(node.condition);
    } finally {
      this.boardSlots.delete(slot);
      this.filterSlots.pop();
      if (seats) this.seatSlots.delete(slot);
    }
    const name = writeFilterFunction(this.tables, as, slot, loop, board, condition);
    if ((as === 'count' || as === 'some') && board?.rereadableCell !== undefined) {
      this.tables.boardIndex = true;
      return soleCount(this.tables, this.definition.totalCells, slot, board.rereadableCell, condition, name);
    }
    return as === 'into' ? code`${name}(s, f, L, H.candidates)` : code`${name}(s, f, L)`;
  }

  /** `mark`, `unmark` or `roll` of `dice` (statement.ts): a pool filter changes the dice it finds without a list of them. */
  diceChange(dice: AST.Expr, a: Annotations, change: DiceChange, bit: number): Code {
    const each = poolChange(dice, a, this.definition, this.tables, change, bit);
    if (each !== null) return code`${each};`;
    return change === 'roll' ? code`H.roll(s, D, ${this.write(dice, a)});` : (change === 'markOn' ? code`H.markOn(s, ${this.write(dice, a)}, ${number(bit)});` : code`H.markOff(s, ${this.write(dice, a)}, ${number(bit)});`);
  }

  /**
   * The values a choice offers: a filter, `players` or a list written in the rules puts them into
   * `H.candidates` and the source returns their number (`counted`); anything else is the list.
   */
  choiceValues(node: AST.Expr, a: Annotations): { counted: boolean; source: Code } {
    const seats = seatList(node);
    if (seats !== null) return { counted: true, source: (seats === 'others' ? code`H.seatsCounted(s, D, H.candidates, true)` : code`H.seatsCounted(s, D, H.candidates, false)`) };
    if (node.kind === 'list') {
      // Each item evaluated in order, as the list's closure evaluates them.
      const items = node.items.map((item, i) => code`  r[${index(i)}] = ${this.write(item, a)};`);
      const name = this.tables.function((fn) => lines([code`function ${fn}(s, f, L, r) {`, ...items, code`  return ${index(items.length)};`, code`}`]));
      return { counted: true, source: code`${name}(s, f, L, H.candidates)` };
    }
    if (node.kind !== 'where') return { counted: false, source: this.write(node, a) };
    try {
      return { counted: true, source: this.where(node, a, 'into') };
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      return { counted: false, source: this.write(node, a) };
    }
  }

  private call(node: AST.CallExpr, a: Annotations): Code {
    const callee = node.callee.text;
    const defines = this.definition.defines;
    // None is named as a function of the language: the checker refuses it (compile-expression.ts).
    if (defines?.has(callee)) {
      const name = this.defineFunction(defines, callee);
      // Each argument in order, then the value: as the closure (compile-define.ts) evaluates them.
      return code`${name}(s${join(node.args.map((e) => code`, ${this.write(e, a)}`))})`;
    }
    if (callee === 'count' && node.args.length === 1 && node.args[0].kind === 'where') return this.where(node.args[0], a, 'count');
    if (callee === 'top' && node.args.length === 1 && node.args[0].kind === 'where') return this.where(node.args[0], a, 'top');
    if (callee === 'count' && node.args.length === 1) {
      const counted = pieceCount(node.args[0], a, (e) => this.write(e, a), this.boardSlots, this.filterSlots[this.filterSlots.length - 1], this.definition.totalCells, this.tables);
      if (counted !== null) return counted;
    }
    if (!isBuiltin(callee)) throw new Unsupported(`the function '${callee}' is left to its closure`);
    if (node.args.length !== builtinArity(callee)) throw new Unsupported('a call with another number of arguments');
    const write = callWritings[callee];
    if (write === notWritten) throw new Unsupported(`the function '${callee}' is left to its closure`);
    return write({
      node, a, definition: this.definition, tables: this.tables,
      write: (e) => this.write(e, a),
      writeOwn: (e) => this.inOwnFunction(() => this.write(e, a)),
      goals: () => {
        if (this.goals === undefined) this.goals = goalsFunction(this.definition, this.tables, (e, annotations, whole, holder) => this.writeGoal(e, annotations, whole, holder));
        return this.goals;
      },
    });
  }

  /**
   * The token counts of the seat in `slot`. A goal's holder (slot 0) has them in `T`, read once by
   * the goal's function (goals.ts), except in code of a function of its own, where `T` is not.
   */
  private tokensOfSeat(slot: number): Code {
    const holder = this.holderTokens;
    if (holder === null || slot !== 0 || this.ownFunction > 0) return code`s.players[${local(slot)}].tokens`;
    holder.read = true;
    return code`T`;
  }

  /** `write` for code that goes into a function of its own (`held`'s arguments, at worst inline: then only `T` is not used). */
  private inOwnFunction(write: () => Code): Code {
    this.ownFunction++;
    try {
      return write();
    } finally {
      this.ownFunction--;
    }
  }

  /**
   * A role's goal, in its own frame: slot 0 is the holder, a seat; no slot of the program's frame is
   * known there. Whether it reads `T`, the holder's tokens, is said in `holder.read`.
   */
  private writeGoal(node: AST.Expr, a: Annotations, whole: Evaluate, holder: { read: boolean }): Code {
    return this.inOwnFrame(new Set([0]), holder, () => this.write(node, a, whole));
  }

  /**
   * The function of define `name` in this program (written once): its arguments in the first
   * slots of a frame of its own, its value written from the checker's own annotations (those of
   * the define, not of a rule inlined at an offset), nothing known of the slots. The frame is one
   * array kept beside the function, not one a call: a define never runs inside itself (the checker
   * refuses a define that calls itself, directly or through others), and its arguments are
   * evaluated before the frame is filled, so no call finds it in use.
   */
  private defineFunction(defines: DefineTable, name: string): Code {
    let written = this.defines.get(name);
    if (written !== undefined) return written;
    const { value, frameSize, params } = defines.define(name);
    const source = expressionSources.get(value);
    if (!source) throw new Unsupported('a define whose value has no checked expression');
    const args = Array.from({ length: params }, (_, i) => code`a${index(i)}`);
    written = this.tables.function((fn) => {
      const body = this.inOwnFrame(new Set(), null, () => this.write(source.node, source.annotations, value));
      const frame = code`${fn}L`;
      // The frame object only for what is handed it (a closure, a filter function).
      const handed = /\bf\b/.test(body);
      return lines([
        code`const ${frame} = new Array(${index(frameSize)}).fill(null);`,
        ...(handed ? [code`const ${fn}F = { program: -1, pc: 0, locals: ${frame} };`] : []),
        code`function ${fn}(${join([code`s`, ...args], code`, `)}) {`,
        code`  const L = ${frame};`,
        // Each slot as a new frame has it: the arguments, then none.
        ...Array.from({ length: frameSize }, (_, i) => code`  L[${index(i)}] = ${i < params ? args[i] : code`null`};`),
        ...(handed ? [code`  const f = ${fn}F;`] : []),
        code`  return ${body};`,
        code`}`,
      ]);
    }, 'v');
    this.defines.set(name, written);
    return written;
  }

  /** `write` in a frame of its own (a goal's, a define's): `seats` its slots known to hold a seat, `holder` where it says whether it read `T`. */
  private inOwnFrame(seats: Set<number>, holder: { read: boolean } | null, write: () => Code): Code {
    const { seatSlots, boardSlots, filterSlots, holderTokens, ownFunction } = this;
    this.seatSlots = seats;
    this.boardSlots = new Map();
    this.filterSlots = [];
    this.holderTokens = holder;
    // A function of its own, even when first asked for inside a filter's.
    this.ownFunction = 0;
    try {
      return write();
    } finally {
      this.seatSlots = seatSlots;
      this.boardSlots = boardSlots;
      this.filterSlots = filterSlots;
      this.holderTokens = holderTokens;
      this.ownFunction = ownFunction;
    }
  }
}
