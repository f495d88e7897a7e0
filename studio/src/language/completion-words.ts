/**
 * The words of the language as completion offers them: snippets, and which words may follow which.
 * The statements and declarations, with their words, snippets and descriptions, are the catalogue of
 * constructs' (grammar/constructs.ts): a construct registered there is offered here.
 */
import { clauseForms, declarationForms, namingWords, statementCatalogue, statementForms, type Form } from '../../../grammar/index.ts';

export type Snippet = [label: string, insert: string, detail: string];

const snippet = (form: Form): Snippet => [form.label ?? form.words, form.snippet, form.description];

export const declarationSnippets: Snippet[] = declarationForms.map(snippet);
/** The statements any block may hold. */
export const statementSnippets: Snippet[] = statementForms.filter((form) => !statementCatalogue[form.kind].onlyInTurns).map(snippet);
/** The statements only `turns` holds (a phase). */
export const turnsSnippets: Snippet[] = statementForms.filter((form) => statementCatalogue[form.kind].onlyInTurns).map(snippet);
/** The words of each way of writing a statement, and of a declaration, for what may follow what. */
export const statementWords: string[][] = statementForms.map((form) => form.words.split(' '));
export const declarationWordLists: string[][] = declarationForms.map((form) => form.words.split(' '));
const clause = (words: string): Snippet => snippet(clauseForms.find((form) => form.words === words)!);
export const elseSnippet: Snippet = clause('else');
export const optionClauseSnippet: Snippet = clause('option');

export const constants: [string, string][] = [
  ['current', 'the player whose turn it is'],
  ['players', 'the players still in the game, starting with the current player'],
  ['others', 'the players still in the game except the current player'],
  ['seats', 'the number of players the match started with'],
  ['roles', 'the roles in the game'],
  ['true', ''], ['false', ''], ['none', 'no value'],
];

/** Keywords after which a new name is being made up or a text written: nothing to suggest (the catalogue's naming words). */
export const declaring: ReadonlySet<string> = namingWords;

/** The keywords that start a statement (and `else`, `option` of a choice), and a declaration. */
export const statementStarters = new Set([...statementWords, ...clauseForms.map((form) => form.words.split(' '))].map((words) => words[0]));
export const declarationStarters = new Set(declarationWordLists.map((words) => words[0]));
/** Keywords that can end an expression or a statement. */
export const closingKeywords = new Set(['true', 'false', 'none', 'current', 'players', 'others', 'roles', 'turn', 'clockwise', 'counterclockwise', 'secret', 'public']);
