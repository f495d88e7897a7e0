/**
 * Names written as JavaScript (expression.ts calls this): locals, globals and options as reads of
 * the state, everything the rules name (symbols, pools, teams, zones, regions, cards) as a number
 * or an entry of the constant table, never as text.
 */
import type { AST, Annotations, MemberResolution } from '../../grammar/index.ts';
import type { GameDefinition } from '../program/program.ts';
import { code, type Code } from './code.ts';
import { boardName } from './grid.ts';
import { index, local, number, Unsupported, type Tables } from './tables.ts';

/** A name the checker resolved, as source; `memberOfSlot` writes an attribute of a local (`it`'s). */
export function writeName(d: GameDefinition, tables: Tables, node: AST.NameExpr, a: Annotations, memberOfSlot: (member: MemberResolution, slot: number) => Code): Code {
  const r = a.names.get(node);
  if (!r) throw new Unsupported('a name the checker did not resolve');
  switch (r.kind) {
    case 'local': return local(r.slot);
    case 'global': return code`s.globals[${index(r.index)}]`;
    case 'option': return code`s.options[${index(r.index)}]`;
    case 'symbol': case 'role': return tables.constant(r.name);
    case 'pool': {
      const pool = d.pools.find((p) => p.name === r.name)!;
      return tables.constant(Array.from({ length: pool.count }, (_, i) => pool.first + i));
    }
    case 'table-dice': return code`H.tableDice(s, D, ${index(r.pool)})`;
    case 'seats': return code`s.seats`;
    case 'round': return code`s.round`;
    case 'turn': return code`s.turn`;
    case 'attribute': return memberOfSlot(r.member, r.slot);
    case 'team': case 'region': return index(r.index);
    case 'zone': return number(-(r.index + 1));
    case 'teams': return tables.constant(d.teams.map((_, i) => i));
    case 'regions': return tables.constant(d.regions.map((_, i) => i));
    case 'zone-set': return tables.constant(r.zones.map((i) => -(i + 1)));
    case 'card-set': return tables.constant(Array.from({ length: r.count }, (_, i) => r.first + i));
    case 'pile': return code`s.piles[s.pileBase[${index(r.index)}]].slice()`;
    default: {
      const board = boardName(d, tables, r);
      if (board !== null) return board;
      throw new Unsupported(`the name kind '${r.kind}' is left to its closure`);
    }
  }
}
