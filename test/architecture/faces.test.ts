/**
 * The structure the code keeps: grammar → interpreter → cli/studio one way; the studio and the CLI
 * reach the grammar, the interpreter and the rulebook only through their faces (an `index.ts`); the
 * interpreter's wings import only wings below them.
 * Read from the sources' own import lines, as a reviewer would.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { importsOf, sourceFiles } from './source-imports.ts';

/** The interpreter's wings, lowest first: a wing may import only wings before it in this list. */
const wings = ['program', 'runtime', 'lowering', 'codegen', 'engine', 'match', 'bots', 'simulation'];
const wingOf = (path: string) => (path.startsWith('interpreter/') ? path.split('/')[1] : null);

const isFace = (path: string) =>
  path === 'grammar/index.ts' || path === 'interpreter/index.ts' || path === 'rulebook/index.ts' ||
  /^interpreter\/[a-z-]+\/index\.ts$/.test(path);

describe('faces are the only doors', () => {
  for (const folder of ['cli', 'studio/src']) {
    it(`${folder} imports grammar/, interpreter/ and rulebook/ only through their index.ts`, () => {
      const deep = sourceFiles(folder).flatMap((file) =>
        importsOf(file).filter((path) => /^(grammar|interpreter|rulebook)\//.test(path) && !isFace(path)).map((path) => `${file} → ${path}`));
      expect(deep).toEqual([]);
    });
  }

  it('the interpreter imports the grammar only through its face', () => {
    const deep = sourceFiles('interpreter').flatMap((file) =>
      importsOf(file).filter((path) => path.startsWith('grammar/') && path !== 'grammar/index.ts').map((path) => `${file} → ${path}`));
    expect(deep).toEqual([]);
  });

  it('the rulebook depends on the grammar only', () => {
    const other = sourceFiles('rulebook').flatMap((file) =>
      importsOf(file).filter((path) => !path.startsWith('rulebook/') && path !== 'grammar/index.ts').map((path) => `${file} → ${path}`));
    expect(other).toEqual([]);
  });

  it('no wing of the interpreter imports one above it, nor the grammar the interpreter', () => {
    const upward: string[] = [];
    for (const file of sourceFiles('interpreter')) {
      const from = wingOf(file);
      if (from === null || !wings.includes(from)) continue;
      for (const path of importsOf(file)) {
        const to = wingOf(path);
        if (to !== null && to !== from && (!wings.includes(to) || wings.indexOf(to) > wings.indexOf(from))) upward.push(`${file} → ${path}`);
      }
    }
    for (const file of sourceFiles('grammar')) {
      for (const path of importsOf(file)) if (!path.startsWith('grammar/')) upward.push(`${file} → ${path}`);
    }
    expect(upward).toEqual([]);
  });

  it('the stepper stands alone: no file of the engine or the runtime imports the code generator', () => {
    const reaching = ['interpreter/engine', 'interpreter/runtime'].flatMap((folder) => sourceFiles(folder).flatMap((file) =>
      importsOf(file).filter((path) => path.startsWith('interpreter/codegen/')).map((path) => `${file} → ${path}`)));
    expect(reaching).toEqual([]);
  });

  it('every file of the interpreter lives in a wing', () => {
    const loose = sourceFiles('interpreter').filter((file) => file !== join('interpreter', 'index.ts') && !wings.includes(wingOf(file) ?? ''));
    expect(loose).toEqual([]);
  });
});
