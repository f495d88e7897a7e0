/// <reference types="vite/client" />
/**
 * The texts the Rulebook tab holds a rules file against: the rulebooks in rules/sources/ and the
 * interpretation files in docs/interpretations/, bundled at build time; a text the designer pastes
 * or opens for a file whose source is not bundled is kept in this browser, per file.
 */
const bundledSources = import.meta.glob('../../../rules/sources/*.txt', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const bundledInterpretations = import.meta.glob('../../../docs/interpretations/*.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

const baseName = (path: string) => path.replace(/^.*[\\/]/, '');
const byName = (files: Record<string, string>) => new Map(Object.entries(files).map(([path, text]) => [baseName(path), text]));
const sources = byName(bundledSources);
const interpretations = byName(bundledInterpretations);

const storageKey = (fileName: string) => `regola:source:${fileName}`;

export interface SourceText { name: string; text: string; bundled: boolean }

/** The rulebook named by `source "…"` (found by its file name), or the one kept for this file. */
export function findSource(fileName: string, sourceName: string | undefined, storage: Storage | null = globalThis.localStorage ?? null): SourceText | null {
  if (sourceName) {
    const text = sources.get(baseName(sourceName));
    if (text !== undefined) return { name: baseName(sourceName), text, bundled: true };
  }
  try {
    const kept = storage?.getItem(storageKey(fileName));
    if (!kept) return null;
    const parsed = JSON.parse(kept) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as SourceText).text === 'string' && typeof (parsed as SourceText).name === 'string') {
      return { name: (parsed as SourceText).name, text: (parsed as SourceText).text, bundled: false };
    }
  } catch { /* an unreadable entry is no source */ }
  return null;
}

/** Keeps a pasted or opened rulebook for this rules file (null forgets it). */
export function keepSource(fileName: string, source: { name: string; text: string } | null, storage: Storage | null = globalThis.localStorage ?? null): void {
  try {
    if (source) storage?.setItem(storageKey(fileName), JSON.stringify(source));
    else storage?.removeItem(storageKey(fileName));
  } catch { /* storage full or refused: the source lasts until the page is closed */ }
}

/** The interpretation file of a bundled game: `mortadella.md` for `mortadella.rules`. */
export function findInterpretations(fileName: string): string {
  return interpretations.get(baseName(fileName).replace(/\.rules$/, '.md')) ?? '';
}
