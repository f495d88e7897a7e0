import { readFileSync } from 'node:fs';
import { compileRules } from '../interpreter/index.ts';
import { playTable } from '../interpreter/bots/index.ts';
const def = compileRules(readFileSync('rules/examples/tris.rules', 'utf8')).definition!;
for (const seed of (process.env.SEEDS ?? "1,2,3,4,5,6").split(",").map(Number)) {
  const t = performance.now();
  const g = playTable(def, { players: 2, seed, bots: [{ kind: 'mcts', iterations: 1000, playouts: process.env.P as any }, { kind: 'mcts', iterations: 1000, playouts: process.env.P as any }] });
  console.log(seed, g.outcome.kind, g.outcome.winners, (performance.now() - t).toFixed(0), 'ms');
}
