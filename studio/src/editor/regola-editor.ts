/**
 * The editor the studio shows: one Monaco editor, one model per file (each keeps its own undo
 * history and scroll position), and the checks that turn into markers as the designer types.
 */
import type { Diagnostic } from '../../../grammar/index.ts';
import { languageId } from '../language/index.ts';
import { CheckClient } from './check-client.ts';
import { monaco } from './monaco.ts';
import { registerRegola, themeName, toMarkers, toRange } from './regola-monaco.ts';

export interface EditorHost {
  /** The designer changed the text. */
  changed(text: string): void;
  /** Fresh diagnostics for exactly this text. */
  checked(text: string, diagnostics: Diagnostic[]): void;
  /** The cursor moved to this offset, or the mouse is over this offset (null: left the text). */
  cursorMoved?(offset: number): void;
  pointerMoved?(offset: number | null): void;
}

const markerOwner = 'regola';

export class RegolaEditor {
  readonly editor: monaco.editor.IStandaloneCodeEditor;
  private readonly models = new Map<string, monaco.editor.ITextModel>();
  private readonly viewStates = new Map<monaco.editor.ITextModel, monaco.editor.ICodeEditorViewState | null>();
  private readonly checks: CheckClient;
  private readonly disposables: monaco.IDisposable[] = [];
  /** Set while the session's text is written into the model, so that it is not echoed back. */
  private applyingSessionText = false;

  constructor(container: HTMLElement, private readonly host: EditorHost) {
    registerRegola();
    this.editor = monaco.editor.create(container, {
      model: null,
      theme: themeName,
      automaticLayout: true,
      fontSize: 13,
      lineNumbersMinChars: 3,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      tabSize: 2,
      insertSpaces: true,
      detectIndentation: false,
      wordBasedSuggestions: 'off',
      quickSuggestions: { other: true, comments: false, strings: false },
      suggest: { showWords: false, preview: true },
      fixedOverflowWidgets: true,
      // Rulebook citations are long lines: wrap them, indented under their statement.
      wordWrap: 'on',
      wrappingIndent: 'indent',
      // A hover opens below the line when there is no room above, so it never covers the tab bar.
      hover: { above: false, delay: 400 },
      renderLineHighlight: 'line',
      'semanticHighlighting.enabled': false,
    });
    // The Rulebook tab follows the cursor (where a citation is inserted) and the mouse (the
    // citation under it lights its sentence).
    this.disposables.push(this.editor.onDidChangeCursorPosition((event) => {
      const model = this.editor.getModel();
      if (model) this.host.cursorMoved?.(model.getOffsetAt(event.position));
    }));
    this.disposables.push(this.editor.onMouseMove((event) => {
      const model = this.editor.getModel();
      const position = event.target.position;
      this.host.pointerMoved?.(model && position ? model.getOffsetAt(position) : null);
    }));
    this.disposables.push(this.editor.onMouseLeave(() => this.host.pointerMoved?.(null)));
    this.checks = new CheckClient((model, text, diagnostics) => {
      monaco.editor.setModelMarkers(model, markerOwner, toMarkers(model, diagnostics));
      if (model === this.editor.getModel()) this.host.checked(text, diagnostics);
    });
  }

  /** Shows a file with this text: the file's own model, brought up to date with an undoable edit. */
  show(fileName: string, text: string): void {
    let model = this.models.get(fileName);
    if (!model) {
      model = monaco.editor.createModel(text, languageId, monaco.Uri.from({ scheme: 'regola', path: `/${fileName}` }));
      this.models.set(fileName, model);
      const watched = model;
      this.disposables.push(watched.onDidChangeContent(() => {
        this.checks.schedule(watched);
        if (!this.applyingSessionText && watched === this.editor.getModel()) this.host.changed(watched.getValue());
      }));
      this.checks.schedule(model, 0);
    }
    const current = this.editor.getModel();
    if (current !== model) {
      if (current) this.viewStates.set(current, this.editor.saveViewState());
      this.editor.setModel(model);
      const state = this.viewStates.get(model);
      if (state) this.editor.restoreViewState(state);
      this.checks.schedule(model, 0);
    }
    if (model.getValue() !== text) this.replaceText(model, text);
  }

  /** Replaces only what differs, between undo stops: undo still works and the cursor stays near. */
  private replaceText(model: monaco.editor.ITextModel, text: string): void {
    const old = model.getValue();
    let prefix = 0;
    const shortest = Math.min(old.length, text.length);
    while (prefix < shortest && old.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
    let suffix = 0;
    while (suffix < shortest - prefix && old.charCodeAt(old.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)) suffix++;
    const range = toRange(model, { start: prefix, end: old.length - suffix });
    this.applyingSessionText = true;
    try {
      this.editor.pushUndoStop();
      this.editor.executeEdits('regola-session', [{ range, text: text.slice(prefix, text.length - suffix), forceMoveMarkers: true }]);
      this.editor.pushUndoStop();
    } finally {
      this.applyingSessionText = false;
    }
  }

  /** Selects a range of the text (character offsets) and scrolls it into view. */
  reveal(start: number, end: number): void {
    const model = this.editor.getModel();
    if (!model) return;
    const range = toRange(model, { start, end });
    this.editor.setSelection(range);
    this.editor.revealRangeInCenterIfOutsideViewport(range, monaco.editor.ScrollType.Smooth);
    this.editor.focus();
  }

  dispose(): void {
    this.checks.dispose();
    for (const disposable of this.disposables) disposable.dispose();
    this.editor.dispose();
    for (const model of this.models.values()) model.dispose();
    this.models.clear();
  }
}
