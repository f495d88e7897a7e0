/**
 * How things look on the table, from the `look` declarations: a colour and a short label per
 * token, die face, team, card or kind of piece, and the variables the rules keep for themselves
 * (`internal`). Plain data for the interfaces (the studio, the CLI board); the engine never reads it,
 * so a look never changes a game.
 */
import type { AST, Schema } from '../../grammar/index.ts';
import { lookColour, lookTargets, type LookTarget } from '../../grammar/index.ts';

export interface Look {
  name: string;
  target: LookTarget;
  /** `#rrggbb`, or null to let the interface choose. */
  colour: string | null;
  label: string | null;
  /** A variable that is the rules' own bookkeeping: shown to the referee, in the details. */
  internal: boolean;
}

/** One look per name, in the order first written; a later declaration's clauses add to (and override) an earlier one's. */
export function lowerLooks(file: AST.RulesFile, schema: Schema): Look[] {
  const looks = new Map<string, Look>();
  const targets = lookTargets(schema);
  for (const decl of file.declarations) {
    if (decl.kind !== 'look') continue;
    for (const name of decl.names) {
      const target = targets.get(name.text);
      if (!target) continue;
      const look = looks.get(name.text) ?? { name: name.text, target, colour: null, label: null, internal: false };
      for (const clause of decl.clauses) {
        if (clause.word === 'internal') look.internal = target === 'variable';
        else if ((clause.word === 'colour' || clause.word === 'color') && clause.value !== undefined) look.colour = lookColour(clause.value);
        else if (clause.word === 'label' && clause.value !== undefined) look.label = clause.value.trim();
      }
      looks.set(name.text, look);
    }
  }
  return [...looks.values()];
}

/** The look of a name, if the rules gave it one. */
export function lookOf(looks: readonly Look[] | undefined, name: string): Look | undefined {
  return looks?.find((look) => look.name === name);
}
