/**
 * Quick fixes keyed by diagnostic (Langium's lesson): a "did you mean" becomes one click.
 */
import type { AST, Diagnostic } from '../../../grammar/index.ts';
import type { TextEdit } from './navigation.ts';
import { quote, writeName } from './scan.ts';

export interface QuickFix { title: string; diagnostic: Diagnostic; edit: TextEdit }

export function quickFixes(text: string, diagnostics: Diagnostic[], range: AST.Range): QuickFix[] {
  const fixes: QuickFix[] = [];
  for (const diagnostic of diagnostics) {
    if (!diagnostic.suggestion) continue;
    if (diagnostic.range.end < range.start || diagnostic.range.start > range.end) continue;
    const written = text.slice(diagnostic.range.start, diagnostic.range.end);
    // Keep the spelling's own form: a quoted name stays quoted.
    const replacement = written.startsWith('"') ? quote(diagnostic.suggestion) : writeName(diagnostic.suggestion);
    fixes.push({ title: `Change to '${diagnostic.suggestion}'`, diagnostic, edit: { range: diagnostic.range, text: replacement } });
  }
  return fixes;
}
