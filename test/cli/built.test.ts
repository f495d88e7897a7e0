/**
 * The CLI as installed: bin/regola.js running the build in build/ (the startup snapshot, and the
 * bundle loaded in the process), and what it does when the build is older than the sources.
 * The other CLI tests run the TypeScript sources (REGOLA_SOURCES=1, vitest.config.ts).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

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

beforeAll(() => {
  // `npm ci` builds it; after an edit of the sources, the test builds it again rather than test an old one.
  const probe = regola(['check', mortadella]);
  if (probe.err.includes('npm run build:cli')) {
    const built = spawnSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    if (built.status !== 0) throw new Error(`npm run build:cli failed:\n${built.stderr}`);
  }
}, 120_000);

describe.each([
  ['the startup snapshot', {}],
  ['the bundle in the process', { REGOLA_NO_SNAPSHOT: '1' }],
])('the built CLI, through %s', (_, env: Record<string, string>) => {
  it('checks a seed game, saying nothing on stderr', () => {
    const { code, out, err } = regola(['check', mortadella], { env });
    expect(err).toBe('');
    expect(out).toBe(`${mortadella}: no errors\n`);
    expect(code).toBe(0);
  });

  it('reports a mistake with file:line:col and exits 1', () => {
    const broken = join(scratch, `broken-${Object.keys(env).length}.rules`);
    writeFileSync(broken, readFileSync(mortadella, 'utf8').replace('Mortadella >= 5', 'Mortadela >= 5'));
    const { code, out } = regola(['check', broken], { env });
    expect(out).toMatch(new RegExp(`${broken.replace(/[.]/g, '\\.')}:\\d+:\\d+: error`));
    expect(out).toContain('Mortadela');
    expect(code).toBe(1);
  });

  it('plays, saves and replays a game (the save file is checked against its schema)', () => {
    const save = join(scratch, `game-${Object.keys(env).length}.json`);
    const played = regola(['play', mortadella, '--players', '3', '--seed', '5', '--save', save], { env, input: '1\n'.repeat(3000) });
    expect(played.out).toMatch(/game over: P\d wins/);
    expect(played.code).toBe(0);
    const replay = regola(['replay', mortadella, save], { env });
    expect(replay.out).toContain('matches the save');
    expect(replay.code).toBe(0);
  });

  it('simulates the same games as the sources, on two worker threads as on one', () => {
    const args = ['simulate', join(root, 'rules', 'examples', 'race.rules'), '--games', '50', '--players', '3', '--seed', '7', '--json'];
    // The build's threads run build/simulate-worker.cjs; node cannot start them from the snapshot, so a simulation never uses it.
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
