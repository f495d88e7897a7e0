/**
 * Inlining rules for batch mode. A rule called with `do` can be lowered into its caller's own
 * instructions, its slots moved past the caller's in the caller's frame, instead of a frame of its
 * own: no frame to build, push and pop, and no trip through the engine's outer loop per call.
 * What a rule's slots are comes from the checker's annotations; this module gives the lowering a
 * view of them with every local slot moved by an offset, so the same lowering code serves both.
 */
import type { Annotations, AST, Resolution } from '../../grammar/index.ts';

/** Past this many instructions a program makes its calls for real: inlining must not blow up its size. */
export const inlineLimit = 20_000;

/** A map of slot numbers read through an offset. */
class ShiftedSlots<K> extends Map<K, number> {
  constructor(private readonly base: Map<K, number>, private readonly offset: number) { super(); }
  override get(key: K): number | undefined {
    const slot = this.base.get(key);
    return slot === undefined ? undefined : slot + this.offset;
  }
  override has(key: K): boolean { return this.base.has(key); }
}

/** Name resolutions with their local slots moved by an offset (the rest as they are), each moved once. */
class ShiftedNames extends Map<AST.NameExpr, Resolution> {
  constructor(private readonly base: Map<AST.NameExpr, Resolution>, private readonly offset: number) { super(); }
  override get(key: AST.NameExpr): Resolution | undefined {
    const r = this.base.get(key);
    if (r?.kind !== 'local' && r?.kind !== 'attribute') return r;
    let moved = super.get(key);
    if (moved === undefined) super.set(key, moved = { ...r, slot: r.slot + this.offset });
    return moved;
  }
  override has(key: AST.NameExpr): boolean { return this.base.has(key); }
}

/** The annotations as seen by a rule whose slot 0 is `offset` in the frame it runs in. */
export function shiftedAnnotations(annotations: Annotations, offset: number): Annotations {
  if (offset === 0) return annotations;
  return {
    ...annotations,
    names: new ShiftedNames(annotations.names, offset),
    slots: new ShiftedSlots(annotations.slots, offset),
    loopSlots: new ShiftedSlots(annotations.loopSlots, offset),
  };
}
