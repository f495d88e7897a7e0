/**
 * Generated JavaScript as a type of its own, as Ajv's code generator keeps it: a `Code` is made
 * only by the `code` tag, whose literal parts are the generator's own source, and by the few
 * functions here that combine codes. A text of the rules is a `string`, not a `Code`, so the type
 * checker refuses it anywhere source is written; names and texts reach generated code only as
 * indices into the constant table (tables.ts). Numbers are interpolated through `number`, which
 * accepts only finite numbers.
 */
import { Unsupported } from './unsupported.ts';

declare const brand: unique symbol;

/** JavaScript source written by the generator. A string at run time (no copy, no wrapper), branded in the types. */
export type Code = string & { readonly [brand]: 'code' };

/** What `code` interpolates: written code, or a number (written by `number`). */
export type Interpolated = Code | number;

/**
 * Source from a template literal: `code\`s.globals[${index(i)}]\``. The literal parts come from a
 * real template (frozen, with its raw parts), never from an array built at run time.
 */
export function code(parts: TemplateStringsArray, ...values: readonly Interpolated[]): Code {
  if (!Object.isFrozen(parts) || !Array.isArray(parts.raw)) throw new TypeError('code is a tag for template literals only');
  let out: string = parts[0];
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    out += (typeof value === 'number' ? number(value) : value) + parts[i + 1];
  }
  return out as Code;
}

/** No source. */
export const empty = code``;

/** Codes one after another, with `separator` between them. */
export function join(codes: readonly Code[], separator: Code = empty): Code {
  return codes.join(separator) as Code;
}

/** Codes as lines. */
export function lines(codes: readonly Code[]): Code {
  return codes.join('\n') as Code;
}

/** A piece of written code (its characters from `from` to `to`): still only the generator's own text. */
export function slice(source: Code, from: number, to?: number): Code {
  return source.slice(from, to) as Code;
}

/** Written code with each match of `pattern` (global) replaced by the code `replaced` makes of it. */
export function replaced(source: Code, pattern: RegExp, replace: (match: string) => Code): Code {
  return source.replace(pattern, replace) as Code;
}

/** Written code cut at each `separator` (the markers of control.ts): pieces of it, so codes too. */
export function split(source: Code, separator: Code): Code[] {
  return source.split(separator) as Code[];
}

/**
 * Code built piece by piece where a template per piece would cost too much (a whole program's
 * source rewritten, structured.ts): only codes go in.
 */
export class CodeBuilder {
  private text = '';
  add(piece: Code): this {
    this.text += piece;
    return this;
  }
  done(): Code {
    return this.text as Code;
  }
}

/** Whole numbers 0…1023 as source, made once: most numbers written are slots, indices and pcs. */
const small = Array.from({ length: 1024 }, (_, i) => String(i) as Code);

/** A number as JavaScript source: only finite numbers, written by `String` (a negative one in parentheses). */
export function number(value: number): Code {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Unsupported('a value that is not a finite number');
  if (Object.is(value, -0)) return code`(-0)`;
  // A safe integer prints as digits (and a sign) alone: no need to look.
  if (Number.isSafeInteger(value)) return (value >= 0 ? (value < 1024 ? small[value] : String(value)) : `(${value})`) as Code;
  const text = String(value);
  // String() of a finite number is digits, '.', 'e', '+' and '-': checked anyway, as the one door into the source.
  if (!/^-?[0-9.e+-]+$/.test(text)) throw new Unsupported('a number that does not print as digits');
  return (value < 0 ? `(${text})` : text) as Code;
}

/** A slot, an index or a bit: a whole number of at least 0. */
export function index(value: number): Code {
  if (!Number.isInteger(value) || value < 0) throw new Unsupported('an index that is not a whole number');
  return value < 1024 ? small[value] : number(value);
}

/**
 * A local slot of the running frame as source. Every read and write of a local in generated code
 * goes through here, so where locals live (the frame's array, or JavaScript variables) is decided
 * in one place.
 */
export function local(slot: number): Code {
  return code`L[${index(slot)}]`;
}
