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
export const hiddenDiceOwner = error(codes.expectedWord, (pool: string) =>
  `expected 'player' before 'dice' here: dice are hidden under their owner's cup, so only a player's dice can be hidden (player dice ${pool}: … hidden)`);
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

export const sortKeyUnknown = error(codes.nameUnknownAttribute, (key: string, properties: string[]) =>
  `the cards have no property '${key}' to sort by: a pile is sorted by ${properties.map((p) => `'${p}'`).join(', ')}`);

export const regionEmpty = error(codes.numberInvalid, (region: string) => `the region '${region}' has no territories`);
export const notATerritory = error(codes.nameUnknown, (name: string, map: string) =>
  `'${name}' is not a territory of the map '${map}': list it in one of its regions`);
export const borderItself = error(codes.mapBorder, (territory: string) => `'${territory}' cannot border itself`);
export const borderTwice = warning(codes.mapBorder, (from: string, to: string) => `the border between '${from}' and '${to}' is already written`);
export const territoryAlone = warning(codes.mapBorder, (territory: string) =>
  `the territory '${territory}' borders no other territory: add a border line for it`);

export const notConstant = error(codes.optionNotConstant, () =>
  'a property, an option or a variant setting must be a plain value (a number, true/false, a name, a text, or a list of them), not a calculation');
export const estimateDuplicate = error(codes.nameDuplicate, () => 'there is already an estimate: a game has one (add up the parts in one score)');

export const statusDuplicate = error(codes.nameDuplicate, (status: string) => `the status "${status}" is already declared`);
export const thresholdAtLeastOne = error(codes.numberInvalid, (count: number) => `a threshold is at least 1 token, not ${count}`);
export const thresholdToken = error(codes.nameUnknown, (token: string) => `thresholds count a token, and '${token}' is not one`);
export const forbidsNothing = warning(codes.nameUnknown, (label: string) => `no option is labelled "${label}", so this forbids nothing`);

export const coordinateTwice = error(codes.nameDuplicate, (coordinate: string) =>
  `'${coordinate}' is already a coordinate of these cards: give each list its own name`);
export const coordinateCountsDown = error(codes.numberInvalid, (from: number, to: number) => `${from} to ${to} counts down: write the smaller number first`);
export const coordinateTooLong = error(codes.numberInvalid, (from: number, to: number, most: number) => `${from} to ${to} is more than ${most} values`);
export const productTooLarge = error(codes.numberInvalid, (cards: number, most: number) => `these lists make ${cards} cards; a set has at most ${most}`);
export const propertyIsCoordinate = error(codes.nameDuplicate, (property: string) =>
  `'${property}' is a coordinate of these cards, so each card already has it`);
export const productPropertyUndeclared = error(codes.nameUnknown, (property: string, declared: string[]) =>
  `'${property}' is not a property of these cards: declare it with its default after 'with'${declared.length ? ` (declared: ${declared.join(', ')})` : ''}`);
export const tableCoordinate = error(codes.nameUnknown, (coordinates: string[], by: string) =>
  `a table goes by a coordinate of these cards (${coordinates.join(', ')}), not '${by}'`);
export const tableSize = error(codes.numberInvalid, (coordinate: string, values: number, needed: number) =>
  `the table by ${coordinate} has ${values} value${values === 1 ? '' : 's'}, one for each ${coordinate}: ${needed} are needed`);
export const cardNamePart = error(codes.nameUnknown, (part: string, coordinates: string[]) =>
  `'{${part}}' in a card's name must be one of its coordinates (${coordinates.join(', ')})`);
export const coordinateNotPlain = error(codes.optionNotConstant, () =>
  'the values of a coordinate are plain: numbers, names or texts (or write N to M for a run of numbers)');
export const productPropertyNotPlain = error(codes.optionNotConstant, () =>
  'a property of cards made with each … by each … is computed from their coordinates: numbers, names, texts, + - * /, comparisons, and, or, not; or a table (PROPERTY by COORDINATE [values])');
export const productDividesByZero = error(codes.optionNotConstant, () => 'a property divides by 0 for one of these cards');
export const productNotNumber = error(codes.optionNotConstant, (value: string) => `this is ${value}, not a number, for one of these cards`);
export const productNotCondition = error(codes.optionNotConstant, (value: string) => `this is ${value}, not true or false, for one of these cards`);
