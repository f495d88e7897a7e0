/**
 * The class of the defect fixed in grammar/parse.ts: a word at the top level that starts no
 * declaration used to stop the parser there, losing every declaration after it. For any game of
 * rules/ and rules/examples/ and any of its declarations whose first word is spelt wrong, the
 * parse reports that word once, skips that declaration alone, and reads every other one.
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from '../../grammar/parse.ts';
import { declarationPieces } from '../../grammar/parse-reusing.ts';
import { declarationWords } from '../../grammar/declaration-words.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const games = [
  ...readdirSync(join(root, 'rules')).filter((f) => f.endsWith('.rules')).map((f) => join(root, 'rules', f)),
  ...readdirSync(join(root, 'rules', 'examples')).filter((f) => f.endsWith('.rules')).map((f) => join(root, 'rules', 'examples', f)),
].map((file) => readFileSync(file, 'utf8'));

describe('a misspelt declaration word', () => {
  it('is reported once, and only its own declaration is not read', () => {
    fc.assert(fc.property(fc.nat(games.length - 1), fc.nat(), fc.constantFrom('x', 'zz', 'q'), (game, pick, junk) => {
      const text = games[game];
      const whole = parse(text);
      // The pieces that start with a declaration word (the first may start with comments).
      const starts = declarationPieces(text)!.flatMap((piece) => {
        const at = piece.start + (/^\s*/.exec(piece.text)![0].length);
        const word = /^[a-z]+/.exec(text.slice(at))?.[0];
        return word && declarationWords.has(word) ? [{ at, word }] : [];
      });
      const { at, word } = starts[pick % starts.length];
      // The word misspelt: a letter added inside it, so it is no declaration word any more.
      const misspelt = `${word.slice(0, 1)}${junk}${word.slice(1)}`;
      fc.pre(!declarationWords.has(misspelt));
      const broken = parse(text.slice(0, at) + misspelt + text.slice(at + word.length));
      const stray = broken.diagnostics.filter((d) => d.message.includes('starts no declaration'));
      expect(stray).toHaveLength(1);
      expect(stray[0].range.start).toBe(at);
      expect(broken.ast.declarations.length).toBe(whole.ast.declarations.length - 1);
    }), { numRuns: 150, seed: 42 });
  });
});
