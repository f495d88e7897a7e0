/**
 * Lean Monaco: the editor core and only the features the studio uses (never `import 'monaco-editor'`,
 * which would bring the TypeScript, CSS, HTML and JSON workers). See STACK.md for the 0.57 paths.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/suggest/register';
// 0.57: the suggest feature alone does not bring the widget.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/gotoSymbol/register';
import 'monaco-editor/features/referenceSearch/register';
import 'monaco-editor/features/rename/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/documentSymbols/register';
import 'monaco-editor/features/quickOutline/register';
import 'monaco-editor/features/codeAction/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/contextmenu/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

export { monaco };
