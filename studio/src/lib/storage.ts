/**
 * Nothing typed is lost: every edit is written to localStorage as it happens, per file, with the
 * text last opened from or saved to disk (to tell "unsaved changes").
 */
export interface StoredFile { text: string; savedText: string }

const prefix = 'regola:file:';
const currentKey = 'regola:current';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

export class FileStore {
  constructor(private readonly store: KeyValueStore | null) {}

  load(name: string): StoredFile | null {
    const raw = this.safe(() => this.store?.getItem(prefix + name) ?? null);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as StoredFile;
      return typeof parsed.text === 'string' && typeof parsed.savedText === 'string' ? parsed : null;
    } catch {
      return null;
    }
  }

  save(name: string, file: StoredFile): boolean {
    return this.safe(() => { this.store?.setItem(prefix + name, JSON.stringify(file)); return true; }) ?? false;
  }

  remove(name: string): void {
    this.safe(() => this.store?.removeItem(prefix + name));
  }

  names(): string[] {
    const names: string[] = [];
    const store = this.store;
    if (!store) return names;
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) names.push(key.slice(prefix.length));
    }
    return names.sort();
  }

  get current(): string | null { return this.safe(() => this.store?.getItem(currentKey) ?? null) ?? null; }
  set current(name: string | null) {
    this.safe(() => (name === null ? this.store?.removeItem(currentKey) : this.store?.setItem(currentKey, name)));
  }

  /** Storage can be full or forbidden (private windows): the studio keeps working, it just cannot persist. */
  private safe<T>(action: () => T): T | undefined {
    try { return action(); } catch { return undefined; }
  }
}
