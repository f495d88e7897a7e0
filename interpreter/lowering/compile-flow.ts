/**
 * Control flow and the turn, lowered to jumps over hidden slots: phases, `let` and `set`, `if`,
 * `while`, `repeat`, `for each`, simultaneous blocks, rule calls, `end turn` and `next turn to`.
 * Loops' jumps back are `counted`, so the step limit does not depend on how they are lowered.
 */
import { RuleError } from '../program/rule-error.ts';
import { next, type LoweringsOf } from './compile-emitter.ts';
import { asList, playerIndex } from '../runtime/values.ts';
import { pieceOf, setPieceVar } from '../runtime/grids.ts';
import { endThread, openBlock } from '../runtime/simultaneous.ts';
import type { Evaluate, GameDefinition, Value } from '../program/program.ts';
import { playersFrom } from '../runtime/runtime.ts';
import { setNextTurn } from '../runtime/turn-order.ts';

export const flowStatements: LoweringsOf<'phase' | 'let' | 'set' | 'if' | 'while' | 'repeat' | 'for-each' | 'simultaneous' | 'do' | 'end-turn' | 'next-turn'> = {
  phase: (e, node) => {
    const name = node.name.text;
    e.emit(node.name, (s, f) => { s.phase = name; next(f); }).shape = { kind: 'set-phase', name };
    e.block(node.body);
  },
  let: (e, node) => {
    const value = e.compile(node.value);
    const slot = e.annotations.slots.get(node.name)!;
    e.emit(node, (s, f) => { f.locals[slot] = value(s, f); next(f); }).shape = { kind: 'set-local', slot, value };
  },
  set: (e, node) => {
    const value = e.compile(node.value);
    const target = node.target;
    if (target.kind === 'name') {
      const r = e.annotations.names.get(target);
      if (r?.kind === 'local') e.emit(node, (s, f) => { f.locals[r.slot] = value(s, f); next(f); }).shape = { kind: 'set-local', slot: r.slot, value };
      else if (r?.kind === 'global') e.emit(node, (s, f) => { s.globals[r.index] = value(s, f); next(f); }).shape = { kind: 'set-global', index: r.index, value };
    } else if (target.kind === 'member') {
      const member = e.annotations.members.get(target);
      const object = e.compile(target.object);
      if (member?.kind === 'zone-var') {
        e.emit(node, (s, f) => {
          const z = object(s, f);
          if (typeof z !== 'number' || z >= 0) throw new RuleError('a zone was expected, but the value is none');
          s.zones[-z - 1].vars[member.index] = value(s, f);
          next(f);
        });
      }
      if (member?.kind === 'team-var') {
        e.emit(node, (s, f) => {
          const t = object(s, f);
          if (typeof t !== 'number') throw new RuleError('a team was expected, but the value is none');
          s.teamVars[t][member.index] = value(s, f);
          next(f);
        });
      }
      if (member?.kind === 'player-var') {
        e.emit(node, (s, f) => {
          const p = object(s, f);
          if (typeof p !== 'number') throw new RuleError('a player was expected, but the value is none');
          if (p < 0) throw new RuleError('there is no current player yet');
          s.players[p].vars[member.index] = value(s, f);
          next(f);
        }).shape = { kind: 'set-player-var', object, index: member.index, value };
      }
      if (member?.kind === 'piece-var') {
        e.emit(node, (s, f) => {
          // The piece first, then the value, as an assignment reads them.
          const piece = pieceOf(s, object(s, f));
          setPieceVar(s, piece, member.index, value(s, f));
          next(f);
        });
      }
    }
  },
  if: (e, node) => {
    const skipThen = e.jump(node.condition, e.compile(node.condition));
    e.block(node.then);
    if (node.otherwise) {
      const skipElse = e.jump(node);
      skipThen.patch(e.here);
      e.block(node.otherwise);
      skipElse.patch(e.here);
    } else {
      skipThen.patch(e.here);
    }
  },
  while: (e, node) => {
    const start = e.here;
    const exit = e.jump(node.condition, e.compile(node.condition));
    e.block(node.body);
    e.goto(node, start, true);
    exit.patch(e.here);
  },
  repeat: (e, node) => {
    const times = e.compile(node.times);
    const slot = e.annotations.loopSlots.get(node)!;
    e.emit(node, (s, f) => { f.locals[slot] = times(s, f); next(f); }).shape = { kind: 'set-local', slot, value: times };
    const start = e.here;
    const exit = e.jump(node, (_, f) => (f.locals[slot] as number) > 0);
    e.code[e.here - 1].shape = { kind: 'repeat-test', slot };
    e.emit(node, (_, f) => { f.locals[slot] = (f.locals[slot] as number) - 1; next(f); }).shape = { kind: 'count-down', slot };
    e.block(node.body);
    e.goto(node, start, true);
    exit.patch(e.here);
  },
  'for-each': (e, node) => {
    const list = node.from || node.direction ? playersRound(e.definition, node.from ? e.compile(node.from) : null, node.direction) : e.compile(node.list);
    const listSlot = e.annotations.loopSlots.get(node)!;
    const variable = e.annotations.slots.get(node.variable)!;
    e.emit(node, (s, f) => { f.locals[listSlot] = asList(list(s, f)); f.locals[listSlot + 1] = 0; next(f); }).shape = { kind: 'for-each-start', list, listSlot };
    const start = e.here;
    let exit = -1;
    const step = e.emit(node, (_, f) => {
      const items = f.locals[listSlot] as Value[];
      const position = f.locals[listSlot + 1] as number;
      if (position >= items.length) { f.pc = exit; return; }
      f.locals[variable] = items[position];
      f.locals[listSlot + 1] = position + 1;
      next(f);
    });
    e.block(node.body);
    e.goto(node, start, true);
    exit = e.here;
    step.shape = { kind: 'for-each-next', listSlot, variable, exit };
  },
  simultaneous: (e, node) => {
    const d = e.definition;
    const list = e.compile(node.list);
    const variable = e.annotations.slots.get(node.variable)!;
    let after = -1;
    e.emit(node, (s, f) => openBlock(s, f, asList(list(s, f)) as number[], variable, after), true);
    e.block(node.body);
    e.emit(node, (s) => endThread(d, s), true);
    after = e.here;
  },
  do: (e, node) => e.call(node),
  'end-turn': (e, node) => { e.emit(node, (s) => { s.stack = []; }, true); },
  'next-turn': (e, node) => {
    const player = e.compile(node.player);
    e.emit(node, (s, f) => { setNextTurn(s, player(s, f)); next(f); });
  },
};

/**
 * `for each p in players from P [clockwise|counterclockwise]`: the players still in the game round
 * the table from P (from the current player without `from`), to the left (clockwise), to the
 * right, or in the turn order's direction.
 */
function playersRound(definition: GameDefinition, from: Evaluate | null, direction: 'clockwise' | 'counterclockwise' | undefined): Evaluate {
  const way = direction === 'clockwise' ? 1 : direction === 'counterclockwise' ? -1 : definition.direction;
  return (s, f) => playersFrom(s, definition, from ? playerIndex(from(s, f)) : s.current, way);
}
