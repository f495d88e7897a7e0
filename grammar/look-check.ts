/**
 * `look` declarations, as the checker sees them: each name is something the table draws (a token,
 * a die face, a team, a card, a kind of piece) or a variable, and each clause fits it — a colour
 * and a label for things, `internal` for variables. Nothing here changes how a game plays.
 */
import type * as A from './ast.ts';
import type { Schema } from './schema-types.ts';
import { closest, type Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';
import { lookWords } from './look-grammar.ts';

/** What a look's name stands for. */
export type LookTarget = 'token' | 'face' | 'team' | 'card' | 'piece' | 'variable';

/** The longest label: it is drawn inside a small round badge. */
export const labelLength = 3;

/** Colour words, Italian and English, by their stem (`rossa`, `rossi` and `red` are one colour), as `#rrggbb`. */
const colourWords: [RegExp, string][] = [
  [/^(ross|red$|rouge)/, '#c62828'], [/^(aranc|orange)/, '#e06c00'], [/^(giall|yellow|gold|oro$)/, '#d4a017'],
  [/^(verd|green)/, '#2e7d32'], [/^(azzurr|celest|cyan|turches|teal)/, '#0288a8'], [/^(blu|blue)/, '#1e4fc2'],
  [/^(viol|purple|porpor|lilla)/, '#7b1fa2'], [/^(rosa$|pink|fucsi|magenta)/, '#d81b60'], [/^(marron|brown)/, '#6d4c41'],
  [/^(ner|black)/, '#222831'], [/^(grig|gr[ae]y|argent|silver)/, '#757575'], [/^(bianc|white)/, '#f2f0ea'],
];

/** `#d4a017`, `#fa0` or a colour word (`rosso`, `blue`) as `#rrggbb` in lower case; null when it is none of them. */
export function lookColour(text: string): string | null {
  const written = text.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(written)) return written;
  if (/^#[0-9a-f]{3}$/.test(written)) return `#${[...written.slice(1)].map((digit) => digit + digit).join('')}`;
  return colourWords.find(([pattern]) => pattern.test(written))?.[1] ?? null;
}

/** Every name a look may be about, with what it is (the first kind that has it, in this order). */
export function lookTargets(schema: Schema): Map<string, LookTarget> {
  const targets = new Map<string, LookTarget>();
  const add = (names: Iterable<string>, target: LookTarget) => { for (const name of names) if (!targets.has(name)) targets.set(name, target); };
  add(schema.tokens, 'token');
  add(schema.teams.keys(), 'team');
  add([...schema.cardSets.values()].flatMap((set) => set.decl.cards.map((card) => card.name.text)), 'card');
  add(schema.pieceKinds.keys(), 'piece');
  // Die faces, and the symbols the lists of a product of cards name.
  add(schema.symbols, 'face');
  for (const table of [schema.globals, schema.playerVars, schema.teamVars, schema.zoneVars, schema.pieceVars]) add(table.keys(), 'variable');
  return targets;
}

export function checkLooks(file: A.RulesFile, schema: Schema, diagnostics: Diagnostic[]): void {
  const looks = file.declarations.filter((d): d is A.LookDecl => d.kind === 'look');
  if (!looks.length) return;
  const targets = lookTargets(schema);
  const report = (message: m.Message, range: A.Range, suggestion?: string) => diagnostics.push(m.at(message, range, suggestion));
  for (const look of looks) {
    const kinds = new Set<LookTarget>();
    for (const name of look.names) {
      const target = targets.get(name.text);
      if (target) { kinds.add(target); continue; }
      report(m.lookTarget(name.text), name.range, closest(name.text, targets.keys()));
    }
    const variables = kinds.has('variable');
    const things = [...kinds].some((kind) => kind !== 'variable');
    if (!look.clauses.length) report(m.lookEmpty(look.names[0]?.text ?? 'NAME'), look.range);
    for (const clause of look.clauses) {
      const word = clause.word === 'color' ? 'colour' : clause.word;
      if (!(lookWords as readonly string[]).includes(word)) {
        report(m.lookWord(clause.word), clause.wordRange, closest(clause.word, ['colour', 'label', 'internal']));
        continue;
      }
      if (word === 'internal') {
        if (clause.value !== undefined) report(m.internalWithText(), clause.valueRange!);
        if (things) report(m.internalThing(), clause.wordRange);
        continue;
      }
      if (clause.value === undefined) { report(m.lookWithoutText(word as 'colour' | 'label'), clause.wordRange); continue; }
      if (variables) { report(m.variableLook(word), clause.wordRange); continue; }
      if (word === 'colour' && lookColour(clause.value) === null) {
        report(m.notAColour(clause.value), clause.valueRange!);
      }
      if (word === 'label' && (clause.value.trim() === '' || [...clause.value.trim()].length > labelLength)) {
        report(m.labelLength(labelLength, clause.value, [...clause.value.trim()].length), clause.valueRange!);
      }
    }
  }
}
