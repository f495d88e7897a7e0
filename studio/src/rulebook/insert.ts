/**
 * Writing a citation into the rules text: `cite "…"` on a line of its own at the cursor's line,
 * indented like it, the sentence on one line with its quotes and backslashes escaped.
 */
export function citationText(sentence: string): string {
  return `cite "${sentence.replace(/\s+/g, ' ').trim().replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/** The text with the citation inserted before the cursor's line, and where the citation is. */
export function insertCitation(text: string, cursor: number, sentence: string): { text: string; start: number; end: number } {
  const at = Math.max(0, Math.min(cursor, text.length));
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const citation = citationText(sentence);
  const inserted = `${indent}${citation}\n`;
  const start = lineStart + indent.length;
  return { text: text.slice(0, lineStart) + inserted + text.slice(lineStart), start, end: start + citation.length };
}
