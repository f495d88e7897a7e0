/** Search bots: information-set Monte Carlo tree search, bots per seat, and games and tournaments between them. */
export { searchMove, searchSeed, defaultIterations, type SearchOptions, type SearchResult } from './mcts.ts';
export { determinize, hiddenPriors, type HiddenPriors } from './determinize.ts';
export { choices, playChoice, moveOf, playOutRandomly, reward } from './decisions.ts';
export { SealedAnswers } from './sealed.ts';
export { parseBotSpec, parseSeatBots, botName, type BotSpec } from './bot-spec.ts';
export { playTable, type TableOptions, type TableResult } from './table.ts';
export { tournament, renderTournament, type TournamentOptions, type TournamentReport } from './tournament.ts';
