/** The declarations taken together (the schema): names, numbers, the game and turns blocks, dice, piles, maps. */
import { codes } from '../diagnostics.ts';
import { error, warning } from './message.ts';

type Owner = 'player' | 'team';

export const declaredTwice = error(codes.nameDuplicate, (name: string, what: string) =>
  `'${name}' is already declared as ${what}; give this one another name`);
export const propertyUndeclared = error(codes.nameUnknownAttribute, (owners: string, property: string) =>
  `${owners} have no property '${property}': declare it after 'with' with its default`);
export const atLeast = error(codes.numberInvalid, (what: string, minimum: number, value: number) => `${what} must be at least ${minimum}, not ${value}`);

export const gameDuplicate = error(codes.gameDuplicate, () => 'a file describes one game: there is already a game block');
export const gameMissing = error(codes.gameMissing, () => "the file has no game block: start it with game \"Name\" { players 2 to 4 }");
export const turnsMissing = error(codes.turnsMissing, () => 'the game has no turns block, so nobody ever plays: add turns clockwise { … }');
export const turnLimitRange = error(codes.numberInvalid, (from: number, to: number) =>
  `the turn limit is drawn from ${from} to ${to}: the second number must not be smaller than the first`);
export const tooManyPlayers = error(codes.numberInvalid, (most: number, count: number) => `a game can be for at most ${most} players, not ${count}`);
export const playerRangeEmpty = error(codes.numberInvalid, (from: number, to: number) =>
  `the player range ${from} to ${to} is empty: the larger number goes second`);
export const setupDuplicate = error(codes.nameDuplicate, () => 'there is already a setup block; merge the two');
export const atTurnLimitDuplicate = error(codes.nameDuplicate, () => 'there is already an at turn limit block; merge the two');
export const turnsDuplicate = error(codes.nameDuplicate, () => 'there is already a turns block; a game has one flow of turns');

export const lengthWord = error(codes.expectedWord, (expected: string, found: string) => `expected '${expected}' here, not '${found}': length up to N rounds`);
export const lengthAtLeastOne = error(codes.numberInvalid, () => 'a game lasts at least 1 of its unit');
export const lengthUnit = error(codes.nameUnknown, (unit: string, isVariable: boolean) => isVariable
  ? `'${unit}' must start as a number to count a game's length (var ${unit} = 0)`
  : `a game's length is counted in rounds, in turns, or by a number variable of the rules (var ${unit} = 0); '${unit}' is none of them`);

export const faceRangeEmpty = error(codes.numberInvalid, (from: number, to: number) => `the face range ${from} to ${to} is empty`);
export const tooManyFaces = error(codes.numberInvalid, () => 'a die can have at most 1000 faces');
export const tooFewFaces = error(codes.numberInvalid, (die: string, faces: number) => `a die needs at least two faces; '${die}' has ${faces}`);
export const markTwice = error(codes.nameDuplicate, (mark: string) => `the mark '${mark}' is listed twice`);
export const tooManyDice = error(codes.numberInvalid, (count: number) => `a set of dice can have at most 100 dice, not ${count}`);
export const tooManyMarks = error(codes.numberInvalid, (marks: number) => `the dice have ${marks} different marks; at most 30 are possible`);
export const dieUnknown = error(codes.nameUnknown, (die: string) => `there is no die called '${die}'`);

export const rolesDuplicate = error(codes.nameDuplicate, () => 'the roles are already declared; list every role in one roles block');
export const teamsDuplicate = error(codes.nameDuplicate, () => 'the teams are already declared; list every team in one teams block');
export const tooFewTeams = error(codes.numberInvalid, () => 'a game with teams needs at least two of them');
export const variantOptionUnknown = error(codes.nameUnknown, (option: string) =>
  `a variant can only change a declared option; there is no option '${option}'`);

export const cardsUnknown = error(codes.nameUnknown, (cards: string) => `there are no cards called '${cards}'`);
export const ownPileStartsEmpty = error(codes.numberInvalid, (owner: Owner) =>
  `a ${owner} pile starts empty: deal or draw cards into it instead of 'of'`);
export const teamPileWithoutTeams = error(codes.nameUnknown, (pile: string) =>
  `'${pile}' is a team pile, but the game has no teams: declare them with teams public seated alternately { … }`);
export const ownPileRefills = error(codes.typeExpectedPile, (owner: Owner) =>
  `a ${owner} pile is not drawn from as a deck: 'refill from' is for a pile everybody draws from`);
export const pileUnknown = error(codes.nameUnknown, (pile: string) => `there is no pile called '${pile}'`);
export const pileRefillsItself = error(codes.typeExpectedPile, (pile: string) =>
  `'${pile}' cannot refill from itself: name the pile its cards come back from (a discard pile)`);
export const refillFromOwnPile = error(codes.typeExpectedPile, (pile: string, owner: Owner) =>
  `'${pile}' is a ${owner} pile, one per ${owner}: a pile refills from a shared pile`);

export const regionEmpty = error(codes.numberInvalid, (region: string) => `the region '${region}' has no territories`);
export const notATerritory = error(codes.nameUnknown, (name: string, map: string) =>
  `'${name}' is not a territory of the map '${map}': list it in one of its regions`);
export const borderItself = error(codes.mapBorder, (territory: string) => `'${territory}' cannot border itself`);
export const borderTwice = warning(codes.mapBorder, (from: string, to: string) => `the border between '${from}' and '${to}' is already written`);
export const territoryAlone = warning(codes.mapBorder, (territory: string) =>
  `the territory '${territory}' borders no other territory: add a border line for it`);
