import { mount } from 'svelte';
import App from './App.svelte';
import './styles.css';

// Monaco is most of the studio's code: fetch and compile it while the first game compiles and the
// table is drawn, not after (Editor.svelte imports the same module).
void import('./editor/regola-editor.ts');

mount(App, { target: document.getElementById('app')! });
