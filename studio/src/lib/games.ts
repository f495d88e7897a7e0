/** Every game in rules/ (bundled at build time), for the picker. */
const files = import.meta.glob('../../../rules/**/*.rules', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export interface BundledGame { name: string; path: string; text: string }

export const bundledGames: BundledGame[] = Object.entries(files)
  .map(([path, text]) => ({ path: path.replace(/^(\.\.\/)+/, ''), name: path.replace(/^.*rules\//, ''), text }))
  .sort((a, b) => (a.name === 'mortadella.rules' ? -1 : b.name === 'mortadella.rules' ? 1 : a.name.localeCompare(b.name)));

export const defaultGame = 'mortadella.rules';
