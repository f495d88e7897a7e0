/**
 * The editor's highlighting, derived from the grammar's own token classes (grammar/tokens.ts via
 * `highlightClasses`): the same keyword list and the same comment, text, number and name
 * patterns as the lexer. Plain data in the shape of Monaco's Monarch and language configuration.
 */
import { builtinFunctions, highlightClasses } from '../../../grammar/index.ts';

export const languageId = 'regola';

export function monarchLanguage() {
  return {
    defaultToken: 'invalid',
    tokenPostfix: '.regola',
    keywords: highlightClasses.keywords,
    builtins: Object.keys(builtinFunctions),
    operators: highlightClasses.operators,
    tokenizer: {
      root: [
        [/[ \t\r\n]+/, 'white'],
        [highlightClasses.comment, 'comment'],
        [highlightClasses.string, 'string'],
        // A text with no closing quote: highlighted as a text up to the end of the line.
        [/"(?:[^"\\\n\r]|\\.)*$/, 'string.invalid'],
        [highlightClasses.number, 'number'],
        [highlightClasses.identifier, { cases: { '@keywords': 'keyword', '@builtins': 'predefined', '@default': 'identifier' } }],
        [/[{}()[\]]/, '@brackets'],
        [/[=<>!+\-*/]+/, { cases: { '@operators': 'operator', '@default': 'invalid' } }],
        [/[,:.]/, 'delimiter'],
      ],
    },
  };
}

export function languageConfiguration() {
  return {
    comments: { lineComment: '#' },
    brackets: [['{', '}'], ['[', ']'], ['(', ')']] as [string, string][],
    autoClosingPairs: [
      { open: '{', close: '}' }, { open: '[', close: ']' }, { open: '(', close: ')' },
      { open: '"', close: '"', notIn: ['string', 'comment'] },
    ],
    surroundingPairs: [{ open: '{', close: '}' }, { open: '[', close: ']' }, { open: '(', close: ')' }, { open: '"', close: '"' }],
    wordPattern: new RegExp(`${highlightClasses.identifier.source}|-?\\d+`),
    indentationRules: { increaseIndentPattern: /\{[^}"]*$/, decreaseIndentPattern: /^\s*\}/ },
  };
}

/** Colours for the studio's light theme (Monaco `defineTheme` rules). */
export const themeRules = [
  { token: 'keyword', foreground: '9a3412', fontStyle: 'bold' },
  { token: 'predefined', foreground: '7c3aed' },
  { token: 'identifier', foreground: '1f2328' },
  { token: 'string', foreground: '15803d' },
  { token: 'string.invalid', foreground: 'b91c1c' },
  { token: 'number', foreground: '1d4ed8' },
  { token: 'comment', foreground: '8a8f98', fontStyle: 'italic' },
  { token: 'operator', foreground: '6b7280' },
  { token: 'delimiter', foreground: '6b7280' },
];
