/**
 * One typo in a declaration, one diagnostic: `tokens Popolox` while the rules say `Popolo`
 * everywhere makes every use an error ("'>=' compares numbers, but this is a symbol", "'Popolo' is a
 * die face, not a token", …). When a declared token is never used and the names the errors stand on
 * are all one close spelling of it, used in several places, those errors become a single one at
 * the declaration, with the spelling the rules use as the suggestion.
 */
import * as A from './ast.ts';
import { walk } from './walk.ts';
import { closest, codes, diagnostic, type Diagnostic } from './diagnostics.ts';

const identifierStart = /^[\p{L}_][\p{L}\p{N}_]*/u;

export function collapseMisspeltTokens(text: string, ast: A.RulesFile, diagnostics: Diagnostic[]): void {
  const declared = ast.declarations.filter((d): d is A.TokensDecl => d.kind === 'tokens').flatMap((d) => d.names);
  if (!declared.length || !diagnostics.some((d) => d.severity === 'error')) return;
  const uses = new Map<string, number>();
  const use = (name: string) => uses.set(name, (uses.get(name) ?? 0) + 1);
  walk(ast, { expression: (node) => { if (node.kind === 'name') use(node.name); }, name: (node) => use(node.text) });
  // Declared once and named nowhere else.
  const unused = declared.filter((name) => (uses.get(name.text) ?? 0) <= 1);
  if (!unused.length) return;
  const byToken = new Map<string, { used: string; errors: Diagnostic[] }>();
  for (const d of diagnostics) {
    if (d.severity !== 'error') continue;
    const word = identifierStart.exec(text.slice(d.range.start, Math.min(d.range.end, d.range.start + 80)))?.[0];
    if (!word || declared.some((name) => name.text === word)) continue;
    const token = closest(word, unused.map((name) => name.text));
    if (!token) continue;
    const group = byToken.get(token) ?? { used: word, errors: [] };
    if (group.used !== word) continue;
    group.errors.push(d);
    byToken.set(token, group);
  }
  for (const [token, group] of byToken) {
    // One misspelt use is that use's mistake, reported where it is; the same spelling in several
    // places says the declaration is the odd one out.
    if (new Set(group.errors.map((d) => d.range.start)).size < 2) continue;
    const declaration = unused.find((name) => name.text === token)!;
    const dropped = new Set(group.errors);
    const kept = diagnostics.filter((d) => !dropped.has(d));
    const times = group.errors.length;
    kept.push(diagnostic(codes.nameUnknown,
      `the token is declared as '${token}', but the rules use '${group.used}' (${times} error${times === 1 ? '' : 's'} follow${times === 1 ? 's' : ''} from it)`,
      declaration.range, { suggestion: group.used }));
    diagnostics.splice(0, diagnostics.length, ...kept);
  }
}
