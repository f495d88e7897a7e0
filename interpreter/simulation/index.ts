/** What simulation/ offers: many games between bots, summarised by seat, role and length, two such reports compared, and a balance run over counts and bots. */
export {
  simulate, gameSettings, SimulationTally, CardWins, simulationRoundLimit, limitWarning, wilsonInterval, z95, defaultMaxRounds,
  type SimulationOptions, type SimulationReport, type SimulationJob,
} from './simulate.ts';
export { cardsHeldAlone, playSimulationGame, simulationGameSeed, type GameRecord, type GameSettings } from './simulation-game.ts';
export { compareReports, rateDifference, excludes, mostlyStopped, type Interval, type Side, type ComparedRow, type Comparison } from './compare.ts';
export { chunkSize, GameQueue, type Chunk, type GameFailure } from './game-queue.ts';
export { tournament, renderTournament, type TournamentOptions, type TournamentReport, type WinRate } from './tournament.ts';
export {
  balanceCells, defaultBalanceBots, defaultBalanceCounts, parseBotKinds, parsePlayerCounts, type BalancePlan, type BalanceCellJob,
} from './balance.ts';
export { balanceCell, balanceReport, lengthSpread, type BalanceCell, type BalanceReport, type Ending, type LengthSpread, type Share, type ShareRow } from './balance-report.ts';
