/**
 * The frames of a file, walked with grammar's one walker (read from the catalogue of constructs,
 * grammar/constructs.ts): the places that number their own local slots (a rule, the setup, the
 * turns, a define, a role, a variable's or option's initial value, a variant setting). A local's
 * slot is only meaningful inside its frame.
 */
import { walk, walkExpression, type AST, type Visitor } from '../../../grammar/index.ts';

type Range = AST.Range;

export interface Frame {
  key: string;
  /** The declaration, the role or the setting's value the frame is. */
  node: AST.Declaration | AST.RoleItem | AST.Expr;
  range: Range;
  /** Walks everything inside the frame. */
  walk(visitor: Visitor): void;
}

export function framesOf(file: AST.RulesFile): Frame[] {
  const frames: Frame[] = [];
  for (const declaration of file.declarations) {
    switch (declaration.kind) {
      case 'roles':
        for (const item of declaration.roles) {
          frames.push({
            key: `role@${item.range.start}`, node: item, range: item.range,
            walk: (visitor) => { if (item.when) walkExpression(item.when, visitor); if (item.goal) walkExpression(item.goal, visitor); },
          });
        }
        break;
      case 'variant':
        for (const setting of declaration.settings) {
          const value = setting.value;
          if (value) frames.push({ key: `setting@${value.range.start}`, node: value, range: value.range, walk: (visitor) => walkExpression(value, visitor) });
        }
        break;
      case 'rule': case 'define': case 'setup': case 'turns': case 'var': case 'option':
        frames.push({ key: `${declaration.kind}@${declaration.range.start}`, node: declaration, range: declaration.range, walk: (visitor) => walk(declaration, visitor) });
        break;
    }
  }
  return frames;
}

export function contains(range: Range, offset: number): boolean {
  return range.start <= offset && offset <= range.end;
}
