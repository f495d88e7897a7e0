/**
 * Hover: what a name is (its kind and the line that declares it) and the rulebook sentence the
 * declaration cites. Markdown, so the editor can show the declaration highlighted as Regola.
 */
import { describeType, type AST } from '../../../grammar/index.ts';
import type { RegolaDocument } from './document.ts';
import { builtinAt, occurrenceAt, type RegolaSymbol } from './symbols.ts';

export interface HoverResult {
  range: AST.Range;
  /** Markdown paragraphs, shown in order. */
  contents: string[];
}

const kindLabels: Record<RegolaSymbol['kind'], string> = {
  game: 'game', token: 'token', face: 'die face', die: 'die', dice: 'dice', mark: 'mark', role: 'role',
  variable: 'variable', 'player-variable': 'player variable', option: 'option', variant: 'variant', rule: 'rule', define: 'define',
  phase: 'phase', parameter: 'rule parameter', local: 'local value',
};

const longestShownLine = 140;

export function hover(document: RegolaDocument, offset: number): HoverResult | null {
  const occurrence = occurrenceAt(document.symbols, offset);
  if (occurrence) return { range: occurrence.range, contents: describeSymbol(document, occurrence.symbol) };
  const builtin = builtinAt(document.symbols, offset);
  if (builtin) return { range: builtin.range, contents: [`**${builtin.title}** — ${builtin.documentation}`] };
  return null;
}

export function describeSymbol(document: RegolaDocument, symbol: RegolaSymbol): string[] {
  const { schema } = document.analysis;
  const details: string[] = [];
  if (symbol.binder) details.push(symbol.binder === 'parameter' ? 'its value is whatever the caller passes' : `bound by ${symbol.binder}`);
  if (symbol.type && symbol.type !== 'unknown') details.push(describeType(symbol.type));
  if (symbol.kind === 'token') {
    const reserve = schema.tokenReserve.get(symbol.name);
    details.push(reserve === null || reserve === undefined ? 'unlimited supply' : `reserve ${reserve}`);
  }
  if (symbol.kind === 'face') {
    const dice = [...schema.dieTypes].filter(([, die]) => die.faces.includes(symbol.name)).map(([name]) => name);
    if (dice.length) details.push(`a face of ${dice.join(', ')}`);
  }
  if (symbol.kind === 'role') {
    const role = schema.roles.get(symbol.name);
    if (role) details.push(role.visibility);
  }
  if (symbol.kind === 'option') details.push('variants can change it');
  if (symbol.kind === 'game' && schema.game?.source) details.push(`source ${schema.game.source}`);
  const uses = symbol.occurrences.filter((o) => !o.declaration).length;
  if (symbol.kind !== 'game' && symbol.kind !== 'phase' && symbol.kind !== 'variant') details.push(uses === 1 ? 'used once' : `used ${uses === 0 ? 'nowhere' : `${uses} times`}`);

  let line = document.lineText(symbol.declaration.start).trim();
  if (line.length > longestShownLine) line = `${line.slice(0, longestShownLine - 1)}…`;
  const contents = [
    `**${kindLabels[symbol.kind]}** \`${symbol.name}\`${details.length ? ` — ${details.join(', ')}` : ''}`,
    `\`\`\`regola\n${line}\n\`\`\``,
  ];
  if (symbol.cite) contents.push(`> *rulebook:* “${escapeMarkdown(symbol.cite)}”`);
  return contents;
}

/** A rulebook sentence shown as it is written: `*`, `_` or `<` in it are not Markdown (it never starts a line). */
function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>~]/g, (c) => `\\${c}`);
}
