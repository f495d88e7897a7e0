/**
 * Runtime golden cases, in the manner of Crafting Interpreters' `// expect:` tests: each file under
 * test/runtime/cases/ is a small game whose closing comments say how to play it and what its log
 * must say, line by line, as the referee reads it:
 *
 *     # players 2, seed 3            how the game starts (`variant NAME` too)
 *     # play P1 rischia: tira ancora a move, played when it is that player's choice
 *     # refused move/not-your-turn   the move just above must be refused with this code
 *     # expect: turn 1: P1           the log, every line, in order
 *     # outcome: P1 wins (traguardo)  who won and why (`draw (…)`; `none` while the game goes on)
 *
 * The game is played with the moves in order; the log written is compared with the `expect:` lines.
 * On a mismatch the test fails with the actual lines; UPDATE_GOLDEN=1 rewrites the `expect:` and
 * `outcome:` lines from what the game did (read the diff before keeping it).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, Match, reasonText, winnersText } from '../../interpreter/index.ts';

const casesDir = fileURLToPath(new URL('./cases/', import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';

interface Play { player: number; choice: string; refused: string | null }
interface Script { players: number; seed: number; variant: string | null; plays: Play[]; expected: string[]; outcome: string | null }

function readScript(text: string, name: string): Script {
  const script: Script = { players: 0, seed: 1, variant: null, plays: [], expected: [], outcome: null };
  for (const line of text.split('\n')) {
    const directive = /^#\s*(players|play|refused|expect:|outcome:)\s?(.*)$/.exec(line.trimEnd());
    if (!directive) continue;
    const [, word, rest] = directive;
    if (word === 'players') {
      const start = /^(\d+)(?:,\s*seed\s+(\d+))?(?:,\s*variant\s+(.+))?$/.exec(rest);
      if (!start) throw new Error(`${name}: cannot read "# players ${rest}"`);
      script.players = Number(start[1]);
      script.seed = start[2] ? Number(start[2]) : 1;
      script.variant = start[3] ?? null;
    } else if (word === 'play') {
      const move = /^P(\d+)\s+(.+)$/.exec(rest);
      if (!move) throw new Error(`${name}: cannot read "# play ${rest}"`);
      script.plays.push({ player: Number(move[1]) - 1, choice: move[2], refused: null });
    } else if (word === 'refused') {
      const last = script.plays[script.plays.length - 1];
      if (!last) throw new Error(`${name}: "# refused" with no move above it`);
      last.refused = rest.trim();
    } else if (word === 'expect:') script.expected.push(rest);
    else script.outcome = rest.trim();
  }
  if (!script.players) throw new Error(`${name}: no "# players N" line`);
  return script;
}

/** What the game did when played by the script: its log, its outcome, and the refusals it met. */
function play(text: string, script: Script, name: string): { log: string[]; outcome: string; refusals: string[] } {
  const compiled = compileRules(text);
  if (!compiled.definition) throw new Error(`${name} does not compile: ${compiled.diagnostics.map((d) => d.message).join('; ')}`);
  const started = Match.start(compiled.definition, { players: script.players, seed: script.seed, variant: script.variant });
  if (!started.ok) throw new Error(`${name}: ${started.diagnostic.message}`);
  const match = started.match;
  const refusals: string[] = [];
  for (const [i, move] of script.plays.entries()) {
    const result = match.apply({ player: move.player, choice: move.choice });
    const what = `move ${i + 1} (P${move.player + 1} ${move.choice})`;
    if (move.refused) refusals.push(result.ok ? `${what} was played, not refused` : result.diagnostic.code === move.refused ? '' : `${what} was refused with ${result.diagnostic.code}: ${result.diagnostic.message}`);
    else if (!result.ok) refusals.push(`${what} was refused: ${result.diagnostic.message}`);
  }
  const ended = match.outcome;
  const outcome = ended ? `${ended.winners.length ? `${winnersText(ended)} wins` : ended.kind} (${reasonText(ended)})` : 'none';
  return { log: match.state.log.map((entry) => entry.text), outcome, refusals: refusals.filter(Boolean) };
}

/** The file with its `expect:` and `outcome:` lines replaced by what the game did, after its last `play`/`players` line. */
function rewritten(text: string, log: string[], outcome: string): string {
  const lines = text.replace(/\n+$/, '').split('\n').filter((line) => !/^#\s*(expect:|outcome:)/.test(line));
  return [...lines, ...log.map((l) => `# expect: ${l}`), `# outcome: ${outcome}`, ''].join('\n');
}

const cases = readdirSync(casesDir).filter((name) => name.endsWith('.rules')).sort();

describe('runtime golden cases', () => {
  it('finds the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
  });

  for (const name of cases) {
    it(name.replace(/\.rules$/, ''), () => {
      const path = join(casesDir, name);
      const text = readFileSync(path, 'utf8');
      const script = readScript(text, name);
      const actual = play(text, script, name);
      expect(actual.refusals).toEqual([]);
      if (update) {
        writeFileSync(path, rewritten(text, actual.log, actual.outcome));
        return;
      }
      expect(actual.log).toEqual(script.expected);
      expect(actual.outcome).toBe(script.outcome ?? 'none');
    });
  }
});
