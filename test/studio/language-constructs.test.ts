/**
 * The editor's services over every construct of the catalogue (grammar/constructs.ts): completion
 * offers each way of writing a statement or a declaration where it may be written, and the
 * formatter indents the continuation lines of each.
 */
import { describe, expect, it } from 'vitest';
import { clauseForms, declarationForms, followersOfValue, namingWords, statementForms, wordsAfterAnyValue, type Form } from '../../grammar/index.ts';
import { complete, formatText, outline, RegolaDocument } from '../../studio/src/language/index.ts';

const game = 'game "G" { players 2 }\n';

/** A snippet as inserted with its placeholders' defaults (`${1:Mazzo}` → `Mazzo`, `$0` → nothing). */
const expand = (snippet: string) => snippet.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\d+/g, '').replace(/\t/g, '  ');

/** The form's text with a line break after its first word, the rest indented as a designer may leave it. */
const broken = (form: Form) => {
  const text = expand(form.snippet);
  const space = text.indexOf(' ');
  return `${text.slice(0, space)}\n${text.slice(space + 1)}`;
};

const indentOf = (line: string) => line.length - line.trimStart().length;

describe('the formatter indents a construct continued on the next line', () => {
  it.each(statementForms.map((form) => [form.words, form] as const))('%s', (_, form) => {
    const text = `${game}turns {\n${broken(form)}\n}\n`;
    const lines = formatText(new RegolaDocument(text)).split('\n');
    const first = lines.findIndex((line) => line.trim() === form.words.split(' ')[0]);
    expect(first, lines.join('\n')).toBeGreaterThan(0);
    expect(indentOf(lines[first]), lines.join('\n')).toBe(2);
    expect(indentOf(lines[first + 1]), lines.join('\n')).toBe(4);
  });

  it.each(declarationForms.map((form) => [form.words, form] as const))('%s', (_, form) => {
    const lines = formatText(new RegolaDocument(`${game}${broken(form)}\n`)).split('\n');
    expect(lines[1].trim(), lines.join('\n')).toBe(form.words.split(' ')[0]);
    expect(indentOf(lines[1])).toBe(0);
    expect(indentOf(lines[2]), lines.join('\n')).toBe(2);
  });
});

/** Completion at the `|` of a text. */
function at(textWithCursor: string) {
  const offset = textWithCursor.indexOf('|');
  return complete(new RegolaDocument(textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1)), offset);
}

describe('completion offers every construct where it may be written', () => {
  it.each(statementForms.map((form) => [form.words, form] as const))('the statement %s, at the start of a statement', (_, form) => {
    const cursor = `${form.words.slice(0, 2)}|`;
    const places = form.kind === 'phase' ? [`${game}turns {\n  ${cursor}\n}\n`]
      : [`${game}turns {\n  ${cursor}\n}\n`, `${game}rule R(p) {\n  gain 1 Oro\n  ${cursor}\n}\n`, `${game}setup {\n  if true {\n    ${cursor}\n  }\n}\n`];
    for (const place of places) {
      const result = at(place);
      expect(result.context, place).toBe('statement');
      const item = result.items.find((i) => i.label === (form.label ?? form.words));
      expect(item?.insertText, place).toBe(form.snippet);
      // The words typed so far are the part the item replaces.
      expect(result.range.end - result.range.start).toBe(2);
    }
  });

  it.each(declarationForms.map((form) => [form.words, form] as const))('the declaration %s, at the top level', (_, form) => {
    for (const place of [`${form.words.slice(0, 2)}|\n${game}`, `${game}turns { end turn }\n${form.words.slice(0, 2)}|`]) {
      const result = at(place);
      expect(result.context, place).toBe('top-level');
      expect(result.items.find((i) => i.label === (form.label ?? form.words))?.insertText, place).toBe(form.snippet);
    }
  });

  it.each(statementForms.filter((form) => form.words.includes(' ')).map((form) => [form.words, form] as const))(
    'after the first words of %s, the next word', (_, form) => {
      const words = form.words.split(' ');
      for (let n = 1; n < words.length; n++) {
        const result = at(`${game}turns {\n  ${words.slice(0, n).join(' ')} |\n}\n`);
        expect(result.items.map((i) => i.label), words.slice(0, n).join(' ')).toContain(words[n]);
      }
    });

  it.each(declarationForms.filter((form) => form.words.includes(' ')).map((form) => [form.words, form] as const))(
    'after the first words of %s, the next word', (_, form) => {
      const words = form.words.split(' ');
      for (let n = 1; n < words.length; n++) {
        const result = at(`${game}${words.slice(0, n).join(' ')} |`);
        expect(result.items.map((i) => i.label), words.slice(0, n).join(' ')).toContain(words[n]);
      }
    });
});

describe('the outline', () => {
  it.each(declarationForms.map((form) => [form.words, form] as const))('shows the declaration %s, its name selected', (_, form) => {
    const text = `${game}${expand(form.snippet)}\n`;
    const items = outline(new RegolaDocument(text));
    expect(items.map((i) => i.kind), text).toContain(form.kind === 'var' ? (form.words.includes('player') ? 'player-variable' : 'variable') : form.kind);
    const shown = items[items.length - 1];
    expect(shown.selectionRange.start).toBeGreaterThanOrEqual(shown.range.start);
    expect(text.slice(shown.selectionRange.start, shown.selectionRange.end)).not.toBe('');
  });
});

/** A snippet's words (each with the text before it, placeholders expanded) that come right after a value, and right before a text. */
function wordsOf(snippet: string) {
  const afterValue = [...snippet.matchAll(/\$\{\d+:[^}]*\}\s+([a-z]+)\b/g)]
    .map((m) => ({ word: m[1], before: expand(snippet.slice(0, m.index + m[0].length - m[1].length)) }));
  const beforeText = [...snippet.matchAll(/\b([a-z]+)\s+"\$\{/g)]
    .map((m) => ({ word: m[1], before: expand(snippet.slice(0, m.index + m[1].length)) + ' ' }));
  return { afterValue, beforeText };
}

describe("completion follows each construct's words, as the catalogue lists them", () => {
  it.each(statementForms.map((form) => [form.words, form] as const))('after a value in %s, the word the form writes next', (_, form) => {
    for (const { word, before } of wordsOf(form.snippet).afterValue) {
      expect([...wordsAfterAnyValue, ...followersOfValue.get(form.words.split(' ')[0]) ?? []], `${before}… ${word}`).toContain(word);
      const result = at(`${game}turns {\n  ${before}|\n}\n`);
      expect(result.items.map((i) => i.label), before).toContain(word);
    }
  });

  it.each([...statementForms, ...clauseForms].map((form) => [form.words, form] as const))('before a text in %s, nothing', (_, form) => {
    for (const { word, before } of wordsOf(form.snippet).beforeText) {
      expect(namingWords, word).toContain(word);
      const inside = form.words === 'option' ? `choose by current {\n  ${before}|\n}` : `${before}|`;
      expect(at(`${game}turns {\n  ${inside}\n}\n`).items, before).toEqual([]);
    }
  });

  it.each(declarationForms.map((form) => [form.words, form] as const))('before a text in the declaration %s, nothing', (_, form) => {
    for (const { word, before } of wordsOf(form.snippet).beforeText) {
      expect(namingWords, word).toContain(word);
      expect(at(`${game}${before}|`).items, before).toEqual([]);
    }
  });

  it.each([...statementForms, ...clauseForms].flatMap((form) => (form.naming ?? []).map((word) => [word, form.words, form] as const)))(
    'after %s, where %s makes up a name or writes a text, nothing', (word, _, form) => {
      const prefix = expand(form.snippet).match(new RegExp(`^.*?\\b${word}\\b`, 's'))?.[0];
      expect(prefix, form.snippet).toBeDefined();
      const inside = form.words === 'option' ? `choose by current {\n  ${prefix} |\n}` : `${prefix} |`;
      expect(at(`${game}turns {\n  ${inside}\n}\n`).items, prefix).toEqual([]);
    });
});
