/**
 * What a module builds from a definition and keeps, stored in the definition itself
 * (`GameDefinition.memo`) rather than in a module's WeakMap keyed by part of it, when what is kept
 * leads back to its key (generated code refers to the definition, whose programs were the key).
 * Such WeakMap entries kept every compile's data alive through V8's young-generation collections
 * until the next full one, each of them copying and promoting that data (docs/performance.md).
 * Kept in the definition, it dies with it. (A WeakMap whose values do not
 * lead back to the key, as batch-api.ts's start states, showed no such cost.)
 *
 * The memo is shared with the definition's copies (`{ ...definition }` keeps the same one), so each
 * memory is keyed within it by whatever the module tells apart (a set of programs, a copy).
 */
import type { GameDefinition } from './program.ts';

export class DefinitionMemo<K extends object, V> {
  /** This memory's own key in `definition.memo`. */
  private readonly slot = {};

  get(definition: GameDefinition, key: K): V | undefined {
    return this.of(definition)?.get(key);
  }

  set(definition: GameDefinition, key: K, value: V): V {
    let memory = this.of(definition);
    if (!memory) definition.memo.set(this.slot, memory = new Map());
    memory.set(key, value);
    return value;
  }

  private of(definition: GameDefinition): Map<K, V> | undefined {
    return definition.memo.get(this.slot) as Map<K, V> | undefined;
  }
}
