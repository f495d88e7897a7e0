/**
 * What an operand of a comparison is, read from the checked AST alone: a token count of a local,
 * or a value written in the rules. The closures (compile-expression.ts) and the generated code
 * (codegen/expression.ts) both compare such operands without evaluating them as a whole.
 */
import type { AST, Annotations } from '../../grammar/index.ts';
import type { Value } from './state.ts';

/** `p.Popolo`, or `Popolo` in a goal: a token count of the local in `slot` (as tokenComparison reads it). */
export function tokenOfLocal(node: AST.Expr, a: Annotations): { slot: number; token: number } | null {
  if (node.kind === 'name') {
    const r = a.names.get(node);
    return r?.kind === 'attribute' && r.member.kind === 'token' ? { slot: r.slot, token: r.member.index } : null;
  }
  if (node.kind !== 'member' || node.object.kind !== 'name') return null;
  const member = a.members.get(node);
  const local = a.names.get(node.object);
  return member?.kind === 'token' && local?.kind === 'local' ? { slot: local.slot, token: member.index } : null;
}

/** A value written in the rules (a number, a text, a place quoted, a symbol, none), or undefined. */
export function constantOf(node: AST.Expr, a: Annotations): { value: Value } | undefined {
  switch (node.kind) {
    case 'number': case 'bool': return { value: node.value };
    case 'none': return { value: null };
    case 'string': {
      const place = a.quotedPlaces.get(node);
      return { value: place?.kind === 'zone' ? -(place.index + 1) : place?.kind === 'region' ? place.index : node.value };
    }
    case 'name': {
      const r = a.names.get(node);
      return r?.kind === 'symbol' || r?.kind === 'role' ? { value: r.name } : undefined;
    }
    default: return undefined;
  }
}

/** A list written in the rules whose items are all constant scalars (numbers, texts, symbols, roles), as a set; or null. */
export function constantScalars(node: AST.Expr, a: Annotations): Set<string | number | boolean> | null {
  if (node.kind !== 'list') return null;
  const values = new Set<string | number | boolean>();
  for (const item of node.items) {
    if (item.kind === 'number' || item.kind === 'bool' || item.kind === 'string') values.add(item.value);
    else if (item.kind === 'name') {
      const r = a.names.get(item);
      if (r?.kind !== 'symbol' && r?.kind !== 'role') return null;
      values.add(r.name);
    } else return null;
  }
  return values;
}
