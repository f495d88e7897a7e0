/**
 * The schema being built (schema.ts): an empty one, the registry of top-level names, and the
 * helpers every kind of declaration shares (schema-declarations.ts, map-schema.ts, schema-references.ts).
 */
import type * as A from './ast.ts';
import { closest, type Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';
import type { Schema } from './schema-types.ts';

/** Everything that has a name at the top level, to catch one name used for two things. */
class NameRegistry {
  private readonly seen = new Map<string, { what: string; range: A.Range }>();
  constructor(private readonly diagnostics: Diagnostic[]) {}
  claim(name: A.Name, what: string, allowSameKind = false): boolean {
    if (!name.text) return false;
    const previous = this.seen.get(name.text);
    if (previous && !(allowSameKind && previous.what === what)) {
      this.diagnostics.push(m.at(m.declaredTwice(name.text, previous.what), name.range));
      return false;
    }
    if (!previous) this.seen.set(name.text, { what, range: name.range });
    return true;
  }
  has(name: string): boolean {
    return this.seen.has(name);
  }
}

/** The schema being built and what every declaration's check shares. */
export interface SchemaBuilder {
  schema: Schema;
  names: NameRegistry;
  diagnostics: Diagnostic[];
  /** False: the file was cut short, so a missing block may just be unread. */
  complete: boolean;
  report: (message: m.Message, range: A.Range, suggestion?: string) => void;
}

/** The turn limit of a game that states none. */
export const defaultTurnLimit = 1000;

export function emptySchema(): Schema {
  return {
    minPlayers: 1, maxPlayers: 1, allowedPlayers: null, turnLimit: defaultTurnLimit, turnLimitMax: defaultTurnLimit, turnLimitHidden: false, statedLength: null, tokens: [], symbols: new Set(), dieTypes: new Map(),
    pools: new Map(), totalDice: 0, roles: new Map(), globals: new Map(), playerVars: new Map(), options: new Map(),
    variants: new Map(), rules: new Map(), defines: new Map(), tokenReserve: new Map(), tokenCitations: new Map(),
    teams: new Map(), teamVars: new Map(), teamProperties: [], cardSets: new Map(), cardProperties: [], totalCards: 0, piles: new Map(),
    zones: new Map(), zoneSets: new Map(), zoneVars: new Map(), zoneProperties: [], regions: new Map(), regionProperties: [],
    grids: new Map(), pieceKinds: new Map(), pieceVars: new Map(), statuses: new Map(), anyTime: [],
  };
}

export function newSchemaBuilder(schema: Schema, diagnostics: Diagnostic[], complete: boolean): SchemaBuilder {
  return {
    schema, names: new NameRegistry(diagnostics), diagnostics, complete,
    report: (message, range, suggestion) => diagnostics.push(m.at(message, range, suggestion)),
  };
}

/** A card or a zone may only set properties its set declares (with their defaults, after `with`). */
export function undeclaredProperties({ report }: SchemaBuilder, owners: string, defaults: A.Property[], properties: A.Property[]): void {
  for (const property of properties) {
    if (defaults.some((d) => d.name.text === property.name.text)) continue;
    report(m.propertyUndeclared(owners, property.name.text), property.name.range, closest(property.name.text, defaults.map((d) => d.name.text)));
  }
}

/** Each property name once, in the order first seen. */
export function addPropertyNames(into: string[], properties: A.Property[]): void {
  for (const property of properties) if (!into.includes(property.name.text)) into.push(property.name.text);
}
