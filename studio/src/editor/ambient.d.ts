// Monaco 0.57 ships this module without a declaration; it is imported for its side effect only.
declare module 'monaco-editor/editor/contrib/suggest/browser/suggestController';
