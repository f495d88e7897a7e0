/**
 * Writes out the statements a random playout spends its time in (tokens, dice, choices), with the
 * meaning of their closures in compile.ts. What writes a log line or labels is written out for
 * batch mode's programs (`quiet`: they run only on quiet states, which never log) and keeps its
 * closure in a logged match's. Returns null for a statement it leaves to its closure.
 */
import { code, join, type Code } from './code.ts';
import type { AST } from '../../grammar/index.ts';
import type { Instruction } from '../program/program.ts';
import type { ExpressionWriter } from './expression.ts';
import { index, number, type Tables } from './tables.ts';
import { movePieces } from './grid.ts';
import { control } from './control.ts';

export function statementSource(instruction: Instruction, k: number, expressions: ExpressionWriter, tables: Tables, closure: () => Code, quiet: boolean): Code | null {
  const source = instruction.source;
  if (!source) return null;
  const a = source.annotations;
  const node = source.node as AST.Statement;
  const w = (e: AST.Expr) => expressions.write(e, a);
  const next = control.next;
  const here = code`I[${index(k)}]`;
  // The player a statement acts on, the current one when not said (Emitter.player / holder).
  const player = (e: AST.Expr | undefined) => code`H.player(s, ${e ? w(e) : code`s.current`})`;
  const holder = (e: AST.Expr | undefined) => code`H.holder(s, ${e ? w(e) : code`s.current`})`;
  const token = (e: AST.Expr) => {
    // A token named in the rules is its index, found now (the closure finds the same each time).
    const r = e.kind === 'name' ? a.names.get(e) : undefined;
    const found = r?.kind === 'symbol' ? expressions.tokenNumber(r.name) : -1;
    return found >= 0 ? index(found) : code`H.tokenIndex(D, ${w(e)})`;
  };
  /** Batch mode's path written out, a logged match's through the closure. */
  const quietOnly = (batch: () => Code) => (quiet ? batch() : closure());
  switch (node.kind) {
    case 'log': return quietOnly(() => next);
    case 'gain':
      return code`H.gainTokens(s, D, ${holder(node.player)}, ${token(node.symbol)}, ${w(node.amount)}, ${here}.cite, ${here}.at); ${next}`;
    case 'discard': {
      const amount = node.amount ? w(node.amount) : code`H.holdings(s, p)[t]`;
      return code`{ const p = ${holder(node.player)}; const t = ${token(node.symbol)}; const wanted = ${amount}; H.discardTokens(s, D, p, t, wanted, ${here}.cite, ${here}.at); } ${next}`;
    }
    case 'steal':
      return code`H.stealTokens(s, D, ${holder(node.player)}, ${holder(node.victim)}, ${token(node.symbol)}, ${w(node.amount)}, ${here}.cite, ${here}.at); ${next}`;
    case 'roll': return quietOnly(() => code`${expressions.diceChange(node.dice, a, 'roll', 0)} ${next}`);
    case 'mark': {
      const bit = 1 << (a.markBits.get(node.mark.text) ?? 0);
      return code`${expressions.diceChange(node.dice, a, node.on ? 'markOn' : 'markOff', bit)} ${next}`;
    }
    case 'move-cards': {
      const moved = movePieces(node, a, w);
      return moved === null ? null : quietOnly(() => code`${moved} ${next}`);
    }
    case 'next-turn': return code`H.setNextTurn(s, ${w(node.player)}); ${next}`;
    case 'end-turn': return code`f.pc = pc; s.stack = []; ${control.stop}`;
    case 'choose-value': {
      const shape = instruction.shape;
      const slotNumber = a.slots.get(node.variable)!;
      // The helper stores the answer in the slot: all it does with the locals (the values and the chooser are read before).
      const slot = index(slotNumber);
      const prompt = tables.constant(node.prompt ?? `choose ${node.variable.text}`);
      if (shape?.kind === 'choose-picks') {
        // Picked one by one, then confirmed: the picks a playout's bot makes at once (choice-helpers.ts).
        return quietOnly(() => code`{ const from = ${expressions.write(node.from, a)}; const by = ${player(node.by)}; ${control.handOnWriting}const k = H.choosePicks(s, L, from, by, ${slot}, ${number(shape.need)}, ${prompt}, ${tables.constant(shape.valueKind)}, ${here}); ${control.takeBack([slotNumber])}if (k === -2) { f.pc = pc; ${control.stop} } if (k >= 0) steps = 0; } ${next}`);
      }
      if (shape?.kind !== 'choose-value') return null;
      // The values first, then the chooser, as the closure reads them.
      // A playout's bot answered at once: the steps between two choices start again (as after a decision).
      // Values listed by generated code are counted in `H.candidates` (choice-helpers.ts chooseCounted).
      return quietOnly(() => {
        const values = expressions.choiceValues(node.from, a);
        const choose = values.counted
          ? code`const n = ${values.source}; const by = ${player(node.by)}; ${control.handOnWriting}const k = H.chooseCounted(s, L, H.candidates, n, by, `
          : code`const from = ${values.source}; const by = ${player(node.by)}; ${control.handOnWriting}const k = H.chooseValue(s, L, from, by, `;
        return code`{ ${choose}${slot}, ${prompt}, ${tables.constant(shape.valueKind)}, ${here}); ${control.takeBack([slotNumber])}if (k === -2) { f.pc = pc; ${control.stop} } if (k >= 0) steps = 0; } ${next}`;
      });
    }
    case 'choose-option': {
      const shape = instruction.shape;
      if (shape?.kind !== 'choose-option') return null;
      const prompt = tables.constant(node.prompt ?? 'choose');
      const end = index(shape.end);
      // Every option's condition is tested, in order, once the chooser is known to be in the game.
      // The open options as bits (choice-helpers.ts chooseOpen): no list unless the choice is left pending.
      const bits = node.options.length <= 31;
      const options = node.options.map((option, i) => {
        const open = bits ? code`open |= ${index(2 ** i)};` : code`open.push(${index(shape.targets[i])});`;
        return option.condition ? code`if (${w(option.condition)}) ${open}` : open;
      });
      return quietOnly(() => join([
        code`const player = ${player(node.by)};`,
        code`if (!s.players[player].active) { ${control.jump(shape.end)} }`,
        bits ? code`let open = 0;` : code`const open = H.choiceTargets(s);`,
        ...options,
        bits ? code`pc = H.chooseOpen(s, player, open, ${tables.constant(shape.targets)}, ${end}, ${prompt}, ${here});` : code`pc = H.chooseOption(s, player, open, ${end}, ${prompt}, ${here});`,
        code`if (pc === -1) { f.pc = pc = ${index(k)}; ${control.stop} }`,
        // A playout's bot answered at once: the steps between two choices start again (as after a decision).
        code`if (pc < 0) { pc = -2 - pc; steps = 0; }`,
        control.dispatch([...shape.targets, shape.end]),
      ], code` `));
    }
    default: return null;
  }
}
