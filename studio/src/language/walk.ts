/**
 * Walking the AST without a visitor per node kind: every node is a plain object with a `range`,
 * and expressions, statements and declarations tell themselves apart by `kind`.
 */
import type { AST } from '../../../grammar/index.ts';

type Range = AST.Range;

const expressionKinds = new Set(['number', 'bool', 'none', 'string', 'name', 'current', 'players', 'others', 'member', 'call', 'list', 'unary', 'binary', 'where', 'error']);
const statementKinds = new Set([
  'phase', 'let', 'set', 'gain', 'discard', 'steal', 'roll', 'mark', 'choose-value', 'choose-option', 'choose-selection', 'if', 'for-each',
  'while', 'repeat', 'do', 'win', 'eliminate', 'draw-game', 'end-turn', 'log', 'cite', 'deal-roles', 'deal-cards', 'draw-role',
  'discard-role', 'first-player', 'error',
]);

const hasRange = (value: unknown): value is { range: Range } =>
  typeof value === 'object' && value !== null && typeof (value as { range?: Range }).range?.start === 'number';

/** Expressions carry a `kind` of their own; a statement and an expression never share one except `error`. */
export function isExpression(node: unknown): node is AST.Expr {
  return hasRange(node) && expressionKinds.has((node as { kind?: string }).kind ?? '') && !('statements' in node);
}

export function isStatement(node: unknown): node is AST.Statement {
  return hasRange(node) && statementKinds.has((node as { kind?: string }).kind ?? '');
}

/**
 * Calls `visit` for every object below `root` (not `root` itself), parents before children.
 * Returning false from `visit` skips that object's children.
 */
export function walk(root: unknown, visit: (node: Record<string, unknown>) => boolean | void): void {
  const stack: unknown[] = [];
  const pushChildren = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const children: unknown[] = [];
    for (const [key, child] of Object.entries(node)) {
      if (key === 'range' || key === 'labelRange' || typeof child !== 'object' || child === null) continue;
      if (Array.isArray(child)) children.push(...child.filter((c) => typeof c === 'object' && c !== null));
      else children.push(child);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  };
  pushChildren(root);
  while (stack.length) {
    const node = stack.pop() as Record<string, unknown>;
    if (visit(node) === false) continue;
    pushChildren(node);
  }
}

/**
 * The frames of a file: the places that number their own local slots (a rule, the setup, the
 * turns, a define, a role, a variable's or option's initial value, a variant setting). A local's slot is
 * only meaningful inside its frame.
 */
export interface Frame { key: string; node: object; range: Range }

export function framesOf(file: AST.RulesFile): Frame[] {
  const frames: Frame[] = [];
  for (const declaration of file.declarations) {
    switch (declaration.kind) {
      case 'roles':
        for (const item of declaration.roles) frames.push({ key: `role@${item.range.start}`, node: item, range: item.range });
        break;
      case 'variant':
        for (const setting of declaration.settings) {
          if (setting.value) frames.push({ key: `setting@${setting.value.range.start}`, node: setting.value, range: setting.value.range });
        }
        break;
      case 'rule': case 'define': case 'setup': case 'turns': case 'var': case 'option':
        frames.push({ key: `${declaration.kind}@${declaration.range.start}`, node: declaration, range: declaration.range });
        break;
    }
  }
  return frames;
}

export function contains(range: Range, offset: number): boolean {
  return range.start <= offset && offset <= range.end;
}
