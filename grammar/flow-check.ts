/**
 * Counters with thresholds and moves open at any time, as the schema and the checker see them:
 * statuses (`p is "Ministero della Pace"`), the option labels they forbid, and the any-time options.
 */
import * as A from './ast.ts';
import { walk } from './walk.ts';
import { closest, codes, diagnostic, type Diagnostic } from './diagnostics.ts';

/** A status a player has while holding at least `count` of `token`; it closes the options labelled `forbid`. */
export interface StatusInfo { name: string; token: string; count: number; forbid: string[]; item: A.ThresholdItem }

export function addThresholds(decl: A.ThresholdsDecl, statuses: Map<string, StatusInfo>, diagnostics: Diagnostic[]): void {
  for (const item of decl.items) {
    if (statuses.has(item.status)) {
      diagnostics.push(diagnostic(codes.nameDuplicate, `the status "${item.status}" is already declared`, item.statusRange));
      continue;
    }
    if (Number.isFinite(item.count.value) && item.count.value < 1) {
      diagnostics.push(diagnostic(codes.numberInvalid, `a threshold is at least 1 token, not ${item.count.value}`, item.count.range));
    }
    statuses.set(item.status, { name: item.status, token: decl.token.text, count: item.count.value, forbid: item.forbid.map((f) => f.label), item });
  }
}

/** After the whole file is read: each thresholds' token exists, each forbidden label is some option's. */
export function checkThresholds(file: A.RulesFile, tokens: string[], diagnostics: Diagnostic[]): void {
  if (!file.declarations.some((decl) => decl.kind === 'thresholds')) return;
  const labels = new Set<string>();
  walk(file, { clause: (clause) => { labels.add(clause.label); } });
  for (const decl of file.declarations) {
    if (decl.kind !== 'thresholds') continue;
    if (!tokens.includes(decl.token.text)) {
      diagnostics.push(diagnostic(codes.nameUnknown, `thresholds count a token, and '${decl.token.text}' is not one`, decl.token.range, { suggestion: closest(decl.token.text, tokens) }));
    }
    for (const item of decl.items) {
      for (const forbid of item.forbid) {
        if (labels.has(forbid.label)) continue;
        diagnostics.push({
          ...diagnostic(codes.nameUnknown, `no option is labelled "${forbid.label}", so this forbids nothing`, forbid.range, { suggestion: closest(forbid.label, labels) }),
          severity: 'warning',
        });
      }
    }
  }
}

/** `p is "STATUS"`: the right side must name a declared status. */
export function checkStatus(node: A.BinaryExpr, statuses: Map<string, StatusInfo>, diagnostics: Diagnostic[]): void {
  if (node.right.kind !== 'string') {
    diagnostics.push(diagnostic(codes.typeMismatch, "'is' asks whether a player has a status: write the status's name in quotes", node.right.range));
  } else if (!statuses.has(node.right.value)) {
    const known = [...statuses.keys()];
    diagnostics.push(diagnostic(codes.nameUnknown, known.length ? `"${node.right.value}" is not a status; the statuses are ${known.map((s) => `"${s}"`).join(', ')}` : `"${node.right.value}" is not a status: declare it in a thresholds block`,
      node.right.range, { suggestion: closest(node.right.value, known) }));
  }
}
