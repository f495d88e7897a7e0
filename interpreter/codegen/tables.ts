/**
 * What generated code refers to instead of writing it: every name, text and list of the rules is
 * an entry of a constant table (`K[3]`), every closure it still calls an entry of `E`. Numbers are
 * the only values written into the source, and only through `number`, which accepts nothing but a
 * finite number: so no text of a .rules file can ever become program text.
 */
import type { Evaluate } from '../program/program.ts';
import { code, empty, index, type Code } from './code.ts';
import { interned } from '../program/interned.ts';

export { index, local, number } from './code.ts';
export { Unsupported } from './unsupported.ts';

/** A closure the generated code calls, and why it was not written out. */
export interface Fallback { at: number; what: string; reason: string }

export class Tables {
  /** `K`: values from the rules (names, texts, lists, sets), by position. Never deduplicated by value, so renaming changes no index. */
  readonly constants: unknown[] = [];
  /** `E`: closures the generated code calls for what it does not write out. */
  readonly closures: Evaluate[] = [];
  /** Functions written beside the program's own (a `where` filter's loop), and temporaries' declarations, in order. */
  readonly functions: Code[] = [];
  readonly fallbacks: Fallback[] = [];
  /** Whether the code reads the index of pieces by cell as `OC` and `OF` (program.ts sets them where a run starts). */
  boardIndex = false;
  /** Temporaries declared (`temporary`) and functions added (`function`) so far: `functions` holds both. */
  private temporaryCount = 0;
  private functionCount = 0;

  /** Texts interned: generated code compares names with `===` (interned.ts). */
  constant(value: unknown): Code {
    return code`K[${index(this.constants.push(typeof value === 'string' ? interned(value) : value) - 1)}]`;
  }

  closure(closure: Evaluate, fallback: Fallback): Code {
    this.fallbacks.push(fallback);
    return code`E[${index(this.closures.push(closure) - 1)}](s, f)`;
  }

  /**
   * Adds a function named by its position; `body` receives that name. `prefix` 'g': a function
   * handed the caller's frame and locals (registers.ts reads what it does with them); 'v': one with
   * a frame of its own (a define's), which touches none of the caller's.
   */
  function(write: (name: Code) => Code, prefix: 'g' | 'v' = 'g'): Code {
    const name = prefix === 'g' ? code`g${index(this.functionCount++)}` : code`v${index(this.functionCount++)}`;
    const at = this.functions.push(empty) - 1;
    this.functions[at] = write(name);
    return name;
  }

  /**
   * A variable of the program's own scope, declared beside its functions, for an expression that
   * needs a value twice without a function of its own. Each use gets its own, so no other
   * expression (one nested in it among them) overwrites a value it has still to read.
   */
  temporary(): Code {
    const name = code`t${index(this.temporaryCount++)}`;
    this.functions.push(code`let ${name} = 0;`);
    return name;
  }
}
