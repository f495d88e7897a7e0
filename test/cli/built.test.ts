/**
 * The CLI as installed: bin/regola.js running the build in build/ (the bundle loaded in its
 * process with V8's code cache, the parser built from the grammar tables), and what it does when
 * the build is older than the sources. The build is made before the tests when missing or stale
 * (test/support/build-cli.ts).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const mortadella = join(root, 'rules', 'mortadella.rules');
const scratch = mkdtempSync(join(tmpdir(), 'regola-built-'));

function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.REGOLA_SOURCES;
  return env;
}

function regola(args: string[], options: { input?: string; env?: Record<string, string>; binary?: string } = {}) {
  const result = spawnSync(process.execPath, [options.binary ?? bin, ...args], { cwd: root, input: options.input, env: environment(options.env), encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('the built CLI', () => {
  const env: Record<string, string> = {};

  it('checks a seed game, saying nothing on stderr', () => {
    const { code, out, err } = regola(['check', mortadella], { env });
    expect(err).toBe('');
    expect(out).toBe(`${mortadella}: no errors\n`);
    expect(code).toBe(0);
  });

  it('reports a mistake with file:line:col and exits 1', () => {
    const broken = join(scratch, 'broken.rules');
    writeFileSync(broken, readFileSync(mortadella, 'utf8').replace('Mortadella >= 5', 'Mortadela >= 5'));
    const { code, out } = regola(['check', broken], { env });
    expect(out).toMatch(new RegExp(`${broken.replace(/[.]/g, '\\.')}:\\d+:\\d+: error`));
    expect(out).toContain('Mortadela');
    expect(code).toBe(1);
  });

  it('reports syntax errors as the sources do (messages and recovery read the grammar, analysed on demand)', () => {
    const broken = join(scratch, 'syntax.rules');
    const text = readFileSync(mortadella, 'utf8');
    writeFileSync(broken, `${text.slice(0, text.length >> 1)} choose if {\n${text.slice(text.length >> 1).replace('}', '')}`);
    const built = regola(['check', broken], { env });
    const sources = regola(['check', broken], { env: { REGOLA_SOURCES: '1' } });
    expect(built.out).toMatch(/error/);
    expect(built.out).toBe(sources.out);
    expect(built.code).toBe(sources.code);
  });

  it('loads its bundle with a code cache V8 accepts, and the grammar tables beside it', async () => {
    const loader = pathToFileURL(join(root, 'bin', 'load-bundle.js')).href;
    const { loadBundle } = await import(loader) as { loadBundle: (build: string) => { script: { cachedDataRejected?: boolean }; exports: unknown } };
    const { script, exports } = loadBundle(join(root, 'build'));
    expect(script.cachedDataRejected).toBe(false);
    expect(typeof (exports as { run?: unknown }).run).toBe('function');
    const tables = JSON.parse(readFileSync(join(root, 'build', 'grammar-tables.json'), 'utf8'));
    expect(tables.afterRepetitions.length).toBe(tables.choices.filter((c: [number, string]) => c[1].startsWith('Repetition')).length);
  });

  it('loads check and coverage with the code cache made under their own V8 flags, which V8 accepts', () => {
    const loader = JSON.stringify(pathToFileURL(join(root, 'bin', 'load-bundle.js')).href);
    const probe = `const { loadBundle, profileOf } = await import(${loader});
const profile = profileOf(['check', 'x.rules']);
const { script } = loadBundle(${JSON.stringify(join(root, 'build'))}, { profile });
process.stdout.write(JSON.stringify({ profile, play: profileOf(['play', 'x.rules']), rejected: script.cachedDataRejected }));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: root, env: environment(), encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ profile: 'short', play: 'long', rejected: false });
  });

  it('plays, saves and replays a game (the save file is checked against its schema)', () => {
    const save = join(scratch, 'game.json');
    const played = regola(['play', mortadella, '--players', '3', '--seed', '5', '--save', save], { env, input: '1\n'.repeat(3000) });
    expect(played.out).toMatch(/game over: P\d wins/);
    expect(played.code).toBe(0);
    const replay = regola(['replay', mortadella, save], { env });
    expect(replay.out).toContain('matches the save');
    expect(replay.code).toBe(0);
  });

  it('simulates the same games as the sources, on two worker threads as on one', () => {
    const args = ['simulate', join(root, 'rules', 'examples', 'race.rules'), '--games', '50', '--players', '3', '--seed', '7', '--json'];
    // The build's threads run build/simulate-worker.cjs.
    const built = regola([...args, '--workers', '2'], { env });
    const sources = regola([...args, '--workers', '1'], { env: { REGOLA_SOURCES: '1' } });
    expect(built.err).toBe('');
    expect(built.code).toBe(0);
    expect(JSON.parse(built.out)).toEqual(JSON.parse(sources.out));
  });
});

describe('a build older than the sources', () => {
  it('is not used: the sources run, and one line on stderr says why and what to run', () => {
    // A copy of the installation whose build claims a source newer than itself.
    const copy = join(scratch, 'install');
    mkdirSync(join(copy, 'bin'), { recursive: true });
    cpSync(bin, join(copy, 'bin', 'regola.js'));
    cpSync(join(root, 'build'), join(copy, 'build'), { recursive: true });
    for (const folder of ['cli', 'grammar', 'interpreter', 'node_modules']) symlinkSync(join(root, folder), join(copy, folder));
    const stamp = JSON.parse(readFileSync(join(copy, 'build', 'stamp.json'), 'utf8'));
    stamp.inputs = ['edited.ts'];
    writeFileSync(join(copy, 'build', 'stamp.json'), JSON.stringify(stamp));
    writeFileSync(join(copy, 'edited.ts'), '// edited after the build\n');
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(copy, 'edited.ts'), later, later);
    const { code, out, err } = regola(['check', mortadella], { binary: join(copy, 'bin', 'regola.js') });
    expect(err).toContain('the build is older than edited.ts');
    expect(err).toContain('npm run build:cli');
    expect(out).toContain('no errors');
    expect(code).toBe(0);
  });
});
