/**
 * Cards made as a product of lists (`each seme in […] by each valore in 1 to 10`) become ordinary
 * cards right after parsing: one card line per combination, with each coordinate as a property and
 * the other properties computed from the coordinates. The schema, the checker and the engine then
 * see a deck written out by hand, and check it the same way.
 */
import type * as A from './ast.ts';
import type { Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';

/** More cards than this from one product is surely a mistake (and would slow every game down). */
export const maxProductCards = 1000;

/** A value a coordinate or a computed property can have. */
type Plain = number | boolean | null | { text: string } | { symbol: string };
/** Thrown (and caught below) when a computed property is not a plain calculation. */
class NotPlain extends Error { constructor(readonly range: A.Range, readonly notice?: m.Message) { super(notice?.message ?? ''); } }
/** A part the parser could not read (and has reported already): the property is left out silently. */
class Unreadable extends NotPlain { constructor(range: A.Range) { super(range); } }

export function expandCardProducts(file: A.RulesFile, diagnostics: Diagnostic[]): void {
  for (const decl of file.declarations) {
    if (decl.kind !== 'cards' || !decl.products) continue;
    const symbols = new Set<string>();
    const made: { at: number; items: A.CardItem[] }[] = [];
    // A product that recovery gave up on has no coordinates: the parser has said why.
    decl.products = decl.products.filter((p) => Array.isArray(p.coordinates) && p.coordinates.length > 0);
    for (const product of decl.products) made.push({ at: product.at, items: expand(decl, product, symbols, diagnostics) });
    // Latest first, so the earlier places stay where the parser counted them.
    for (const { at, items } of made.reverse()) decl.cards.splice(at, 0, ...items);
    decl.symbols = [...symbols];
    // Each coordinate is a property of every card of the set: `none` for the cards written by hand.
    for (const product of decl.products) {
      for (const coordinate of product.coordinates) {
        if (decl.defaults.some((d) => d.name.text === coordinate.name.text)) continue;
        decl.defaults.push({ name: coordinate.name, value: { kind: 'none', range: coordinate.name.range }, range: coordinate.name.range });
      }
    }
  }
}

function expand(decl: A.CardsDecl, product: A.CardProduct, symbols: Set<string>, diagnostics: Diagnostic[]): A.CardItem[] {
  const report = (message: m.Message, range: A.Range) => diagnostics.push(m.at(message, range));
  const axes: { name: string; values: Plain[] }[] = [];
  let total = 1;
  for (const coordinate of product.coordinates) {
    if (axes.some((a) => a.name === coordinate.name.text)) {
      report(m.coordinateTwice(coordinate.name.text), coordinate.name.range);
      return [];
    }
    let values: Plain[] = [];
    if (coordinate.from && coordinate.to) {
      const { value: from } = coordinate.from;
      const { value: to } = coordinate.to;
      if (!Number.isFinite(from) || !Number.isFinite(to)) return [];
      if (to < from) { report(m.coordinateCountsDown(from, to), coordinate.range); return []; }
      if (to - from + 1 > maxProductCards) { report(m.coordinateTooLong(from, to, maxProductCards), coordinate.range); return []; }
      values = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    } else {
      try {
        values = coordinate.values.map((v) => literal(v));
      } catch (error) {
        if (!(error instanceof NotPlain)) throw error;
        if (error.notice) report(error.notice, error.range);
        return [];
      }
    }
    for (const value of values) if (value !== null && typeof value === 'object' && 'symbol' in value) symbols.add(value.symbol);
    axes.push({ name: coordinate.name.text, values });
    total *= values.length;
  }
  const copies = product.copies && Number.isFinite(product.copies.value) ? product.copies.value : 1;
  if (total * copies > maxProductCards) {
    report(m.productTooLarge(total * copies, maxProductCards), product.range);
    return [];
  }
  for (const property of product.properties) {
    if (axes.some((a) => a.name === property.name.text)) {
      report(m.propertyIsCoordinate(property.name.text), property.name.range);
    } else if (!decl.defaults.some((d) => d.name.text === property.name.text)) {
      report(m.productPropertyUndeclared(property.name.text, decl.defaults.map((d) => d.name.text)), property.name.range);
    } else if (property.table) {
      const axis = axes.find((a) => a.name === property.table!.by.text);
      if (!axis) report(m.tableCoordinate(axes.map((a) => a.name), property.table.by.text), property.table.by.range);
      else if (axis.values.length !== property.table.values.length) {
        report(m.tableSize(axis.name, property.table.values.length, axis.values.length), property.range);
      }
    }
  }
  const broken = new Set<A.ProductProperty>();
  const items: A.CardItem[] = [];
  const at = product.named?.range ?? product.range;
  for (const combination of combinations(axes)) {
    const scope = new Map(axes.map((a, i) => [a.name, combination[i]]));
    const properties: A.Property[] = axes.map((a, i) => ({ name: { ...product.coordinates[i].name }, value: expression(combination[i], product.coordinates[i].range), range: product.coordinates[i].range }));
    for (const property of product.properties) {
      if (broken.has(property) || axes.some((a) => a.name === property.name.text) || !decl.defaults.some((d) => d.name.text === property.name.text)) continue;
      if (property.table) {
        const axisIndex = axes.findIndex((a) => a.name === property.table!.by.text);
        const value = axisIndex >= 0 ? property.table.values[axes[axisIndex].values.indexOf(combination[axisIndex])] : undefined;
        if (value) properties.push({ name: property.name, value, range: property.range });
        continue;
      }
      try {
        properties.push({ name: property.name, value: expression(evaluate(property.value!, scope), property.value!.range), range: property.range });
      } catch (error) {
        if (!(error instanceof NotPlain)) throw error;
        broken.add(property);
        if (error.notice) report(error.notice, error.range);
      }
    }
    const name = cardName(product, axes.map((a) => a.name), scope, diagnostics);
    if (name === undefined) return [];
    items.push({ copies: product.copies, name: { text: name, quoted: true, range: at }, properties, range: product.range });
  }
  return items;
}

function* combinations(axes: { values: Plain[] }[]): Generator<Plain[]> {
  if (axes.length === 0) { yield []; return; }
  const [first, ...rest] = axes;
  for (const value of first.values) for (const tail of combinations(rest)) yield [value, ...tail];
}

/** `named "{valore} di {seme}"`, or the coordinates' values in order, separated by spaces. */
function cardName(product: A.CardProduct, axes: string[], scope: Map<string, Plain>, diagnostics: Diagnostic[]): string | undefined {
  if (!product.named) return axes.map((a) => show(scope.get(a)!)).join(' ');
  let unknown: string | undefined;
  const name = product.named.text.replace(/\{([^}]*)\}/g, (whole, inner: string) => {
    const key = inner.trim();
    if (scope.has(key)) return show(scope.get(key)!);
    unknown ??= key;
    return whole;
  });
  if (unknown !== undefined) {
    diagnostics.push(m.at(m.cardNamePart(unknown, axes), product.named.range));
    return undefined;
  }
  return name;
}

function show(value: Plain): string {
  if (value === null) return 'none';
  if (typeof value === 'object') return 'text' in value ? value.text : value.symbol;
  return String(value);
}

/** A coordinate's value as written: a number, a name (a symbol), a text, true/false, none. */
function literal(node: A.Expr): Plain {
  switch (node.kind) {
    case 'error': throw new Unreadable(node.range);
    case 'number': return node.value;
    case 'bool': return node.value;
    case 'none': return null;
    case 'string': return { symbol: node.value };
    case 'name': return { symbol: node.name };
    case 'unary': if (node.operator === '-' && node.operand.kind === 'number') return -node.operand.value;
  }
  throw new NotPlain(node.range, m.coordinateNotPlain());
}

/** A computed property of one card: the expression with the card's coordinates as its names. */
function evaluate(node: A.Expr, scope: Map<string, Plain>): Plain {
  switch (node.kind) {
    case 'error': throw new Unreadable(node.range);
    case 'number': case 'bool': return node.value;
    case 'none': return null;
    case 'string': return { text: node.value };
    case 'name': return scope.has(node.name) ? scope.get(node.name)! : { symbol: node.name };
    case 'unary': {
      const value = evaluate(node.operand, scope);
      if (node.operator === 'not') return !truthy(value, node.operand.range);
      return -number(value, node.operand.range);
    }
    case 'conditional': return truthy(evaluate(node.condition, scope), node.condition.range) ? evaluate(node.then, scope) : evaluate(node.otherwise, scope);
    case 'binary': {
      if (node.operator === 'and') return truthy(evaluate(node.left, scope), node.left.range) && truthy(evaluate(node.right, scope), node.right.range);
      if (node.operator === 'or') return truthy(evaluate(node.left, scope), node.left.range) || truthy(evaluate(node.right, scope), node.right.range);
      const left = evaluate(node.left, scope);
      const right = evaluate(node.right, scope);
      switch (node.operator) {
        case '==': return same(left, right);
        case '!=': return !same(left, right);
        case '+': return number(left, node.left.range) + number(right, node.right.range);
        case '-': return number(left, node.left.range) - number(right, node.right.range);
        case '*': return number(left, node.left.range) * number(right, node.right.range);
        case '/': {
          const divisor = number(right, node.right.range);
          if (divisor === 0) throw new NotPlain(node.right.range, m.productDividesByZero());
          return Math.floor(number(left, node.left.range) / divisor);
        }
        case 'mod': {
          const divisor = number(right, node.right.range);
          if (divisor === 0) throw new NotPlain(node.right.range, m.productDividesByZero());
          const value = number(left, node.left.range);
          return value - divisor * Math.floor(value / divisor);
        }
        case '<': return number(left, node.left.range) < number(right, node.right.range);
        case '<=': return number(left, node.left.range) <= number(right, node.right.range);
        case '>': return number(left, node.left.range) > number(right, node.right.range);
        case '>=': return number(left, node.left.range) >= number(right, node.right.range);
      }
    }
  }
  throw new NotPlain(node.range, m.productPropertyNotPlain());
}

function number(value: Plain, range: A.Range): number {
  if (typeof value !== 'number') throw new NotPlain(range, m.productNotNumber(show(value)));
  return value;
}
function truthy(value: Plain, range: A.Range): boolean {
  if (typeof value !== 'boolean') throw new NotPlain(range, m.productNotCondition(show(value)));
  return value;
}
function same(a: Plain, b: Plain): boolean {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') return show(a) === show(b);
  return a === b;
}

/** A plain value written back as an expression, placed where the property is written. */
function expression(value: Plain, range: A.Range): A.Expr {
  if (value === null) return { kind: 'none', range };
  if (typeof value === 'number') return value < 0 ? { kind: 'unary', operator: '-', operand: { kind: 'number', value: -value, range }, range } : { kind: 'number', value, range };
  if (typeof value === 'boolean') return { kind: 'bool', value, range };
  if ('text' in value) return { kind: 'string', value: value.text, range };
  return { kind: 'name', name: value.symbol, range };
}
