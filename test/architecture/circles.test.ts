/**
 * No circle of imports inside a folder: the files of each folder (grammar/, each wing of the
 * interpreter, cli/, the studio's folders, the rulebook) can be read in an order where each
 * imports only files read before it. Type-only imports count: a circle of types is still a knot
 * a reader has to untie.
 */
import { describe, expect, it } from 'vitest';
import { dirname } from 'node:path';
import { importsOf, sourceFiles } from './source-imports.ts';

/**
 * The circles among `files`, given who imports whom: each a group of files that reach one another
 * (a strongly connected component of more than one file, or a file importing itself), listed by name.
 */
function circles(files: string[], imports: (file: string) => string[]): string[][] {
  const known = new Set(files);
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    let selfImport = false;
    for (const next of imports(file)) {
      if (!known.has(next)) continue;
      if (next === file) selfImport = true;
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || selfImport) found.push(group.sort());
  };
  for (const file of [...files].sort()) if (!order.has(file)) visit(file);
  return found;
}

describe('no circle of imports inside a folder', () => {
  it('finds a circle of three files and leaves a chain alone', () => {
    const graph: Record<string, string[]> = { 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'], 'd.ts': ['a.ts'], 'e.ts': ['d.ts'] };
    expect(circles(Object.keys(graph), (f) => graph[f])).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  for (const top of ['grammar', 'interpreter', 'cli', 'studio/src', 'rulebook']) {
    it(`no folder under ${top}/ has files that import one another in a circle`, () => {
      const byFolder = new Map<string, string[]>();
      for (const file of sourceFiles(top)) byFolder.set(dirname(file), [...(byFolder.get(dirname(file)) ?? []), file]);
      const knots = [...byFolder.values()].flatMap((files) => circles(files, importsOf).map((group) => group.join(' ↔ ')));
      expect(knots).toEqual([]);
    });
  }
});
