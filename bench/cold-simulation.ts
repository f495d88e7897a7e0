/**
 * `npm run bench -- warm-up`: what a simulation from a cold start costs on each back end. Generated
 * code starts cold (V8 interprets it, then optimizes it chunk by chunk), so a short simulation can
 * be slower on it than on the stepper, whose closures are small and warm at once. Each figure is a
 * fresh process (bundled by esbuild, as the CLI runs) playing N random games of a seed game: the
 * CPU time of the whole process (its compiler threads too) on the stepper, on generated code from
 * the first game, and with the default tier-up (codegen/index.ts). Run as a child by itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileRules, randomPlayout } from '../interpreter/index.ts';

type Engine = 'stepper' | 'generated' | 'default';

/** The child: plays the games and prints its CPU time in milliseconds (compile included). */
function playCold(file: string, players: number, games: number, engine: Engine): number {
  const start = process.cpuUsage();
  const { definition } = compileRules(readFileSync(file, 'utf8'));
  if (!definition) throw new Error(`${file} does not compile`);
  for (let seed = 1; seed <= games; seed++) {
    randomPlayout(definition, { players, seed, keepMoves: false, maxRounds: 200, engine: engine === 'default' ? undefined : engine });
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const cases: { file: string; players: number }[] = [
  { file: 'mortadella.rules', players: 4 },
  { file: 'notav.rules', players: 4 },
  { file: 'risiko.rules', players: 4 },
  { file: '1984.rules', players: 6 },
  { file: 'percorsi.rules', players: 2 },
  { file: 'examples/connect-four.rules', players: 2 },
];
const sizes = [200, 1000];
const engines: Engine[] = ['stepper', 'generated', 'default'];
const runs = 3;

export async function coldSimulations(): Promise<void> {
  const { buildSync } = await import('esbuild');
  const outfile = join(mkdtempSync(join(tmpdir(), 'regola-bench-')), 'cold-simulation.mjs');
  buildSync({
    entryPoints: [fileURLToPath(import.meta.url)], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'error',
    define: { REGOLA_COLD_CHILD: 'true' }, banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  console.log(`cold simulations: CPU time of a fresh bundled process playing N random games (median of ${runs}), stepper / generated code from the first game / default tier-up:`);
  for (const { file, players } of cases) {
    const path = fileURLToPath(new URL(`../rules/${file}`, import.meta.url));
    const cells = sizes.map((games) => {
      const times = engines.map((engine) => {
        const samples: number[] = [];
        for (let run = 0; run < runs; run++) {
          const child = spawnSync(process.execPath, [outfile, path, String(players), String(games), engine], { encoding: 'utf8' });
          if (child.status !== 0) throw new Error(child.stderr);
          samples.push(Number(child.stdout));
        }
        return samples.sort((a, b) => a - b)[runs >> 1];
      });
      return `${games} games ${times.map((t) => t.toFixed(0)).join(' / ')} ms`;
    });
    console.log(`  rules/${file.padEnd(28)} ${players} players: ${cells.join('; ')}`);
  }
}

declare const REGOLA_COLD_CHILD: boolean | undefined;
if (typeof REGOLA_COLD_CHILD !== 'undefined' && REGOLA_COLD_CHILD) {
  const [file, players, games, engine] = process.argv.slice(2);
  console.log(playCold(file, Number(players), Number(games), engine as Engine).toFixed(0));
}
