/**
 * The interpretation file of a game (docs/interpretations/*.md), read for the sentences each entry
 * covers. The form, on lines of their own:
 *
 *     **I-4 — When are two equal dice a "2 X" effect?**
 *     > «2 Popoli = …», «2 Vini = …»
 *     > «Si attivano gli effetti dei tre dadi scelti, uno per volta»
 *
 *     The reading chosen, in prose …
 *
 * An entry starts with a bold line whose first word is its id (letters, a dash, a number); the
 * `>` lines right after it quote, in «…», the rulebook sentences it covers (a cut marked "…"), or
 * name them by the id `regola coverage` prints (`§44`, `§44.2`); the prose after them is its reading.
 * An entry whose title starts with "Not rules" lists sentences that carry no rule (flavour text,
 * credits): they are counted apart from the rules. Anything else in the file is prose.
 */

export interface InterpretationQuote {
  text: string;
  /** 1-based line in the interpretation file. */
  line: number;
}

export interface InterpretationEntry {
  id: string;
  title: string;
  line: number;
  notRules: boolean;
  quotes: InterpretationQuote[];
  /** Sentences named by their id (`§44.2`) on the `>` lines. */
  ids: InterpretationQuote[];
  /** Whether prose follows the quotes before the next entry or heading: the reading chosen. */
  reading: boolean;
}

const header = /^\*\*(?:([A-Z]{1,3}-\d+[a-z]?)\s*[—–-]\s*|(Not rules)\b\s*[—–:-]?\s*)(.*?)\*\*/;

export function readInterpretations(markdown: string): InterpretationEntry[] {
  const entries: InterpretationEntry[] = [];
  const lines = markdown.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const match = header.exec(lines[i]);
    if (!match) continue;
    const entry: InterpretationEntry = {
      id: match[1] ?? 'Not rules',
      title: match[3].replace(/[.:]$/, ''),
      line: i + 1,
      notRules: !match[1],
      quotes: [],
      ids: [],
      reading: false,
    };
    let j = i + 1;
    for (; j < lines.length && lines[j].startsWith('>'); j++) {
      for (const quote of lines[j].matchAll(/«([^»]+)»/g)) entry.quotes.push({ text: quote[1], line: j + 1 });
      for (const id of lines[j].replace(/«[^»]*»/g, '').matchAll(/§\d+(?:\.\d+)?/g)) entry.ids.push({ text: id[0], line: j + 1 });
    }
    for (; j < lines.length && !header.test(lines[j]) && !/^#/.test(lines[j]); j++) {
      if (lines[j].trim() && !lines[j].startsWith('>')) { entry.reading = true; break; }
    }
    entries.push(entry);
  }
  return entries;
}
