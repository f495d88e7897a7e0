/**
 * The outline of a file: its declarations in order, the turns with their phases. A declaration
 * without a case of its own shows as the catalogue of constructs names it (grammar/constructs.ts).
 */
import { declarationCatalogue, type AST, type DeclarationEntry, type DeclarationKind } from '../../../grammar/index.ts';
import type { RegolaDocument } from './document.ts';

export type OutlineKind =
  | Exclude<DeclarationKind, 'var'> | 'token' | 'face' | 'mark' | 'role' | 'variable' | 'player-variable' | 'setting' | 'phase';

export interface OutlineItem {
  name: string;
  detail: string;
  kind: OutlineKind;
  /** The whole construct. */
  range: AST.Range;
  /** The part to select when the item is chosen: its name. */
  selectionRange: AST.Range;
  children: OutlineItem[];
}

const item = (name: string, detail: string, kind: OutlineKind, range: AST.Range, selectionRange: AST.Range = range, children: OutlineItem[] = []): OutlineItem =>
  ({ name: name || '(unnamed)', detail, kind, range, selectionRange: within(selectionRange, range), children });

/** Editors require the selection to lie inside the whole range. */
const within = (inner: AST.Range, outer: AST.Range): AST.Range =>
  inner.start >= outer.start && inner.end <= outer.end ? inner : { start: outer.start, end: outer.start };

/** The range of a leading keyword, for declarations without a name. */
const keywordRange = (range: AST.Range, keyword: string): AST.Range => ({ start: range.start, end: range.start + keyword.length });

export function outline(document: RegolaDocument): OutlineItem[] {
  const items: OutlineItem[] = [];
  for (const d of document.analysis.ast.declarations) {
    switch (d.kind) {
      case 'game': {
        const players = d.minPlayers ? (d.maxPlayers && d.maxPlayers.value !== d.minPlayers.value ? `${d.minPlayers.value}–${d.maxPlayers.value} players` : `${d.minPlayers.value} players`) : '';
        items.push(item(d.title.text, players, 'game', d.range, d.title.range));
        break;
      }
      case 'tokens':
        items.push(item('tokens', d.names.map((n) => n.text).join(', '), 'tokens', d.range, keywordRange(d.range, 'tokens'),
          d.names.map((n) => item(n.text, 'token', 'token', n.range))));
        break;
      case 'die':
        items.push(item(d.name.text, `die · ${d.faces.length} faces`, 'die', d.range, d.name.range,
          d.faces.filter((f) => f.name).map((f) => item(f.name!.text, 'face', 'face', f.range, f.name!.range))));
        break;
      case 'dice':
        items.push(item(d.name.text, `dice · ${Number.isFinite(d.count.value) ? d.count.value : '?'} ${d.dieType.text}`, 'dice', d.range, d.name.range,
          d.marks.map((m) => item(m.text, 'mark', 'mark', m.range))));
        break;
      case 'roles':
        items.push(item('roles', d.visibility, 'roles', d.range, keywordRange(d.range, 'roles'),
          d.roles.map((r) => item(r.name.text, r.visibility ?? d.visibility, 'role', r.range, r.name.range))));
        break;
      case 'var':
        items.push(item(d.name.text, d.perPlayer ? 'player var' : 'var', d.perPlayer ? 'player-variable' : 'variable', d.range, d.name.range));
        break;
      case 'option':
        items.push(item(d.name.text, 'option', 'option', d.range, d.name.range));
        break;
      case 'variant':
        items.push(item(d.name.text, 'variant', 'variant', d.range, d.name.range,
          d.settings.filter((s) => s.name && s.value).map((s) => item(s.name.text, document.text.slice(s.value.range.start, s.value.range.end), 'setting',
            { start: s.name.range.start, end: s.value.range.end }, s.name.range))));
        break;
      case 'setup':
        items.push(item('setup', '', 'setup', d.range, keywordRange(d.range, 'setup')));
        break;
      case 'turns':
        items.push(item('turns', d.direction, 'turns', d.range, keywordRange(d.range, 'turns'),
          d.body.statements.filter((s): s is AST.PhaseStmt => s.kind === 'phase').map((p) => item(p.name.text, 'phase', 'phase', p.range, p.name.range))));
        break;
      case 'rule':
        items.push(item(d.name.text, d.params.length ? `(${d.params.map((p) => p.text).join(', ')})` : 'rule', 'rule', d.range, d.name.range));
        break;
      case 'define':
        items.push(item(d.name.text, `(${d.params.map((p) => p.text).join(', ')}) = ${document.text.slice(d.value.range.start, d.value.range.end)}`, 'define', d.range, d.name.range));
        break;
      default: {
        const entry = declarationCatalogue[d.kind] as DeclarationEntry<DeclarationKind>;
        const words = entry.forms[0].words;
        const name = entry.named?.(d as never);
        // Unnamed (`look Oro, Vino …`, `thresholds BigBrother`): the names it writes are its detail.
        const written = name ? words : (entry.names?.(d as never) ?? []).flatMap((n) => (n ? [n.text] : [])).join(', ');
        items.push(item(name?.text ?? words, written, d.kind, d.range, name?.range ?? keywordRange(d.range, words)));
      }
    }
  }
  return items;
}
