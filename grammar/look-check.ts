/**
 * `look` declarations, as the checker sees them: each name is something the table draws (a token,
 * a die face, a team, a card, a kind of piece) or a variable, and each clause fits it — a colour
 * and a label for things, `internal` for variables. Nothing here changes how a game plays.
 */
import type * as A from './ast.ts';
import type { Schema } from './schema.ts';
import { closest, codes, diagnostic, type Diagnostic } from './diagnostics.ts';
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
  const invalid = (message: string, range: A.Range) => diagnostics.push(diagnostic(codes.lookInvalid, message, range));
  for (const look of looks) {
    const kinds = new Set<LookTarget>();
    for (const name of look.names) {
      const target = targets.get(name.text);
      if (target) { kinds.add(target); continue; }
      diagnostics.push(diagnostic(codes.nameUnknown,
        `'${name.text}' is not a token, die face, team, card, kind of piece or variable, so it has no look`, name.range, { suggestion: closest(name.text, targets.keys()) }));
    }
    const variables = kinds.has('variable');
    const things = [...kinds].some((kind) => kind !== 'variable');
    if (!look.clauses.length) invalid(`say how it looks: look ${look.names[0]?.text ?? 'NAME'} colour "#d4a017" label "O", or internal for a variable`, look.range);
    for (const clause of look.clauses) {
      const word = clause.word === 'color' ? 'colour' : clause.word;
      if (!(lookWords as readonly string[]).includes(word)) {
        diagnostics.push(diagnostic(codes.expectedWord, `expected colour, label or internal here, not '${clause.word}'`, clause.wordRange,
          { suggestion: closest(clause.word, ['colour', 'label', 'internal']) }));
        continue;
      }
      if (word === 'internal') {
        if (clause.value !== undefined) invalid('internal takes no text: look spareggio internal', clause.valueRange!);
        if (things) invalid('only a variable can be internal (shown to the referee, in the details); tokens, faces, teams, cards and pieces are always on the table', clause.wordRange);
        continue;
      }
      if (clause.value === undefined) { invalid(word === 'colour' ? 'a colour is a text: colour "#d4a017" or colour "rosso"' : 'a label is a short text: label "O"', clause.wordRange); continue; }
      if (variables) { invalid(`a variable has no ${word}: it is shown as its name and value (it can be internal)`, clause.wordRange); continue; }
      if (word === 'colour' && lookColour(clause.value) === null) {
        invalid(`"${clause.value}" is not a colour: write it as "#d4a017", "#fa0" or a colour word such as "rosso" or "blue"`, clause.valueRange!);
      }
      if (word === 'label' && (clause.value.trim() === '' || [...clause.value.trim()].length > labelLength)) {
        invalid(`a label is 1 to ${labelLength} characters (it is drawn inside a small badge); "${clause.value}" has ${[...clause.value.trim()].length}`, clause.valueRange!);
      }
    }
  }
}
