/** The studio's batch-mode workers, started from one place (the Simulate tab, the seat bots and the generated-code probe). */
export const spawnSimulationWorker = (): Worker => new Worker(new URL('./simulate.worker.ts', import.meta.url), { type: 'module' });
export const spawnBotWorker = (): Worker => new Worker(new URL('./bot.worker.ts', import.meta.url), { type: 'module' });
