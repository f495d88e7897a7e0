/**
 * What studio/src/language offers: the Regola language services as plain functions over a text
 * and character offsets — no editor types — so they are unit-tested with strings and the editor
 * only adapts them (studio/src/editor/regola-monaco.ts).
 */
export { RegolaDocument, documentFor } from './document.ts';
export { complete, type CompletionItem, type CompletionKind, type CompletionResult, type CompletionContext } from './completion.ts';
export { hover, type HoverResult } from './hover.ts';
export { definition, references, highlights, prepareRename, rename, applyEdits, type TextEdit, type RenameResult, type PrepareRenameResult } from './navigation.ts';
export { outline, type OutlineItem, type OutlineKind } from './outline.ts';
export { formatText, formatEdits } from './format.ts';
export { quickFixes, type QuickFix } from './quick-fix.ts';
export { monarchLanguage, languageConfiguration, languageId, themeRules } from './monarch.ts';
export { indexSymbols, type RegolaSymbol, type SymbolKind, type Occurrence } from './symbols.ts';
export { scan, isPlainName, writeName } from './scan.ts';
