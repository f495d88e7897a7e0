/**
 * Statements and blocks: locals and `set`, choices, `if`, the loops, simultaneous blocks, phases,
 * rule calls (whose argument kinds are gathered for the rule's parameters) and the endings. A block
 * knows whether it always ends the turn or the game, so what follows is reported unreachable.
 * Each kind has its own check in one table (check-registry.ts runs each in isolation); statements on
 * tokens, dice, roles, cards and pieces are effect-check.ts's.
 */
import * as A from './ast.ts';
import { closest, type Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';
import { walkExpression } from './walk.ts';
import { checkSelection } from './selection-check.ts';
import { checkSimultaneousBody } from './simultaneous-check.ts';
import { CheckRegistry, isolated, type ChecksByKind, type ExtraChecks } from './check-registry.ts';
import { describeType, elementOf, isList, Scope, type BlockContext, type CheckState, type Type } from './check-state.ts';
import type { NameChecks } from './names-check.ts';
import type { ExpressionChecks } from './expression-check.ts';
import type { EffectChecks } from './effect-check.ts';

export type StatementChecks = ReturnType<typeof statementChecks>;

/** A statement's check: true when the statement always ends the turn or the game. */
export type StatementTable = ChecksByKind<A.Statement, BlockContext, boolean>;
export type ExtraStatementChecks = ExtraChecks<A.Statement, BlockContext>;

export function statementChecks(
  state: CheckState, { memberOf }: NameChecks, { expr, expect, condition, player }: ExpressionChecks, { effects }: EffectChecks,
  extra?: ExtraStatementChecks,
) {
  const { schema, annotations, diagnostics, complete, calls, called, localsLearnt, report } = state;
  // A check that fails while kinds are only learnt (state.muted) says nothing, like the rest.
  const reportFailure = (d: Diagnostic) => { if (state.muted === 0) diagnostics.push(d); };

  /** Returns true when the block always ends the turn or the game (so what follows is unreachable). */
  function block(node: A.Block, context: BlockContext): boolean {
    const scope = new Scope(context.scope, context.scope.frame);
    let terminated = false;
    let reported = false;
    for (const statement of node.statements) {
      if (terminated && !reported && statement.kind !== 'error' && statement.kind !== 'cite') {
        reported = true;
        if (statement.kind === 'phase') report(m.phaseUnreachable(statement.name.text), statement.name.range);
        else report(m.statementUnreachable(), statement.range);
      }
      if (statementCheck(statement, { ...context, scope, topOfTurns: context.topOfTurns })) terminated = true;
    }
    return terminated;
  }

  /** The values a text shows (`{p.daPiazzare}`): any kind of value may be shown. */
  function textValues(node: A.Templated, scope: Scope) {
    for (const part of node.parts ?? []) {
      if (typeof part === 'string') continue;
      expr(part, { scope });
      // Texts are not made when bots play in batch mode: a draw in one would change the game.
      const draw = findCall(part, 'random');
      if (draw) report(m.textDrawsByLot(), draw.range);
    }
  }
  function findCall(node: A.Expr, name: string): A.CallExpr | undefined {
    let found: A.CallExpr | undefined;
    walkExpression(node, { expression: (n) => { if (!found && n.kind === 'call' && n.callee?.text === name) found = n; } });
    return found;
  }

  const inner = (body: A.Block, context: BlockContext, extraContext: Partial<BlockContext> = {}) =>
    block(body, { ...context, topOfTurns: false, ...extraContext });
  const nothing = () => false;

  function phase(node: A.PhaseStmt, context: BlockContext): boolean {
    const name = node.name.text;
    if (!context.topOfTurns) report(m.phaseOutsideTurns(), node.name.range);
    else if (name.trim() === '') report(m.phaseNameEmpty(), node.name.range);
    else if (name === 'setup' || name === 'game over') report(m.phaseNameReserved(name), node.name.range);
    else if (context.phases.has(name)) report(m.phaseDuplicate(name), node.name.range);
    context.phases.add(name);
    return inner(node.body, context);
  }

  function letStatement(node: A.LetStmt, { scope }: BlockContext): boolean {
    const type = expr(node.value, { scope });
    annotations.slots.set(node.name, scope.define(node.name.text, type));
    return false;
  }

  /** `set x = …`: a local, or a variable of the game; what it is given is learnt for its kind. */
  function setName(target: A.NameExpr, valueType: Type, scope: Scope) {
    const local = scope.lookup(target.name);
    const global = schema.globals.get(target.name);
    const learnt = valueType !== 'unknown' && valueType !== 'none';
    if (local) {
      annotations.names.set(target, { kind: 'local', slot: local.slot });
      if (learnt) localsLearnt.set(local, valueType);
    } else if (global) {
      annotations.names.set(target, { kind: 'global', index: global.index });
      if (learnt) annotations.variableTypes.set(target.name, valueType);
    } else if (schema.options.has(target.name)) {
      report(m.setOption(target.name), target.range);
    } else {
      report(m.setUnknownVariable(target.name), target.range, closest(target.name, [...scope.all(), ...schema.globals.keys()]));
    }
  }

  /** `set p.x = …`: a variable of a player, a team, a zone or a piece. */
  function setMember(target: A.MemberExpr, valueType: Type, scope: Scope) {
    const objectType = expr(target.object, { scope });
    const name = target.property.text;
    const member = memberOf(objectType, name);
    const kind = member?.resolution.kind;
    if (member && (kind === 'player-var' || kind === 'team-var' || kind === 'zone-var' || kind === 'piece-var')) {
      annotations.members.set(target, member.resolution);
      if (valueType !== 'unknown' && valueType !== 'none') annotations.variableTypes.set(name, valueType);
    } else if (member) {
      report(m.setNotSettable(name), target.property.range);
    } else {
      report(m.setNoSuchVariable(describeType(objectType), name), target.property.range, closest(name, [...schema.playerVars.keys()]));
    }
  }

  function set(node: A.SetStmt, { scope }: BlockContext): boolean {
    const valueType = expr(node.value, { scope });
    if (node.target.kind === 'name') setName(node.target, valueType, scope);
    else if (node.target.kind === 'member') setMember(node.target, valueType, scope);
    else report(m.setTarget(), node.target.range);
    return false;
  }

  function chooseValue(node: A.ChooseValueStmt, { scope }: BlockContext): boolean {
    const listType = expr(node.from, { scope });
    if (listType !== 'unknown' && !isList(listType)) report(m.chooseFromList(describeType(listType)), node.from.range);
    if (node.count && node.count.kind === 'number' && node.count.value < 1) report(m.chooseAtLeastOne(node.count.value), node.count.range);
    player(node.by, scope);
    const type = node.count ? listType : elementOf(listType);
    annotations.slots.set(node.variable, scope.define(node.variable.text, type));
    return false;
  }

  function chooseSelection(node: A.ChooseSelectionStmt, { scope }: BlockContext): boolean {
    const slot = checkSelection(node, {
      type: (e) => expr(e, { scope }),
      number: (e, what) => { expect(e, { scope }, 'number', m.expectedNumber, what); },
      condition: (e) => condition(e, { scope }),
      player: (e) => player(e, scope),
      define: (name, type) => scope.define(name.text, type as Type),
      findCall, describe: (type) => describeType(type as Type),
    }, diagnostics);
    annotations.slots.set(node.variable, slot);
    return false;
  }

  /** `choose { option "…" { … } … }`: it ends the turn when every option does. */
  function chooseOption(node: A.ChooseOptionStmt, context: BlockContext): boolean {
    const { scope } = context;
    player(node.by, scope);
    const labels = new Set<string>();
    let allEnd = node.options.length > 0;
    for (const option of node.options) {
      if (labels.has(option.label)) report(m.optionLabelDuplicate(option.label), option.labelRange ?? option.range);
      labels.add(option.label);
      if (option.condition) condition(option.condition, { scope });
      if (!inner(option.body, context)) allEnd = false;
    }
    return allEnd;
  }

  function ifStatement(node: A.IfStmt, context: BlockContext): boolean {
    condition(node.condition, { scope: context.scope });
    const thenEnds = inner(node.then, context);
    const elseEnds = node.otherwise ? inner(node.otherwise, context) : false;
    return thenEnds && elseEnds;
  }

  function forEach(node: A.ForEachStmt, context: BlockContext): boolean {
    const { scope } = context;
    const listType = expr(node.list, { scope });
    if (listType !== 'unknown' && !isList(listType)) report(m.forEachList(describeType(listType)), node.list.range);
    if ((node.from || node.direction) && node.list.kind !== 'players') report(m.forEachFromPlayers(node.variable.text), node.list.range);
    if (node.from) player(node.from, scope);
    const loopScope = new Scope(scope, scope.frame);
    annotations.slots.set(node.variable, loopScope.define(node.variable.text, elementOf(listType)));
    // Two hidden slots hold the list and the position, so a loop can pause at a choice.
    annotations.loopSlots.set(node, loopScope.frame.size);
    loopScope.frame.size += 2;
    block(node.body, { ...context, scope: loopScope, topOfTurns: false });
    return false;
  }

  function simultaneous(node: A.SimultaneousStmt, context: BlockContext): boolean {
    const { scope } = context;
    const listType = expr(node.list, { scope });
    if (listType !== 'unknown' && listType !== 'list<player>') report(m.simultaneousPlayers(describeType(listType)), node.list.range);
    const loopScope = new Scope(scope, scope.frame);
    annotations.slots.set(node.variable, loopScope.define(node.variable.text, 'player'));
    block(node.body, { ...context, scope: loopScope, topOfTurns: false });
    checkSimultaneousBody(node, schema, diagnostics);
    return false;
  }

  function whileStatement(node: A.WhileStmt, context: BlockContext): boolean {
    condition(node.condition, { scope: context.scope });
    inner(node.body, context);
    return false;
  }

  function repeat(node: A.RepeatStmt, context: BlockContext): boolean {
    const { scope } = context;
    expect(node.times, { scope }, 'number', m.expectedNumber, 'a number');
    annotations.loopSlots.set(node, scope.frame.size++);
    inner(node.body, context);
    return false;
  }

  /** `do rule(…)`: the kinds passed are kept for the rule's parameters (checker.ts). */
  function doRule(node: A.DoStmt, { scope }: BlockContext): boolean {
    const rule = schema.rules.get(node.rule.text);
    const kinds = node.args.map((arg) => expr(arg, { scope }));
    if (!rule) {
      if (complete) report(m.ruleUnknown(node.rule.text), node.rule.range, closest(node.rule.text, schema.rules.keys()));
      return false;
    }
    const passed = calls.get(rule.name);
    if (passed) passed.push(kinds); else calls.set(rule.name, [kinds]);
    called.add(rule.name);
    if (rule.decl.params.length !== node.args.length) report(m.ruleArguments(rule.name, rule.decl.params.length, node.args.length), node.range);
    return false;
  }

  function ending(node: A.WinStmt | A.EliminateStmt, { scope }: BlockContext): boolean {
    // `win squadra`: every player of a list wins together (a side dealt in secret, say).
    if (node.kind === 'win' && expr(node.player, { scope }) === 'list<player>') return true;
    player(node.player, scope);
    // `none` written out would win or put out nobody (a variable that may hold none is checked when the game runs).
    if (node.player.kind === 'none') report(m.endingNone(node.kind), node.player.range);
    return node.kind === 'win';
  }

  function endTurn(node: A.EndTurnStmt, context: BlockContext): boolean {
    if (!context.inTurns) report(m.endTurnOutsideTurns(), node.range);
    return true;
  }

  function nextTurn(node: A.NextTurnStmt, { scope }: BlockContext): boolean {
    expect(node.player, { scope }, 'player', m.expectedKind, 'a player');
    return false;
  }

  function winTeam(node: A.WinTeamStmt, { scope }: BlockContext): boolean {
    const type = expr(node.team, { scope });
    if (type !== 'unknown' && type !== 'team') report(m.expectedTeam(describeType(type)), node.team.range);
    return true;
  }

  const table: StatementTable = {
    error: nothing, cite: nothing, log: nothing,
    phase, let: letStatement, set,
    'choose-value': chooseValue, 'choose-selection': chooseSelection, 'choose-option': chooseOption,
    if: ifStatement, 'for-each': forEach, simultaneous, while: whileStatement, repeat, do: doRule,
    win: ending, eliminate: ending, 'draw-game': () => true, 'end-turn': endTurn, 'next-turn': nextTurn, 'win-team': winTeam,
    ...effects,
  };
  const registry = new CheckRegistry<A.Statement, BlockContext, boolean>('statement', table, false, reportFailure, (ends, more) => ends || more === true).register(extra);

  function statementCheck(node: A.Statement, context: BlockContext): boolean {
    if ('parts' in node || ('detail' in node && node.detail)) {
      isolated(`the texts of the '${node.kind}' statement`, node, reportFailure, undefined, () => {
        if ('parts' in node) textValues(node, context.scope);
        if ('detail' in node && node.detail) textValues(node.detail, context.scope);
      });
    }
    return registry.run(node, context);
  }

  return { block, findCall };
}
