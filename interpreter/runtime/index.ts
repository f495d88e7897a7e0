/** What runtime/ offers outside the interpreter: how a game's state is read at run time, shared by both back ends. */
export { formatValue } from './format-value.ts';
export { type Layout } from './grids.ts';
export { focus, pendingOf, waitingPlayers } from './simultaneous.ts';
export type { BotRandom } from './bot-random.ts';
