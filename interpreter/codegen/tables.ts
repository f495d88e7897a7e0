/**
 * What generated code refers to instead of writing it: every name, text and list of the rules is
 * an entry of a constant table (`K[3]`), every closure it still calls an entry of `E`. Numbers are
 * the only values written into the source, and only through `number`, which accepts nothing but a
 * finite number: so no text of a .rules file can ever become program text.
 */
import type { Evaluate } from '../program/program.ts';
import { interned } from '../program/interned.ts';

/**
 * Something the generator does not write out: the caller falls back to the closure or the stepper.
 * Not an Error: it is thrown often while generating, and an Error would capture a stack each time.
 */
export class Unsupported {
  constructor(readonly message: string) {}
}

/** Whole numbers 0…1023 as source, made once: most numbers written are slots, indices and pcs. */
const small = Array.from({ length: 1024 }, (_, i) => String(i));

/** A number as JavaScript source: only finite numbers, written by `String` (a negative one in parentheses). */
export function number(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Unsupported('a value that is not a finite number');
  if (Object.is(value, -0)) return '(-0)';
  // A safe integer prints as digits (and a sign) alone: no need to look.
  if (Number.isSafeInteger(value)) return value >= 0 ? (value < 1024 ? small[value] : String(value)) : `(${value})`;
  const text = String(value);
  // String() of a finite number is digits, '.', 'e', '+' and '-': checked anyway, as the one door into the source.
  if (!/^-?[0-9.e+-]+$/.test(text)) throw new Unsupported('a number that does not print as digits');
  return value < 0 ? `(${text})` : text;
}

/** A slot, an index or a bit: a whole number of at least 0. */
export function index(value: number): string {
  if (!Number.isInteger(value) || value < 0) throw new Unsupported('an index that is not a whole number');
  return value < 1024 ? small[value] : number(value);
}

/**
 * A local slot of the running frame as source. Every read and write of a local in generated code
 * goes through here, so where locals live (the frame's array, or JavaScript variables) is decided
 * in one place.
 */
export function local(slot: number): string {
  return `L[${index(slot)}]`;
}

/** A closure the generated code calls, and why it was not written out. */
export interface Fallback { at: number; what: string; reason: string }

export class Tables {
  /** `K`: values from the rules (names, texts, lists, sets), by position. Never deduplicated by value, so renaming changes no index. */
  readonly constants: unknown[] = [];
  /** `E`: closures the generated code calls for what it does not write out. */
  readonly closures: Evaluate[] = [];
  /** Functions written beside the program's own (a `where` filter's loop), and temporaries' declarations, in order. */
  readonly functions: string[] = [];
  readonly fallbacks: Fallback[] = [];
  /** Whether the code reads the index of pieces by cell as `OC` and `OF` (program.ts sets them where a run starts). */
  boardIndex = false;
  /** Temporaries declared (`temporary`) and functions added (`function`) so far: `functions` holds both. */
  private temporaryCount = 0;
  private functionCount = 0;

  /** Texts interned: generated code compares names with `===` (interned.ts). */
  constant(value: unknown): string {
    return `K[${index(this.constants.push(typeof value === 'string' ? interned(value) : value) - 1)}]`;
  }

  closure(closure: Evaluate, fallback: Fallback): string {
    this.fallbacks.push(fallback);
    return `E[${index(this.closures.push(closure) - 1)}](s, f)`;
  }

  /**
   * Adds a function named by its position; `body` receives that name. `prefix` 'g': a function
   * handed the caller's frame and locals (registers.ts reads what it does with them); 'v': one with
   * a frame of its own (a define's), which touches none of the caller's.
   */
  function(write: (name: string) => string, prefix: 'g' | 'v' = 'g'): string {
    const name = `${prefix}${index(this.functionCount++)}`;
    const at = this.functions.push('') - 1;
    this.functions[at] = write(name);
    return name;
  }

  /**
   * A variable of the program's own scope, declared beside its functions, for an expression that
   * needs a value twice without a function of its own. Each use gets its own, so no other
   * expression (one nested in it among them) overwrites a value it has still to read.
   */
  temporary(): string {
    const name = `t${index(this.temporaryCount++)}`;
    this.functions.push(`let ${name} = 0;`);
    return name;
  }
}
