/**
 * Quick fixes keyed by diagnostic (Langium's lesson): a "did you mean" becomes one click, and a
 * diagnostic that carries its own fixes (the brackets of an ambiguous aggregate) offers each.
 */
import type { AST, Diagnostic } from '../../../grammar/index.ts';
import type { TextEdit } from './navigation.ts';
import { quote, writeName } from './scan.ts';

/** `preferred`: the one fix the editor may apply on its own; a choice between readings has none. */
export interface QuickFix { title: string; diagnostic: Diagnostic; edits: TextEdit[]; preferred: boolean }

export function quickFixes(text: string, diagnostics: Diagnostic[], range: AST.Range): QuickFix[] {
  const fixes: QuickFix[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.range.end < range.start || diagnostic.range.start > range.end) continue;
    for (const fix of diagnostic.fixes ?? []) {
      fixes.push({ title: fix.title, diagnostic, edits: fix.edits, preferred: diagnostic.fixes!.length === 1 });
    }
    if (!diagnostic.suggestion) continue;
    const written = text.slice(diagnostic.range.start, diagnostic.range.end);
    // Keep the spelling's own form: a quoted name stays quoted.
    const replacement = written.startsWith('"') ? quote(diagnostic.suggestion) : writeName(diagnostic.suggestion);
    fixes.push({ title: `Change to '${diagnostic.suggestion}'`, diagnostic, edits: [{ range: diagnostic.range, text: replacement }], preferred: true });
  }
  return fixes;
}
