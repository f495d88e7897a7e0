/**
 * Statements and blocks: locals and `set`, choices, `if`, the loops, simultaneous blocks, phases,
 * rule calls (whose argument kinds are gathered for the rule's parameters) and the endings. A block
 * knows whether it always ends the turn or the game, so what follows is reported unreachable.
 * Statements on tokens, dice, roles, cards and pieces are effect-check.ts's.
 */
import * as A from './ast.ts';
import { walkExpression } from './walk.ts';
import { closest, codes } from './diagnostics.ts';
import { checkSimultaneousBody } from './simultaneous-check.ts';
import { checkSelection } from './selection-check.ts';
import { describeType, elementOf, isList, Scope, type BlockContext, type CheckState, type Type } from './check-state.ts';
import type { NameChecks } from './names-check.ts';
import type { ExpressionChecks } from './expression-check.ts';
import type { EffectChecks } from './effect-check.ts';

export type StatementChecks = ReturnType<typeof statementChecks>;

export function statementChecks(
  state: CheckState, { memberOf }: NameChecks, { expr, expect, condition, player }: ExpressionChecks, { effectCheck }: EffectChecks,
) {
  const { schema, annotations, diagnostics, complete, calls, called, localsLearnt, error, warn } = state;

  /** Returns true when the block always ends the turn or the game (so what follows is unreachable). */
  function block(node: A.Block, context: BlockContext): boolean {
    const scope = new Scope(context.scope, context.scope.frame);
    let terminated = false;
    let reported = false;
    for (const statement of node.statements) {
      if (terminated && !reported && statement.kind !== 'error' && statement.kind !== 'cite') {
        reported = true;
        if (statement.kind === 'phase') {
          error(codes.unreachable, `the phase '${statement.name.text}' can never be reached: the turn always ends before it`, statement.name.range);
        } else {
          warn(codes.unreachable, 'this statement can never run: the statement before it always ends the turn or the game', statement.range);
        }
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
      if (draw) error(codes.typeMismatch, "a text cannot draw by lot: draw with 'let x = random(…)' first, then show {x}", draw.range);
    }
  }
  function findCall(node: A.Expr, name: string): A.CallExpr | undefined {
    let found: A.CallExpr | undefined;
    walkExpression(node, { expression: (n) => { if (!found && n.kind === 'call' && n.callee?.text === name) found = n; } });
    return found;
  }

  function statementCheck(node: A.Statement, context: BlockContext): boolean {
    const { scope } = context;
    if ('parts' in node) textValues(node, scope);
    if ('detail' in node && node.detail) textValues(node.detail, scope);
    const inner = (body: A.Block, extra: Partial<BlockContext> = {}) => block(body, { ...context, topOfTurns: false, ...extra });
    switch (node.kind) {
      case 'error': case 'cite': case 'log': return false;
      case 'phase':
        if (!context.topOfTurns) {
          error(codes.phaseOutsideTurns, 'a phase belongs directly inside the turns block', node.name.range);
        } else if (node.name.text.trim() === '' || node.name.text === 'setup' || node.name.text === 'game over') {
          error(codes.phaseName, node.name.text.trim() === '' ? 'a phase needs a name that shows: write some letters between the quotes'
            : `'${node.name.text}' is the name of the game's own ${node.name.text === 'setup' ? 'setup' : 'end'} state: call the phase something else`, node.name.range);
        } else if (context.phases.has(node.name.text)) {
          error(codes.nameDuplicate, `there is already a phase '${node.name.text}' in this turn`, node.name.range);
        }
        context.phases.add(node.name.text);
        return inner(node.body);
      case 'let': {
        const type = expr(node.value, { scope });
        annotations.slots.set(node.name, scope.define(node.name.text, type));
        return false;
      }
      case 'set': {
        const target = node.target;
        const valueType = expr(node.value, { scope });
        if (target.kind === 'name') {
          const local = scope.lookup(target.name);
          const global = schema.globals.get(target.name);
          if (local) {
            annotations.names.set(target, { kind: 'local', slot: local.slot });
            if (valueType !== 'unknown' && valueType !== 'none') localsLearnt.set(local, valueType);
          }
          else if (global) {
            annotations.names.set(target, { kind: 'global', index: global.index });
            if (valueType !== 'unknown' && valueType !== 'none') annotations.variableTypes.set(target.name, valueType);
          }
          else if (schema.options.has(target.name)) error(codes.typeNotAssignable, `'${target.name}' is an option: options are changed by variants, not by rules`, target.range);
          else error(codes.nameUnknown, `'${target.name}' is not a variable; declare it with var ${target.name} = …`, target.range,
            closest(target.name, [...scope.all(), ...schema.globals.keys()]));
        } else if (target.kind === 'member') {
          const objectType = expr(target.object, { scope });
          const member = memberOf(objectType, target.property.text);
          if (member?.resolution.kind === 'player-var' || member?.resolution.kind === 'team-var' || member?.resolution.kind === 'zone-var' || member?.resolution.kind === 'piece-var') {
            annotations.members.set(target, member.resolution);
            if (valueType !== 'unknown' && valueType !== 'none') annotations.variableTypes.set(target.property.text, valueType);
          }
          else {
            const what = member ? `'${target.property.text}' cannot be set directly (use gain, discard or mark)` : `${describeType(objectType)} has no variable '${target.property.text}'`;
            error(member ? codes.typeNotAssignable : codes.nameUnknownAttribute, what, target.property.range,
              member ? undefined : closest(target.property.text, [...schema.playerVars.keys()]));
          }
        } else {
          error(codes.typeNotAssignable, 'only a variable or a player variable can be set', target.range);
        }
        return false;
      }
      case 'choose-value': {
        const listType = expr(node.from, { scope });
        if (listType !== 'unknown' && !isList(listType)) {
          error(codes.typeExpectedList, `choose picks from a list, but this is ${describeType(listType)}`, node.from.range);
        }
        if (node.count && node.count.kind === 'number' && node.count.value < 1) {
          error(codes.numberInvalid, `a player must choose at least 1, not ${node.count.value}`, node.count.range);
        }
        player(node.by, scope);
        const type = node.count ? listType : elementOf(listType);
        annotations.slots.set(node.variable, scope.define(node.variable.text, type));
        return false;
      }
      case 'choose-selection': {
        const slot = checkSelection(node, {
          type: (e) => expr(e, { scope }),
          number: (e, what) => { expect(e, { scope }, 'number', codes.typeExpectedNumber, what); },
          condition: (e) => condition(e, { scope }),
          player: (e) => player(e, scope),
          define: (name, type) => scope.define(name.text, type as Type),
          findCall, describe: (type) => describeType(type as Type),
        }, diagnostics);
        annotations.slots.set(node.variable, slot);
        return false;
      }
      case 'choose-option': {
        player(node.by, scope);
        const labels = new Set<string>();
        let allEnd = node.options.length > 0;
        for (const option of node.options) {
          if (labels.has(option.label)) error(codes.nameDuplicate, `two options are labelled '${option.label}'`, option.labelRange ?? option.range);
          labels.add(option.label);
          if (option.condition) condition(option.condition, { scope });
          if (!inner(option.body)) allEnd = false;
        }
        return allEnd;
      }
      case 'if': {
        condition(node.condition, { scope });
        const thenEnds = inner(node.then);
        const elseEnds = node.otherwise ? inner(node.otherwise) : false;
        return thenEnds && elseEnds;
      }
      case 'for-each': {
        const listType = expr(node.list, { scope });
        if (listType !== 'unknown' && !isList(listType)) {
          error(codes.typeExpectedList, `for each walks a list, but this is ${describeType(listType)}`, node.list.range);
        }
        if ((node.from || node.direction) && node.list.kind !== 'players') {
          error(codes.typeMismatch, `'from' and a direction walk the players round the table: write for each ${node.variable.text} in players from …`, node.list.range);
        }
        if (node.from) player(node.from, scope);
        const loopScope = new Scope(scope, scope.frame);
        annotations.slots.set(node.variable, loopScope.define(node.variable.text, elementOf(listType)));
        // Two hidden slots hold the list and the position, so a loop can pause at a choice.
        annotations.loopSlots.set(node, loopScope.frame.size);
        loopScope.frame.size += 2;
        block(node.body, { ...context, scope: loopScope, topOfTurns: false });
        return false;
      }
      case 'simultaneous': {
        const listType = expr(node.list, { scope });
        if (listType !== 'unknown' && listType !== 'list<player>') {
          error(codes.typeMismatch, `simultaneously goes over a list of players, but this is ${describeType(listType)}`, node.list.range);
        }
        const loopScope = new Scope(scope, scope.frame);
        annotations.slots.set(node.variable, loopScope.define(node.variable.text, 'player'));
        block(node.body, { ...context, scope: loopScope, topOfTurns: false });
        checkSimultaneousBody(node, schema, diagnostics);
        return false;
      }
      case 'while':
        condition(node.condition, { scope });
        inner(node.body);
        return false;
      case 'repeat': {
        expect(node.times, { scope }, 'number', codes.typeExpectedNumber, 'a number');
        annotations.loopSlots.set(node, scope.frame.size++);
        inner(node.body);
        return false;
      }
      case 'do': {
        const rule = schema.rules.get(node.rule.text);
        const kinds = node.args.map((arg) => expr(arg, { scope }));
        if (rule) {
          const passed = calls.get(rule.name);
          if (passed) passed.push(kinds); else calls.set(rule.name, [kinds]);
        }
        if (!rule) {
          if (complete) error(codes.nameUnknown, `there is no rule '${node.rule.text}'`, node.rule.range, closest(node.rule.text, schema.rules.keys()));
          return false;
        }
        called.add(rule.name);
        if (rule.decl.params.length !== node.args.length) {
          error(codes.argumentCount, `the rule '${rule.name}' takes ${rule.decl.params.length} argument${rule.decl.params.length === 1 ? '' : 's'}, not ${node.args.length}`, node.range);
        }
        return false;
      }
      case 'win': case 'eliminate':
        // `win squadra`: every player of a list wins together (a side dealt in secret, say).
        if (node.kind === 'win' && expr(node.player, { scope }) === 'list<player>') return true;
        player(node.player, scope);
        // `none` written out would win or put out nobody (a variable that may hold none is checked when the game runs).
        if (node.player.kind === 'none') {
          error(codes.typeExpectedPlayer, `${node.kind} needs a player, but this is always none`, node.player.range);
        }
        return node.kind === 'win';
      case 'draw-game': return true;
      case 'end-turn':
        if (!context.inTurns) error(codes.endTurnOutsideTurns, "'end turn' only means something inside the turns block or a rule: the setup has no turn to end", node.range);
        return true;
      case 'next-turn':
        expect(node.player, { scope }, 'player', codes.typeMismatch, 'a player');
        return false;
      case 'win-team': {
        const type = expr(node.team, { scope });
        if (type !== 'unknown' && type !== 'team') error(codes.typeMismatch, `expected a team here, but this is ${describeType(type)}`, node.team.range);
        return true;
      }
      default:
        effectCheck(node, scope);
        return false;
    }
  }

  return { block, findCall };
}
