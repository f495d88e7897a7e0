/**
 * The studio's replay after an edit, on the stepper (A) and on generated code (B), in node: what a
 * keystroke does once its text has compiled — a new definition, the designer's moves replayed
 * as a logged match (`Match.replay`). B pays the generation of the logged programs
 * (`new Function` included) at every keystroke, since every edit makes a new definition. CPU time,
 * A and B interleaved, medians; each run compiles a text of its own (a comment with its number), as
 * typing does. bench/studio.ts runs it bundled by esbuild in a child node (no tsx `keepNames`
 * wrappers), as the studio's bundle runs it; `node studio-replay.cjs CASES ROUNDS` prints JSON.
 */
import { readFileSync } from 'node:fs';
import { compileRules } from '../interpreter/lowering/compile.ts';
import { randomPlayout } from '../interpreter/bots/bots.ts';
import { Match } from '../interpreter/match/match.ts';
import { generatedCode, withGeneratedCode } from '../interpreter/codegen/index.ts';
import { asScript } from './child.ts';

/** A game and how many of its moves the designer has played (the longest random game of the first seeds, cut there). */
export interface ReplayCase { file: string; players: number; moves: number }
export interface ReplayFigures extends ReplayCase { stepperMs: number; generationMs: number; generatedMs: number }

const cpuMs = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
const median = (values: number[]) => { const sorted = values.slice().sort((a, b) => a - b); return sorted[sorted.length >> 1]; };

export function replayFigures(root: string, { file, players, moves: wanted }: ReplayCase, rounds: number, warmUp = 5): ReplayFigures {
  const text = readFileSync(`${root}/${file}`, 'utf8');
  const first = compileRules(text).definition;
  if (!first) throw new Error(`${file} does not compile`);
  let seed = 1;
  let moves = randomPlayout(first, { players, seed, keepMoves: true }).moves;
  for (let s = 2; moves.length < wanted && s < 50; s++) {
    const longer = randomPlayout(first, { players, seed: s, keepMoves: true }).moves;
    if (longer.length > moves.length) { moves = longer; seed = s; }
  }
  moves = moves.slice(0, wanted);
  const times = { stepper: [] as number[], generation: [] as number[], generated: [] as number[] };
  for (let round = 0; round < warmUp + rounds; round++) {
    for (const engine of ['stepper', 'generated'] as const) {
      const definition = compileRules(`${text}\n# edit ${round} ${engine}\n`).definition!;
      const started = cpuMs();
      const on = engine === 'generated' ? withGeneratedCode(definition) : definition;
      if (engine === 'generated') generatedCode(on, on.programs);
      const generated = cpuMs();
      const replayed = Match.replay(on, { players, seed }, moves);
      const done = cpuMs();
      if (!replayed.ok || replayed.applied !== moves.length) throw new Error(`${file}: the replay stopped before the end`);
      if (round < warmUp) continue;
      if (engine === 'generated') { times.generation.push(generated - started); times.generated.push(done - generated); } else times.stepper.push(done - started);
    }
  }
  return { file, players, moves: moves.length, stepperMs: median(times.stepper), generationMs: median(times.generation), generatedMs: median(times.generated) };
}

// As a bundled child script (bench/studio.ts starts it through bench/child.ts): the figures of each case, as JSON.
if (asScript) {
  const [root, cases, rounds] = process.argv.slice(2);
  process.stdout.write(JSON.stringify((JSON.parse(cases) as ReplayCase[]).map((c) => replayFigures(root, c, Number(rounds)))));
}
