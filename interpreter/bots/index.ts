/** What bots/ offers: the random bot and its playouts, and the search bot (information-set Monte Carlo tree search) per seat. */
export { randomPlayout, randomMove, playOnRandomly, botRandomFor, type BotRandom, type PlayoutResult, type PlayoutOptions, type Stopped } from './bots.ts';
export { searchMove, searchSeed, defaultIterations, type SearchOptions, type SearchResult } from './mcts.ts';
export type { History } from './observed.ts';
export { determinize, hiddenPriors, type HiddenPriors } from './determinize.ts';
export { choices, playChoice, moveOf, playOutRandomly, reward } from './decisions.ts';
export { SealedAnswers } from './sealed.ts';
export { parseBotSpec, parseSeatBots, botName, type BotSpec } from './bot-spec.ts';
export { playTable, type TableOptions, type TableResult } from './table.ts';
