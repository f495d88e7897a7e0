/**
 * The Regola language in Monaco: highlighting, and each language service of studio/src/language
 * adapted as a Monaco provider. Offsets ↔ positions are converted here, and only here.
 */
import type { Diagnostic } from '../../../grammar/index.ts';
import {
  complete, definition, documentFor, formatEdits, highlights, hover, languageConfiguration, languageId, monarchLanguage,
  outline, prepareRename, quickFixes, references, rename, themeRules, type CompletionKind, type OutlineItem, type OutlineKind,
} from '../language/index.ts';
import { monaco } from './monaco.ts';

type Model = monaco.editor.ITextModel;
interface OffsetRange { start: number; end: number }

export const themeName = 'regola-light';

export function toRange(model: Model, range: OffsetRange): monaco.Range {
  const start = model.getPositionAt(range.start);
  const end = model.getPositionAt(range.end);
  return new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
}

const offsetOf = (model: Model, position: monaco.IPosition) => model.getOffsetAt(position);

/** The message `regola check` prints after the code, with its "did you mean". */
export function markerMessage(diagnostic: Diagnostic): string {
  return diagnostic.suggestion ? `${diagnostic.message} (did you mean '${diagnostic.suggestion}'?)` : diagnostic.message;
}

export function toMarkers(model: Model, diagnostics: Diagnostic[]): monaco.editor.IMarkerData[] {
  return diagnostics.map((d) => {
    // A zero-width range (a missing game block) still needs one character to be seen.
    const range = toRange(model, { start: d.range.start, end: Math.max(d.range.end, d.range.start + 1) });
    return {
      severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
      code: d.code,
      message: markerMessage(d),
      source: 'regola',
      startLineNumber: range.startLineNumber, startColumn: range.startColumn,
      endLineNumber: range.endLineNumber, endColumn: range.endColumn,
      tags: d.code === 'rule/unused' || d.code === 'flow/unreachable' ? [monaco.MarkerTag.Unnecessary] : undefined,
    };
  });
}

const completionKinds: Record<CompletionKind, monaco.languages.CompletionItemKind> = {
  keyword: monaco.languages.CompletionItemKind.Keyword,
  snippet: monaco.languages.CompletionItemKind.Snippet,
  token: monaco.languages.CompletionItemKind.Constant,
  face: monaco.languages.CompletionItemKind.EnumMember,
  die: monaco.languages.CompletionItemKind.Class,
  dice: monaco.languages.CompletionItemKind.Module,
  mark: monaco.languages.CompletionItemKind.Property,
  role: monaco.languages.CompletionItemKind.Interface,
  variable: monaco.languages.CompletionItemKind.Variable,
  'player-variable': monaco.languages.CompletionItemKind.Field,
  option: monaco.languages.CompletionItemKind.Value,
  rule: monaco.languages.CompletionItemKind.Function,
  local: monaco.languages.CompletionItemKind.Variable,
  parameter: monaco.languages.CompletionItemKind.TypeParameter,
  function: monaco.languages.CompletionItemKind.Method,
  attribute: monaco.languages.CompletionItemKind.Property,
  constant: monaco.languages.CompletionItemKind.Constant,
};

const symbolKinds: Record<OutlineKind, monaco.languages.SymbolKind> = {
  game: monaco.languages.SymbolKind.File,
  tokens: monaco.languages.SymbolKind.Enum,
  token: monaco.languages.SymbolKind.EnumMember,
  die: monaco.languages.SymbolKind.Class,
  face: monaco.languages.SymbolKind.EnumMember,
  dice: monaco.languages.SymbolKind.Array,
  mark: monaco.languages.SymbolKind.Boolean,
  roles: monaco.languages.SymbolKind.Namespace,
  role: monaco.languages.SymbolKind.Interface,
  variable: monaco.languages.SymbolKind.Variable,
  'player-variable': monaco.languages.SymbolKind.Field,
  option: monaco.languages.SymbolKind.Constant,
  variant: monaco.languages.SymbolKind.Package,
  setting: monaco.languages.SymbolKind.Property,
  setup: monaco.languages.SymbolKind.Constructor,
  turns: monaco.languages.SymbolKind.Event,
  phase: monaco.languages.SymbolKind.Key,
  rule: monaco.languages.SymbolKind.Function,
  define: monaco.languages.SymbolKind.Function,
  teams: monaco.languages.SymbolKind.Namespace,
  cards: monaco.languages.SymbolKind.Enum,
  pile: monaco.languages.SymbolKind.Array,
  zones: monaco.languages.SymbolKind.Enum,
  map: monaco.languages.SymbolKind.Module,
  grid: monaco.languages.SymbolKind.Module,
  pieces: monaco.languages.SymbolKind.Array,
  thresholds: monaco.languages.SymbolKind.Enum,
  'any-time': monaco.languages.SymbolKind.Event,
  'at-turn-limit': monaco.languages.SymbolKind.Event,
  look: monaco.languages.SymbolKind.Property,
  estimate: monaco.languages.SymbolKind.Function,
};

/** On a typed space only these contexts open the list by themselves (after `do `, `mark `…). */
const spaceContexts = new Set(['rule', 'mark', 'die', 'face']);

let registered = false;

export function registerRegola(): void {
  if (registered) return;
  registered = true;
  const { languages } = monaco;
  languages.register({ id: languageId, extensions: ['.rules'], aliases: ['Regola'] });
  languages.setMonarchTokensProvider(languageId, monarchLanguage() as monaco.languages.IMonarchLanguage);
  languages.setLanguageConfiguration(languageId, languageConfiguration());
  monaco.editor.defineTheme(themeName, {
    base: 'vs', inherit: true, rules: themeRules,
    colors: { 'editor.background': '#fffdf9', 'editorLineNumber.foreground': '#b8b2a7', 'editor.lineHighlightBackground': '#f7f1e8' },
  });

  languages.registerCompletionItemProvider(languageId, {
    triggerCharacters: ['.', ' '],
    provideCompletionItems(model, position, context) {
      const result = complete(documentFor(model.getValue()), offsetOf(model, position));
      const bySpace = context.triggerKind === languages.CompletionTriggerKind.TriggerCharacter && context.triggerCharacter === ' ';
      if (bySpace && !spaceContexts.has(result.context)) return { suggestions: [] };
      const range = toRange(model, result.range);
      return {
        suggestions: result.items.map((item) => ({
          label: item.label,
          kind: completionKinds[item.kind],
          detail: item.detail,
          documentation: item.documentation ? { value: `> ${item.documentation}` } : undefined,
          insertText: item.insertText,
          insertTextRules: item.snippet ? languages.CompletionItemInsertTextRule.InsertAsSnippet : undefined,
          sortText: item.sortText,
          range,
        })),
      };
    },
  });

  languages.registerHoverProvider(languageId, {
    provideHover(model, position) {
      const result = hover(documentFor(model.getValue()), offsetOf(model, position));
      return result && { range: toRange(model, result.range), contents: result.contents.map((value) => ({ value })) };
    },
  });

  languages.registerDefinitionProvider(languageId, {
    provideDefinition(model, position) {
      const range = definition(documentFor(model.getValue()), offsetOf(model, position));
      return range ? [{ uri: model.uri, range: toRange(model, range) }] : [];
    },
  });

  languages.registerReferenceProvider(languageId, {
    provideReferences(model, position, context) {
      return references(documentFor(model.getValue()), offsetOf(model, position), context.includeDeclaration)
        .map((range) => ({ uri: model.uri, range: toRange(model, range) }));
    },
  });

  languages.registerDocumentHighlightProvider(languageId, {
    provideDocumentHighlights(model, position) {
      return highlights(documentFor(model.getValue()), offsetOf(model, position)).map((h) => ({
        range: toRange(model, h.range),
        kind: h.declaration ? languages.DocumentHighlightKind.Write : languages.DocumentHighlightKind.Read,
      }));
    },
  });

  languages.registerRenameProvider(languageId, {
    resolveRenameLocation(model, position) {
      const result = prepareRename(documentFor(model.getValue()), offsetOf(model, position));
      if ('error' in result) return { range: new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column), text: '', rejectReason: result.error };
      return { range: toRange(model, result.range), text: result.text };
    },
    provideRenameEdits(model, position, newName) {
      const result = rename(documentFor(model.getValue()), offsetOf(model, position), newName);
      if ('error' in result) return { edits: [], rejectReason: result.error };
      const versionId = model.getVersionId();
      return { edits: result.edits.map((edit) => ({ resource: model.uri, versionId, textEdit: { range: toRange(model, edit.range), text: edit.text } })) };
    },
  });

  const symbol = (model: Model, item: OutlineItem): monaco.languages.DocumentSymbol => ({
    name: item.name, detail: item.detail, kind: symbolKinds[item.kind], tags: [],
    range: toRange(model, item.range), selectionRange: toRange(model, item.selectionRange),
    children: item.children.map((child) => symbol(model, child)),
  });
  languages.registerDocumentSymbolProvider(languageId, {
    displayName: 'Regola',
    provideDocumentSymbols(model) {
      return outline(documentFor(model.getValue())).map((item) => symbol(model, item));
    },
  });

  languages.registerDocumentFormattingEditProvider(languageId, {
    displayName: 'Regola',
    provideDocumentFormattingEdits(model) {
      return formatEdits(documentFor(model.getValue())).map((edit) => ({ range: toRange(model, edit.range), text: edit.text }));
    },
  });

  languages.registerCodeActionProvider(languageId, {
    provideCodeActions(model, range, context) {
      const document = documentFor(model.getValue());
      const start = model.getOffsetAt(range.getStartPosition());
      const end = model.getOffsetAt(range.getEndPosition());
      const fixes = quickFixes(document.text, document.analysis.diagnostics, { start, end });
      const actions = fixes.map((fix) => ({
        title: fix.title,
        kind: 'quickfix',
        isPreferred: fix.preferred,
        diagnostics: context.markers.filter((m) => m.code === fix.diagnostic.code),
        edit: { edits: fix.edits.map((edit) => ({ resource: model.uri, versionId: model.getVersionId(), textEdit: { range: toRange(model, edit.range), text: edit.text } })) },
      }));
      return { actions, dispose() {} };
    },
  });
}
