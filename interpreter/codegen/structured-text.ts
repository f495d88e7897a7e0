/**
 * The text of structured code rewritten once a function's variables are known (structured.ts):
 * placeholders for saving and reading the variables, the frame's slots renamed to variables, and
 * the code that must keep to the frame's own slots marked. Only written code goes in and comes
 * out (code.ts): what is searched for is the generator's own text.
 */
import { CodeBuilder, code, replaced, slice, type Code } from './code.ts';
import { index } from './tables.ts';

// Placeholders, each between two `placeholder` characters, filled in once a function's variables
// are known (`finish`): where it puts them back in the frame (`save`), reads them all again
// (`load`) or one of them (`loadSlot`), and the `L[` and `(s, f, L` of code that runs on the
// frame's own slots.
const placeholder = '\u0002';
export const save = code`\u0002s\u0002`;
export const load = code`\u0002l\u0002`;
export const loadSlot = (slot: number): Code => code`\u0002r${index(slot)}\u0002`;
export const keptOpen = code`\u0002[\u0002`;
const keptCall = code`\u0002c\u0002`;

/**
 * A function's code finished: each slot `L[n]` kept in a variable renamed, each placeholder replaced
 * by what `filled` makes of what it holds. Searched for by hand: a pattern's replace builds a match
 * for each one, which costs far more than finding the next `L[` or placeholder does.
 */
export function finish(source: Code, variable: ReadonlyMap<number, Code>, filled: (held: string) => Code): Code {
  const out = new CodeBuilder();
  let from = 0;
  let slot = source.indexOf('L[');
  let mark = source.indexOf(placeholder);
  while (slot >= 0 || mark >= 0) {
    if (mark < 0 || (slot >= 0 && slot < mark)) {
      const end = source.indexOf(']', slot);
      const name = variable.get(slotAt(source, slot, end));
      if (name !== undefined) {
        out.add(slice(source, from, slot)).add(name);
        from = end + 1;
      }
      slot = source.indexOf('L[', slot + 2);
    } else {
      const end = source.indexOf(placeholder, mark + 1);
      out.add(slice(source, from, mark)).add(filled(source.slice(mark + 1, end)));
      from = end + 1;
      mark = source.indexOf(placeholder, from);
    }
  }
  return out.add(slice(source, from)).done();
}

/** The slot named by the `L[` at `at` whose `]` is at `end`; -1 when it names none (a word before it, or not digits between its brackets: `\bL\[\d+\]`). */
function slotAt(source: string, at: number, end: number): number {
  if (end <= at + 2 || (at > 0 && isWordCharacter(source.charCodeAt(at - 1)))) return -1;
  for (let i = at + 2; i < end; i++) if (!isDigit(source.charCodeAt(i))) return -1;
  return Number(source.slice(at + 2, end));
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A character of `\w`, as `\b` sees it. */
function isWordCharacter(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** Code that runs on the frame's own slots: its `L[n]` are not the function's variables, nor its filter calls run apart. */
export function keepInFrame(source: Code): Code {
  return replaced(source, kept, (whole) => (whole === 'L[' ? keptOpen : keptCall));
}
/** A slot, or the locals handed to a filter function (not a slot: `(s, f, L[` is a slot's). */
const kept = /\bL\[|\(s, f, L(?!\[)/g;

/** Where the parenthesis opened before `from` closes (generated code has no strings, so counting is enough). */
export function closingParenthesis(source: Code, from: number): number {
  let depth = 1;
  for (let i = from; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return i;
  }
  throw new Error('generated code with an unclosed parenthesis');
}
