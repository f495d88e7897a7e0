/** How an ending reads, the same in the log, the CLI and the studio. */
import { playerName } from './players.ts';
import type { Outcome } from './state.ts';

/** Who won: "P1", "P1 and P3", "P1, P2 and P4", or "Rossi (P1, P3)" for a team. */
export function winnersText(outcome: Outcome): string {
  if (outcome.team !== undefined) return `${outcome.team} (${outcome.winners.map(playerName).join(', ')})`;
  return listText(outcome.winners.map(playerName));
}

/** Who won, with the verb agreeing: "P1 wins", "P1 and P2 win", "Rossi (P1, P3) wins". */
export function winText(outcome: Outcome): string {
  return `${winnersText(outcome)} ${outcome.team === undefined && outcome.winners.length > 1 ? 'win' : 'wins'}`;
}

/** The reason an ending gives, with its detail: "traguardo (12 a 9)". */
export function reasonText(outcome: Outcome): string {
  return outcome.detail !== undefined && outcome.detail !== '' ? `${outcome.reason} (${outcome.detail})` : outcome.reason;
}

function listText(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
