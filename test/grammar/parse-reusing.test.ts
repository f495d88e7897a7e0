/**
 * Parsing that reuses unchanged declarations (issue 9's keystroke latency) gives the same tree as
 * parsing the whole text: on every bundled game, and on edits of them a keystroke at a time,
 * including the ones that break the text (then the whole text is parsed, with its diagnostics).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from '../../grammar/parse.ts';
import { declarationPieces, parseReusing } from '../../grammar/parse-reusing.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const files = [
  ...readdirSync(join(root, 'rules')).filter((f) => f.endsWith('.rules')).map((f) => join(root, 'rules', f)),
  ...readdirSync(join(root, 'rules', 'examples')).filter((f) => f.endsWith('.rules')).map((f) => join(root, 'rules', 'examples', f)),
];

describe('parsing that reuses unchanged declarations', () => {
  it.each(files.map((file) => [file.slice(root.length), file]))('%s: the same tree as a whole parse, first and again', (_, file) => {
    const text = readFileSync(file, 'utf8');
    expect(parseReusing(text)).toEqual(parse(text));
    expect(parseReusing(text)).toEqual(parse(text));
  });

  it('edits a keystroke at a time (a character deleted, then typed again, all over Risiko!): the same result as a whole parse each time', () => {
    const text = readFileSync(join(root, 'rules', 'risiko.rules'), 'utf8');
    // Every 1499th character (about 30 edits): inside names, numbers, texts, comments, braces.
    for (let at = 1; at < text.length; at += 1499) {
      const edited = text.slice(0, at) + text.slice(at + 1);
      expect(parseReusing(edited), `without the character at ${at}`).toEqual(parse(edited));
      expect(parseReusing(text)).toEqual(parse(text));
    }
  });

  it('after a mistake at the top, the next clean text is parsed whole, and the edits after it reuse its pieces', () => {
    const text = readFileSync(join(root, 'rules', 'risiko.rules'), 'utf8');
    const broken = `@${text}`;
    expect(parseReusing(broken)).toEqual(parse(broken));
    expect(parseReusing(text)).toEqual(parse(text));
    // A line added at the top moves every piece; a space inside the middle and near the end changes one.
    const middle = text.indexOf('\n', text.length >> 1) + 1;
    for (const edited of [`# note\n${text}`, `${text.slice(0, middle)} ${text.slice(middle)}`, `${text}\n# the end\n`]) {
      expect(parseReusing(edited)).toEqual(parse(edited));
    }
  });

  it('a declaration typed at the end, and one moved by a line above it, keep their positions', () => {
    const text = 'game "G" { players 2 }\ntokens Oro\nturns { gain 1 Oro }\n';
    parseReusing(text);
    for (const edited of [`${text}look Oro label "O"\n`, `\n\n${text}`, text.replace('tokens Oro', 'tokens Oro, Argento')]) {
      expect(parseReusing(edited)).toEqual(parse(edited));
    }
  });

  it('cuts at the lines that start a declaration, outside braces, texts and comments', () => {
    const text = 'game "G" { players 2 }\n# tokens in a comment\ntokens Oro\n  cite "var in a text"\nturns {\nvar x = 1\n}\n';
    expect(declarationPieces(text)?.map((piece) => piece.text.split('\n')[0])).toEqual(['game "G" { players 2 }', 'tokens Oro', 'turns {']);
    expect(declarationPieces('turns { "an open text }')).toBeNull();
    expect(declarationPieces('turns { }}')).toBeNull();
  });
});
