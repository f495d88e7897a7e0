/**
 * Counters with thresholds and moves open at any time, as the schema and the checker see them:
 * statuses (`p is "Ministero della Pace"`), the option labels they forbid, and the any-time options.
 */
import * as A from './ast.ts';
import { closest, type Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';
import { walk } from './walk.ts';

/** A status a player has while holding at least `count` of `token`; it closes the options labelled `forbid`. */
export interface StatusInfo { name: string; token: string; count: number; forbid: string[]; item: A.ThresholdItem }

export function addThresholds(decl: A.ThresholdsDecl, statuses: Map<string, StatusInfo>, diagnostics: Diagnostic[]): void {
  for (const item of decl.items) {
    if (statuses.has(item.status)) {
      diagnostics.push(m.at(m.statusDuplicate(item.status), item.statusRange));
      continue;
    }
    if (Number.isFinite(item.count.value) && item.count.value < 1) {
      diagnostics.push(m.at(m.thresholdAtLeastOne(item.count.value), item.count.range));
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
      diagnostics.push(m.at(m.thresholdToken(decl.token.text), decl.token.range, closest(decl.token.text, tokens)));
    }
    for (const item of decl.items) {
      for (const forbid of item.forbid) {
        if (labels.has(forbid.label)) continue;
        diagnostics.push(m.at(m.forbidsNothing(forbid.label), forbid.range, closest(forbid.label, labels)));
      }
    }
  }
}

/** `p is "STATUS"`: the right side must name a declared status. */
export function checkStatus(node: A.BinaryExpr, statuses: Map<string, StatusInfo>, diagnostics: Diagnostic[]): void {
  if (node.right.kind !== 'string') {
    diagnostics.push(m.at(m.statusInQuotes(), node.right.range));
  } else if (!statuses.has(node.right.value)) {
    const known = [...statuses.keys()];
    diagnostics.push(m.at(m.statusUnknown(node.right.value, known), node.right.range, closest(node.right.value, known)));
  }
}
