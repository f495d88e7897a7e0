/**
 * The symbol index: every declared thing of a file and every place it is written. Hover, go to
 * definition, references and rename all read it. It is built from what the checker recorded
 * (annotations), so a name means here exactly what it means to `regola check`.
 */
import { builtinFunctions, describeType, type Analysis, type AST, type Type } from '../../../grammar/index.ts';
import { framesOf } from './walk.ts';

type Range = AST.Range;

export type SymbolKind =
  | 'game' | 'token' | 'face' | 'die' | 'dice' | 'mark' | 'role' | 'variable' | 'player-variable' | 'option'
  | 'variant' | 'rule' | 'define' | 'phase' | 'parameter' | 'local';

export interface Occurrence {
  range: Range;
  /** Written between quotes (the range includes them). */
  quoted: boolean;
  /** A place that declares the symbol (a token listed twice has two). */
  declaration: boolean;
  symbol: RegolaSymbol;
}

export interface RegolaSymbol {
  /** Unique within a file: `rule:Effetto`, `local:rule@1234:0`… */
  key: string;
  kind: SymbolKind;
  name: string;
  /** The name at its (first) declaration. */
  declaration: Range;
  /** The whole declaring construct. */
  node: Range;
  /** The rulebook sentence the declaration cites. */
  cite?: string;
  /** What a variable, option or local holds. */
  type?: Type;
  /** How a local is bound. */
  binder?: 'let' | 'for each' | 'choose' | 'parameter' | 'where';
  occurrences: Occurrence[];
}

/** A predefined word or function (`current`, `seats`, `count`, `d.face`…): hover text only. */
export interface BuiltinOccurrence { range: Range; title: string; documentation: string }

export interface SymbolIndex {
  symbols: Map<string, RegolaSymbol>;
  /** Sorted by start. */
  occurrences: Occurrence[];
  builtins: BuiltinOccurrence[];
}

const elementOf = (type: Type | undefined): Type => (type && type.startsWith('list<') ? (type.slice(5, -1) as Type) : 'unknown');

const builtinWords: Record<string, string> = {
  current: 'the player whose turn it is',
  players: 'the players still in the game, in turn order, starting with the current player',
  others: 'the players still in the game except the current player',
  seats: 'the number of players the match started with (it does not go down with eliminations)',
  roles: 'the roles in the game',
  round: 'the number of the round of turns being played: 0 during the setup, 1 in the first round',
  turn: 'the number of the turn being played: 0 during the setup, 1 in the first turn',
};
const builtinAttributes: Record<string, string> = {
  face: 'the face the die shows (a symbol)',
  value: 'the number the die shows, for numbered faces; 0 for other faces',
  role: "the player's role, or none",
};

export function indexSymbols(analysis: Analysis): SymbolIndex {
  const { ast, schema, annotations } = analysis;
  const symbols = new Map<string, RegolaSymbol>();
  const occurrences: Occurrence[] = [];
  const builtins: BuiltinOccurrence[] = [];

  const declare = (key: string, kind: SymbolKind, name: AST.Name, node: Range, extra: Partial<RegolaSymbol> = {}): RegolaSymbol | undefined => {
    if (!name || !name.text) return undefined;
    let symbol = symbols.get(key);
    if (!symbol) {
      symbol = { key, kind, name: name.text, declaration: name.range, node, occurrences: [], ...extra };
      symbols.set(key, symbol);
    }
    const occurrence = { range: name.range, quoted: name.quoted, declaration: true, symbol };
    symbol.occurrences.push(occurrence);
    occurrences.push(occurrence);
    return symbol;
  };
  const use = (key: string, range: Range, quoted = false) => {
    const symbol = symbols.get(key);
    if (!symbol) return;
    // A recovered parse can hand the same node to two places; record each spot once.
    if (symbol.occurrences.some((o) => o.range.start === range.start && o.range.end === range.end)) return;
    const occurrence = { range, quoted, declaration: false, symbol };
    symbol.occurrences.push(occurrence);
    occurrences.push(occurrence);
  };
  const builtin = (range: Range, title: string, documentation: string) => builtins.push({ range, title, documentation });

  // ---- declarations: tokens first, so that a face named like a token is that token -------------
  for (const declaration of ast.declarations) {
    if (declaration.kind !== 'tokens') continue;
    for (const name of declaration.names) {
      declare(`symbol:${name.text}`, 'token', name, declaration.range, { cite: declaration.cite });
    }
  }
  for (const declaration of ast.declarations) {
    switch (declaration.kind) {
      case 'game':
        declare('game', 'game', declaration.title, declaration.range);
        break;
      case 'die':
        declare(`die:${declaration.name.text}`, 'die', declaration.name, declaration.range);
        for (const face of declaration.faces) if (face.name) declare(`symbol:${face.name.text}`, 'face', face.name, declaration.range);
        break;
      case 'dice':
        declare(`dice:${declaration.name.text}`, 'dice', declaration.name, declaration.range);
        for (const mark of declaration.marks) declare(`mark:${mark.text}`, 'mark', mark, declaration.range);
        break;
      case 'roles':
        for (const item of declaration.roles) declare(`role:${item.name.text}`, 'role', item.name, item.range, { cite: item.cite });
        break;
      case 'var': {
        const kind = declaration.perPlayer ? 'player-variable' : 'variable';
        const type = annotations.variableTypes.get(declaration.name.text) ?? annotations.types.get(declaration.init);
        declare(`${kind}:${declaration.name.text}`, kind, declaration.name, declaration.range, { type });
        break;
      }
      case 'option':
        declare(`option:${declaration.name.text}`, 'option', declaration.name, declaration.range, { cite: declaration.cite, type: annotations.types.get(declaration.value) });
        break;
      case 'variant':
        declare(`variant:${declaration.name.text}`, 'variant', declaration.name, declaration.range);
        break;
      case 'rule':
        declare(`rule:${declaration.name.text}`, 'rule', declaration.name, declaration.range, { cite: declaration.cite ?? leadingCite(declaration.body) });
        break;
      case 'define':
        declare(`define:${declaration.name.text}`, 'define', declaration.name, declaration.range, { type: annotations.types.get(declaration.value) });
        break;
      case 'turns':
        for (const phase of declaration.body.statements) {
          if (phase.kind === 'phase') declare(`phase:${phase.range.start}`, 'phase', phase.name, phase.range, { cite: leadingCite(phase.body) });
        }
        break;
    }
  }

  // ---- the places that use a declared name ------------------------------------------------------
  for (const declaration of ast.declarations) {
    if (declaration.kind === 'dice') use(`die:${declaration.dieType.text}`, declaration.dieType.range, declaration.dieType.quoted);
    if (declaration.kind === 'variant') {
      for (const setting of declaration.settings) if (setting.name) use(`option:${setting.name.text}`, setting.name.range);
    }
  }

  for (const frame of framesOf(ast)) {
    /** Slot → local symbol, for this frame only. */
    const locals = new Map<number, RegolaSymbol>();
    const whereSlots = new Map<number, Type>();
    const bind = (name: AST.Name, binder: RegolaSymbol['binder'], type: Type | undefined, node: Range) => {
      const slot = annotations.slots.get(name);
      if (slot === undefined || !name.text) return;
      const symbol = declare(`local:${frame.key}:${slot}`, binder === 'parameter' ? 'parameter' : 'local', name, node, { binder, type });
      if (symbol) locals.set(slot, symbol);
    };
    const declaration = 'kind' in frame.node ? frame.node as AST.Declaration : undefined;
    if (declaration?.kind === 'rule' || declaration?.kind === 'define') {
      for (const param of declaration.params) bind(param, 'parameter', 'unknown', declaration.range);
    }
    // Binding sites first: a local can be used in a loop body before the walk reaches its uses.
    frame.walk({ statement: (statement) => {
      if (statement.kind === 'let') {
        bind(statement.name, 'let', annotations.types.get(statement.value), statement.range);
      } else if (statement.kind === 'for-each') {
        bind(statement.variable, 'for each', elementOf(annotations.types.get(statement.list)), statement.range);
      } else if (statement.kind === 'choose-value' || statement.kind === 'choose-selection') {
        const listType = annotations.types.get(statement.from);
        bind(statement.variable, 'choose', statement.count || statement.kind === 'choose-selection' ? listType : elementOf(listType), statement.range);
      }
    }, expression: (where) => {
      if (where.kind === 'where') {
        const slot = annotations.slots.get(where);
        if (slot !== undefined) whereSlots.set(slot, elementOf(annotations.types.get(where.list)));
        if (where.element) bind(where.element, 'where', elementOf(annotations.types.get(where.list)), where.range);
      }
    } });
    const isRoleFrame = frame.key.startsWith('role@');
    frame.walk({ statement: (statement) => {
      if (statement.kind === 'mark' && statement.mark) use(`mark:${statement.mark.text}`, statement.mark.range, statement.mark.quoted);
      else if (statement.kind === 'do' && statement.rule) use(`rule:${statement.rule.text}`, statement.rule.range, statement.rule.quoted);
    }, expression: (expression) => {
      switch (expression.kind) {
        case 'name': {
          const resolution = annotations.names.get(expression);
          if (!resolution) return;
          switch (resolution.kind) {
            case 'local': {
              const local = locals.get(resolution.slot);
              if (local && local.name === expression.name) use(local.key, expression.range);
              else if (expression.name === 'it') {
                const type = whereSlots.get(resolution.slot);
                builtin(expression.range, 'it', `the element being tested${type ? ` (${describeType(type)})` : ''}`);
              }
              return;
            }
            case 'global': use(`variable:${expression.name}`, expression.range); return;
            case 'option': use(`option:${expression.name}`, expression.range); return;
            case 'symbol': use(`symbol:${expression.name}`, expression.range); return;
            case 'role': use(`role:${expression.name}`, expression.range); return;
            case 'pool': case 'table-dice': use(`dice:${expression.name}`, expression.range); return;
            case 'seats': case 'roles': case 'round': case 'turn': builtin(expression.range, expression.name, builtinWords[expression.name]); return;
            case 'attribute': {
              const member = resolution.member;
              if (member.kind === 'token') use(`symbol:${expression.name}`, expression.range);
              else if (member.kind === 'player-var') use(`player-variable:${expression.name}`, expression.range);
              else if (member.kind === 'mark') use(`mark:${expression.name}`, expression.range);
              else builtin(expression.range, expression.name, `${isRoleFrame ? "in a goal, the role holder's" : "in where, the element's"} ${builtinAttributes[expression.name] ?? expression.name}`);
              return;
            }
          }
          return;
        }
        case 'member': {
          const member = annotations.members.get(expression);
          const property = expression.property;
          if (!member || !property) return;
          if (member.kind === 'token') use(`symbol:${property.text}`, property.range);
          else if (member.kind === 'player-var') use(`player-variable:${property.text}`, property.range);
          else if (member.kind === 'mark') use(`mark:${property.text}`, property.range);
          else if (member.kind === 'player-dice') use(`dice:${property.text}`, property.range);
          else builtin(property.range, `.${property.text}`, builtinAttributes[property.text] ?? property.text);
          return;
        }
        case 'string':
          // A quoted name compared with a role, or given as a symbol, means that role or symbol.
          if (schema.roles.has(expression.value)) use(`role:${expression.value}`, expression.range, true);
          else if (schema.symbols.has(expression.value)) use(`symbol:${expression.value}`, expression.range, true);
          return;
        case 'call': {
          const callee = expression.callee;
          if (callee && Object.hasOwn(builtinFunctions, callee.text)) builtin(callee.range, `${callee.text}(…)`, builtinFunctions[callee.text].doc);
          else if (callee) use(`define:${callee.text}`, callee.range);
          return;
        }
        case 'current': case 'players': case 'others':
          builtin(expression.range, expression.kind, builtinWords[expression.kind]);
          return;
      }
    } });
  }

  occurrences.sort((a, b) => a.range.start - b.range.start);
  builtins.sort((a, b) => a.range.start - b.range.start);
  for (const symbol of symbols.values()) symbol.occurrences.sort((a, b) => a.range.start - b.range.start);
  return { symbols, occurrences, builtins };
}

/** The rulebook sentence a block opens with (`phase "Fase 1" { cite "…" … }`). */
function leadingCite(block: AST.Block | undefined): string | undefined {
  const first = block?.statements[0];
  return first?.kind === 'cite' ? first.text : undefined;
}

/** The occurrence at an offset; the end of a name counts (the cursor just after a word). */
export function occurrenceAt(index: SymbolIndex, offset: number): Occurrence | undefined {
  let found: Occurrence | undefined;
  for (const occurrence of index.occurrences) {
    if (occurrence.range.start > offset) break;
    if (offset <= occurrence.range.end && occurrence.range.end > occurrence.range.start) {
      // Prefer the occurrence that starts at the offset over one that ends there.
      if (!found || occurrence.range.start === offset) found = occurrence;
    }
  }
  return found;
}

export function builtinAt(index: SymbolIndex, offset: number): BuiltinOccurrence | undefined {
  let found: BuiltinOccurrence | undefined;
  for (const occurrence of index.builtins) {
    if (occurrence.range.start > offset) break;
    if (offset <= occurrence.range.end) found = occurrence;
  }
  return found;
}
