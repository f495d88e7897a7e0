/** `regola check --verbose` (issue 15): what the code generator made of each program, with each part left to a closure at its place. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');

function regola(args: string[], nodeFlags: string[] = []) {
  const result = spawnSync(process.execPath, [...nodeFlags, bin, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('regola check --verbose', () => {
  it('lists each program of Mortadella as generated, and each part left to a closure at file:line:col with its reason', () => {
    const { code, out } = regola(['check', 'rules/mortadella.rules', '--verbose']);
    expect(code).toBe(0);
    expect(out).toContain('code generation (simulations and bots');
    expect(out).toMatch(/^ {2}turn: generated/m);
    // Batch mode inlines every call of Lancia: it has no program of its own there.
    expect(out).toMatch(/^ {2}Lancia: inlined at every call \(no program of its own\)$/m);
    // A `win` is still run by its closure: the line says where it is in the rules.
    expect(out).toMatch(/^ {4}rules\/mortadella\.rules:\d+:\d+: win: statement run by its closure$/m);
    expect(out).toMatch(/^ {2}\d+ of \d+ programs generated, \d+ parts left to closures$/m);
    expect(out.trimEnd().endsWith('rules/mortadella.rules: no errors')).toBe(true);
  });

  it('says once, first, that every program runs on the stepper where new Function is refused (as under a strict Content-Security-Policy)', () => {
    const { code, out, err } = regola(['check', 'rules/mortadella.rules', '--verbose'], ['--disallow-code-generation-from-strings']);
    expect(err).toBe('');
    expect(code).toBe(0);
    const lines = out.split('\n');
    const header = lines.indexOf('code generation (simulations and bots; a logged match runs on the stepper):');
    expect(header).toBeGreaterThanOrEqual(0);
    expect(lines[header + 1]).toMatch(/^ {2}new Function is refused here \(EvalError: .+\): every program runs on the stepper \(slower\); what the generator would write:$/);
    expect(out).toMatch(/^ {2}turn: runs on the stepper \(new Function refused\); \d+ parts left to closures if generated$/m);
    expect(out).not.toMatch(/: generated/);
    expect(out).toMatch(/^ {2}0 of \d+ programs generated, \d+ parts left to closures$/m);
    // The check itself is the same: the rules have no errors.
    expect(out.trimEnd().endsWith('rules/mortadella.rules: no errors')).toBe(true);
  });

  it('says nothing of code generation without --verbose, nor for a file with errors', () => {
    expect(regola(['check', 'rules/mortadella.rules']).out).not.toContain('code generation');
    const folder = mkdtempSync(join(tmpdir(), 'regola-verbose-'));
    const broken = join(folder, 'rotto.rules');
    writeFileSync(broken, 'game "Rotto" {\n  players 2\n}\nturns {\n  gain 1 Oro\n}\n');
    const { code, out } = regola(['check', broken, '--verbose']);
    expect(code).toBe(1);
    expect(out).not.toContain('code generation');
    expect(out).toContain('Oro');
  });
});
