/**
 * Plain-language syntax messages. Chevrotain's defaults ("Expecting token of type --> RBrace <--")
 * are for grammar authors; designers get "expected '}' but found 'turn'".
 */
import type { IParserErrorMessageProvider, IToken, TokenType } from 'chevrotain';
import { declarationStarts, expectedDeclaration } from './constructs.ts';
import { strayCite } from './messages/syntax.ts';

const ruleDescriptions: Record<string, string> = {
  file: 'the file', declaration: expectedDeclaration,
  statement: 'a statement', expression: 'an expression', orExpr: 'an expression', andExpr: 'an expression',
  notExpr: 'an expression', comparison: 'an expression', additive: 'an expression', multiplicative: 'an expression',
  unary: 'an expression', postfix: 'an expression', block: 'a block', name: 'a name',
  conditional: 'a value (if CONDITION then VALUE else VALUE)', roleItem: 'a role', optionClause: "an 'option'", faceSpec: 'a die face', primary: 'a value',
};

/** Words a designer may reach for to filter a list (`all(L where C)`), which are keywords of other statements. */
const listWords = new Set(['all', 'each', 'for']);

function label(token: TokenType): string {
  return token.LABEL ?? token.name;
}

function found(token: IToken): string {
  return token.tokenType?.name === 'EOF' ? 'the end of the file' : `'${token.image}'`;
}

function describe(rule: string): string {
  return ruleDescriptions[rule] ?? rule.replace(/(Decl|Stmt)$/, '').replace(/([A-Z])/g, ' $1').toLowerCase().trim();
}

/** Where a declaration was expected: a `cite` there has none above it to cite for. */
function unexpectedAtTop(actual: IToken): string {
  if (actual.tokenType?.name === 'Kw_cite') return strayCite(declarationStarts).message;
  return `unexpected ${found(actual)}: expected ${expectedDeclaration}`;
}

export const errorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual }) {
    if (expected.name === 'EOF') return unexpectedAtTop(actual);
    return `expected ${label(expected)} but found ${found(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return unexpectedAtTop(firstRedundant);
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, ruleName }) {
    // The one choice inside `postfix` is the attribute after a dot: `current.-1`.
    if (ruleName === 'postfix') return `expected an attribute's name after '.' but found ${found(actual[0])}`;
    // `all(L where C)`, `each(…)`: words of the language written as if they were functions.
    if (listWords.has(actual[0]?.image) && actual[0].tokenType?.name.startsWith('Kw_')) {
      return `expected ${describe(ruleName)} but found '${actual[0].image}', a word of the language: the elements of a list that meet a condition are written LIST where CONDITION`;
    }
    const starts = new Set<string>();
    for (const paths of expectedPathsPerAlt) for (const path of paths) if (path[0]) starts.add(label(path[0]));
    const list = [...starts].slice(0, 8).join(', ');
    return `expected ${describe(ruleName)} but found ${found(actual[0])}${list ? ` (one of ${list}${starts.size > 8 ? ', …' : ''})` : ''}`;
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, ruleName }) {
    const first = expectedIterationPaths[0]?.[0];
    return `expected ${first ? label(first) : describe(ruleName)} but found ${found(actual[0])}`;
  },
};
