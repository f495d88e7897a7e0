/** Before and while parsing: characters, numbers, nesting, and the `{…}` values of texts. */
import { codes } from '../diagnostics.ts';
import { error } from './message.ts';

export const unexpectedCharacters = error(codes.lexUnexpected, (characters: string, count: number) =>
  `unexpected character${count > 1 ? 's' : ''} '${characters}'`);
export const noPercent = error(codes.lexUnexpected, () =>
  "there is no '%' in the language: the remainder of a division is written 'mod' (7 mod 3 is 1)");
export const keywordAsName = error(codes.keywordAsName, (word: string) =>
  `'${word}' is a word of the language, so it cannot be a name: call it something else (names tell capitals apart)`);
export const strayAtTop = error(codes.parseUnexpected, (what: string, starts: string) =>
  `${what} starts no declaration (a declaration starts with ${starts}): the lines up to the next declaration are not read`);
export const strayCite = error(codes.parseUnexpected, (starts: string) =>
  `this 'cite' has no declaration above it to give the rulebook sentence of: write it under one (every declaration can carry a cite: ${starts})`);
export const numberTooLarge = error(codes.numberTooLarge, (digits: string) =>
  `${digits.length > 30 ? `${digits.slice(0, 20)}… (${digits.length} digits)` : digits} is too large: whole numbers go up to ${Number.MAX_SAFE_INTEGER}`);
export const nestingTooDeep = error(codes.parseTooDeep, (most: number) => `nesting is deeper than ${most} levels; split the rule into smaller rules`);
export const fileTooDeep = error(codes.parseTooDeep, () => 'the file nests too deeply to be read; split long chains into smaller rules');
export const parserStopped = error(codes.parseUnexpected, (why: string) => `the parser could not continue: ${why}`);
export const treeTooDeep = error(codes.parseTooDeep, (most: number) =>
  `this is nested more than ${most} levels deep (a chain of more than about ${most} operators or ${most / 2} 'else if'); split it into smaller rules`);

export const braceUnclosed = error(codes.parseUnexpected, () => "a '{' in a text starts a value: close it with '}', or write \\{ for a brace");
export const braceEmpty = error(codes.parseUnexpected, () => "'{}' shows no value: write an expression between the braces, or \\{ for a brace");
export const valueUnreadable = error(codes.parseUnexpected, (source: string) => `the value in '{${source}}' cannot be read`);
export const valueNotExpression = error(codes.parseUnexpected, (source: string, why: string) => `the value in '{${source}}' is not an expression${why}`);
export const textInText = error(codes.textInText, () =>
  'this quote ends the text: a text cannot hold another text inside its {…}. Compare with a name instead of a text (c.name == Asso), or keep the value in a let first (let n = …) and show {n}');
