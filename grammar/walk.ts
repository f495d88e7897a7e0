/**
 * The one walker of the AST, read from the catalogue (constructs.ts): a node's parts are what its
 * entry says they are, so a construct registered there is walked everywhere — by the checks, the
 * studio and coverage alike. Runs on every compile, so on every keystroke in the studio.
 */
import type * as A from './ast.ts';
import { declarationCatalogue, expressionCatalogue, statementCatalogue, type Parts } from './constructs.ts';

/** What to call on the way down; returning false from a call skips that node's parts. */
export interface Visitor {
  declaration?(node: A.Declaration): void | false;
  statement?(node: A.Statement): void | false;
  expression?(node: A.Expr): void | false;
  clause?(node: A.OptionClause): void | false;
  name?(node: A.Name): void;
}

export type Walkable = A.RulesFile | A.Declaration | A.Block | A.Statement | readonly A.Declaration[] | readonly A.Statement[];

/**
 * Visits `root` and everything inside it, parents before their parts, parts in the order written.
 * A file, a declaration, a block or a statement (or a list of them); an expression: `walkExpression`.
 */
export function walk(root: Walkable, visitor: Visitor): void {
  if (Array.isArray(root)) { for (const node of root as readonly (A.Declaration | A.Statement)[]) walk(node, visitor); return; }
  const node = root as Exclude<Walkable, readonly unknown[]>;
  if ('declarations' in node) { for (const declaration of node.declarations) walkDeclaration(declaration, visitor); return; }
  if ('statements' in node) { walkBlock(node, visitor); return; }
  if (Object.hasOwn(declarationCatalogue, node.kind)) walkDeclaration(node as A.Declaration, visitor);
  else walkStatement(node as A.Statement, visitor);
}

export function walkExpression(node: A.Expr, visitor: Visitor): void {
  if (visitor.expression?.(node) === false) return;
  walkParts(expressionCatalogue[node.kind] as Parts<A.Expr>, node, visitor);
}

function walkDeclaration(node: A.Declaration, visitor: Visitor): void {
  if (visitor.declaration?.(node) === false) return;
  walkParts(declarationCatalogue[node.kind] as Parts<A.Declaration>, node, visitor);
}

function walkStatement(node: A.Statement, visitor: Visitor): void {
  if (visitor.statement?.(node) === false) return;
  walkParts(statementCatalogue[node.kind] as Parts<A.Statement>, node, visitor);
}

function walkBlock(block: A.Block, visitor: Visitor): void {
  for (const statement of block.statements) walkStatement(statement, visitor);
}

function walkParts<N>(entry: Parts<N>, node: N, visitor: Visitor): void {
  if (entry.names && visitor.name) for (const name of entry.names(node)) if (name) visitor.name(name);
  if (entry.expressions) for (const expression of entry.expressions(node)) if (expression) walkExpression(expression, visitor);
  if (entry.clauses) {
    for (const clause of entry.clauses(node)) {
      if (visitor.clause?.(clause) === false) continue;
      if (clause.condition) walkExpression(clause.condition, visitor);
      walkBlock(clause.body, visitor);
    }
  }
  if (entry.blocks) for (const block of entry.blocks(node)) if (block) walkBlock(block, visitor);
}
