/** Statements that act on the table: tokens, dice, roles, piles of cards, pieces and tiles. */
import { codes } from '../diagnostics.ts';
import { error } from './message.ts';

export const expectedHolder = error(codes.typeExpectedPlayer, (found: string) => `expected a player or a zone here, but this is ${found}`);
export const expectedTokenKind = error(codes.typeExpectedToken, (tokens: string[], found: string) =>
  `expected a token kind (${tokens.join(', ') || 'none declared'}), but this is ${found}`);
export const faceNotToken = error(codes.typeExpectedToken, (face: string, tokens: string[]) =>
  `'${face}' is a die face, not a token: only ${tokens.join(', ')} can be held`);

export const pileOfEach = error(codes.typeExpectedPile, (pile: string, perTeam: boolean) => perTeam
  ? `'${pile}' is a pile of each team: say whose, e.g. current.team.${pile}`
  : `'${pile}' is a pile of each player: say whose, e.g. current.${pile}`);
export const expectedPile = error(codes.typeExpectedPile, (playerPile: string, found: 'unknown' | 'list<card>' | string) =>
  `expected a pile of cards here (declared with 'pile', or p.${playerPile} for a player's own), but this is ${
    found === 'unknown' ? 'a value that is only known when the game runs'
      : found === 'list<card>' ? 'a list of cards (a pile given to a rule or kept in a variable is a copy of its cards: name the pile here, or pass its owner and write p.Mano)'
        : found}`);
export const dealToPlayerPile = error(codes.typeExpectedPile, (pile: string, declared: boolean, playerPiles: string[]) => declared
  ? `'${pile}' is not a pile every player has: deal gives cards to each player's own pile (${playerPiles.length ? playerPiles.join(', ') : 'declare one with player pile NAME secret'})`
  : `there is no player pile called '${pile}'${playerPiles.length ? '' : ': declare one with player pile NAME secret'}`);

export const symbolNotDice = error(codes.typeExpectedDice, (symbol: string, isToken: boolean) =>
  `'${symbol}' is ${isToken ? 'a token kind' : 'a die face'}, not dice: roll a set of dice declared with 'dice'`);
export const expectedDice = error(codes.typeExpectedDice, (found: string) => `expected dice here, but this is ${found}`);
export const markUnknown = error(codes.nameUnknownMark, (mark: string) => `there is no mark '${mark}'; declare it after 'marks' on the dice`);

export const noRolesToDeal = error(codes.nameUnknown, () => 'the game declares no roles to deal: add a roles { … } block');
export const noRoles = error(codes.nameUnknown, () => 'the game declares no roles');

export const expectedPieces = error(codes.typeMismatch, (found: string) => `expected a piece or a list of pieces here, but this is ${found}`);
export const piecesFaceUp = error(codes.typeMismatch, () => 'pieces stand on the board face up: face down is for cards');
export const expectedCards = error(codes.typeMismatch, (found: string) => `expected cards here, but this is ${found}`);
export const diceRevealedToAll = error(codes.typeMismatch, () =>
  "dice under the cups are revealed to everybody at once: write reveal Coppa (or reveal p.Coppa), without 'to'");
export const revealToPlayers = error(codes.typeExpectedPlayer, (found: string) =>
  `a card is shown to a player or a list of players, but this is ${found}`);
