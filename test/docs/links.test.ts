/**
 * The docs' links lead somewhere: every `#anchor` a page links to, in its own page or another, is a
 * heading or an `<a id>` there (as GitHub makes a heading's anchor); the contents of
 * docs/language.md list every chapter and section in order; and every anchor of docs/planned.md that
 * the checker's `language/planned` messages cite exists, so a message never sends a reader nowhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The text outside fenced code blocks, so a `# comment` in an example is not a heading. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '').replace(/ /g, '-');
}

function headings(text: string): { level: number; title: string }[] {
  return [...prose(text).matchAll(/^(#{1,6}) (.+)$/gm)].map((m) => ({ level: m[1].length, title: m[2].trim() }));
}

/** Every anchor a page offers: its headings' (a repeated one gets -1, -2…) and its `<a id>`s. */
function anchors(text: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  for (const { title } of headings(text)) {
    const base = slug(title);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count ? `${base}-${count}` : base);
  }
  for (const m of text.matchAll(/<a id="([^"]+)"><\/a>/g)) found.add(m[1]);
  return found;
}

const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ...readdirSync(join(root, 'docs/interpretations')).filter((f) => f.endsWith('.md')).map((f) => `docs/interpretations/${f}`)];

describe('links with an anchor lead to a heading or an id', () => {
  for (const page of pages) {
    it(page, () => {
      const text = prose(read(page));
      const broken: string[] = [];
      for (const m of text.matchAll(/\]\(([^)\s]*)#([^)\s]+)\)/g)) {
        const [, file, anchor] = m;
        if (/^[a-z]+:/.test(file)) continue; // another site
        const target = file ? normalize(join(dirname(page), file)) : page;
        if (!anchors(read(target)).has(anchor)) broken.push(`${file}#${anchor}`);
      }
      expect(broken).toEqual([]);
    });
  }
});

describe('the contents of docs/language.md', () => {
  it('list every chapter and section, in order, by their anchors', () => {
    const text = read('docs/language.md');
    const contents = /^## Contents\n([\s\S]*?)\n\n/m.exec(text)?.[1] ?? '';
    const listed = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
    const written = headings(text).filter((h) => (h.level === 2 || h.level === 3) && h.title !== 'Contents').map((h) => slug(h.title));
    expect(listed).toEqual(written);
  });
  it('have no appendix chapters: every chapter is numbered 1, 2, 3… after the introduction', () => {
    const chapters = headings(read('docs/language.md')).filter((h) => h.level === 2).map((h) => h.title)
      .filter((t) => t !== 'Contents' && t !== 'How to read the examples');
    expect(chapters.map((t) => /^(\d+)\. /.exec(t)?.[1])).toEqual(chapters.map((_, i) => String(i + 1)));
  });
});

describe('the anchors the checker cites', () => {
  it('are all in docs/planned.md', () => {
    const planned = anchors(read('docs/planned.md'));
    const grammar = join(root, 'grammar');
    const cited = new Set<string>();
    for (const file of readdirSync(grammar, { recursive: true }) as string[]) {
      if (!file.endsWith('.ts')) continue;
      const source = readFileSync(join(grammar, file), 'utf8');
      for (const m of source.matchAll(/\banchor: '([a-z0-9-]+)'|\bplanned\([^,]+, '([a-z0-9-]+)'/g)) cited.add(m[1] ?? m[2]);
      for (const m of source.matchAll(/anchor: [^,}]*\? '([a-z0-9-]+)' : '([a-z0-9-]+)'/g)) { cited.add(m[1]); cited.add(m[2]); }
    }
    expect(cited.size, 'the planned forms of grammar/ cite anchors').toBeGreaterThan(10);
    expect([...cited].filter((anchor) => !planned.has(anchor))).toEqual([]);
  });
});
