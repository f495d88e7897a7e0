/**
 * Where this studio's generated code is refused, for the notice (App.svelte, the Simulate tab):
 * the page is asked at once; the workers once, one after the other, when the studio is idle or
 * the Simulate tab is first shown (lib/generated-code.ts).
 */
import { generatedCodeAvailability } from '../../../interpreter/index.ts';
import { spawnBotWorker, spawnSimulationWorker } from '../workers/spawn.ts';
import { findRefusals, type ProbeWorker, type Refusal } from './generated-code.ts';

const page = generatedCodeAvailability();

/** `checked`: every worker has answered (or failed to): what the notice says is final. */
export const generatedCode = $state<{ refusals: Refusal[]; checked: boolean }>({ refusals: page.available ? [] : [{ where: 'page', reason: page.reason }], checked: false });

let asked = false;

/** Asks the workers, once per page. */
export function checkWorkersGeneratedCode(): void {
  if (asked) return;
  asked = true;
  void findRefusals(page, [
    { where: 'simulation worker', spawn: spawnSimulationWorker as unknown as () => ProbeWorker },
    { where: 'bot worker', spawn: spawnBotWorker as unknown as () => ProbeWorker },
  ], (refusals) => { generatedCode.refusals = refusals; }).then(() => { generatedCode.checked = true; });
}
