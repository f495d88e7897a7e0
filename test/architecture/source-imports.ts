/** The sources' own import lines, read as a reviewer would: which files a file imports, by path from the repository's root. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every `.ts` and `.svelte` file under `folder`, as a path from the repository's root. */
export function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, folder))) {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|svelte)$/.test(name)) out.push(path);
  }
  return out;
}

const importLine = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"?]+)/g;

/** Each relative import of `file` (type-only ones too), as a path from the repository's root. */
export function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(importLine)].map((m) => normalize(join(dirname(file), m[1])).split('\\').join('/'));
}
