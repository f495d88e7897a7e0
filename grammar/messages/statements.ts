/** Statements and the flow of a game: phases, locals and `set`, choices, loops, rule calls, endings. */
import { codes } from '../diagnostics.ts';
import { error, warning } from './message.ts';

export const phaseUnreachable = error(codes.unreachable, (phase: string) =>
  `the phase '${phase}' can never be reached: the turn always ends before it`);
export const statementUnreachable = warning(codes.unreachable, () =>
  'this statement can never run: the statement before it always ends the turn or the game');
export const textDrawsByLot = error(codes.typeMismatch, () =>
  "a text cannot draw by lot: draw with 'let x = random(…)' first, then show {x}");

export const phaseOutsideTurns = error(codes.phaseOutsideTurns, () => 'a phase belongs directly inside the turns block');
export const phaseNameEmpty = error(codes.phaseName, () => 'a phase needs a name that shows: write some letters between the quotes');
export const phaseNameReserved = error(codes.phaseName, (name: 'setup' | 'game over') =>
  `'${name}' is the name of the game's own ${name === 'setup' ? 'setup' : 'end'} state: call the phase something else`);
export const phaseDuplicate = error(codes.nameDuplicate, (phase: string) => `there is already a phase '${phase}' in this turn`);

export const setOption = error(codes.typeNotAssignable, (name: string) =>
  `'${name}' is an option: options are changed by variants, not by rules`);
export const setUnknownVariable = error(codes.nameUnknown, (name: string) =>
  `'${name}' is not a variable; declare it with var ${name} = …`);
export const setNotSettable = error(codes.typeNotAssignable, (member: string) =>
  `'${member}' cannot be set directly (use gain, discard or mark)`);
export const setNoSuchVariable = error(codes.nameUnknownAttribute, (owner: string, member: string) => `${owner} has no variable '${member}'`);
export const setTarget = error(codes.typeNotAssignable, () => 'only a variable or a player variable can be set');

export const chooseFromList = error(codes.typeExpectedList, (found: string) => `choose picks from a list, but this is ${found}`);
export const chooseAtLeastOne = error(codes.numberInvalid, (count: number) => `a player must choose at least 1, not ${count}`);
export const optionLabelDuplicate = error(codes.nameDuplicate, (label: string) => `two options are labelled '${label}'`);

export const forEachList = error(codes.typeExpectedList, (found: string) => `for each walks a list, but this is ${found}`);
export const forEachFromPlayers = error(codes.typeMismatch, (variable: string) =>
  `'from' and a direction walk the players round the table: write for each ${variable} in players from …`);
export const simultaneousPlayers = error(codes.typeMismatch, (found: string) =>
  `simultaneously goes over a list of players, but this is ${found}`);

export const ruleUnknown = error(codes.nameUnknown, (rule: string) => `there is no rule '${rule}'`);
export const ruleArguments = error(codes.argumentCount, (rule: string, params: number, args: number) =>
  `the rule '${rule}' takes ${params} argument${params === 1 ? '' : 's'}, not ${args}`);
export const ruleUnused = warning(codes.ruleUnused, (rule: string) => `the rule '${rule}' is never used (no 'do ${rule}')`);

export const endingNone = error(codes.typeExpectedPlayer, (ending: 'win' | 'eliminate') => `${ending} needs a player, but this is always none`);
export const endTurnOutsideTurns = error(codes.endTurnOutsideTurns, () =>
  "'end turn' only means something inside the turns block or a rule: the setup has no turn to end");
export const expectedTeam = error(codes.typeMismatch, (found: string) => `expected a team here, but this is ${found}`);

export const pairsWonKind = error(codes.typeMismatch, (found: string) => `pairsWon compares dice or numbers, but this is ${found}`);
export const pairsWonUnknown = error(codes.typeMismatch, () =>
  "pairsWon cannot tell whether this holds dice or numbers (it has no kind, like a rule's parameter): write values(…) around dice");

export const selectionWord = error(codes.expectedWord, (found: string) =>
  `after 'choose' a selection says how many: 'some', 'any', 'up to N' or 'at least N', not '${found}'`);
export const selectionNegative = error(codes.selectionSize, (size: number) =>
  `a selection cannot have fewer than 0 elements: write a size of 0 or more, not ${size}`);
export const selectionAtLeastZero = error(codes.selectionSize, () => "'at least 0' is any number: write 'choose any …'");
export const selectionUpToZero = error(codes.selectionSize, () => "'up to 0' chooses nothing: write a size of at least 1");
export const selectionDrawsByLot = error(codes.typeMismatch, () =>
  "a selection's condition cannot draw by lot: draw with 'let x = random(…)' before the choice, then use x");

/** Why a simultaneous block refuses what it refuses, said after each of its messages. */
const anyOrder = (player: string) => `: in a simultaneous block the players answer in any order, so each body may only change what is ${player}'s own`;
/** `what`: the statement named as a thing that happens ("a roll", "the end of the turn"). */
export const simultaneousOrderDependent = error(codes.simultaneous, (what: string, player: string) =>
  `${what} cannot happen inside a simultaneous block${anyOrder(player)}`);
export const simultaneousSharedPile = error(codes.simultaneous, (player: string) =>
  `drawing from a shared pile inside a simultaneous block would give the cards by who answers first${anyOrder(player)}`);
export const simultaneousSharedVariable = error(codes.simultaneous, (variable: string, player: string) =>
  `'${variable}' is shared by every player${anyOrder(player)}; set a player variable of ${player}`);
export const simultaneousOtherVariable = error(codes.simultaneous, (player: string) => `this sets another player's variable${anyOrder(player)}`);
export const simultaneousTokens = error(codes.simultaneous, (player: string) =>
  `write 'to ${player}' or 'from ${player}': tokens change hands only for the block's player${anyOrder(player)}`);
export const simultaneousChoiceBy = error(codes.simultaneous, (player: string) =>
  `write 'by ${player}': in a simultaneous block each body's choices are its player's`);
export const simultaneousRandom = error(codes.simultaneous, (player: string) =>
  `random(…) draws by lot, which would depend on who answers first${anyOrder(player)}`);
export const simultaneousDefineDraws = error(codes.simultaneous, (define: string, player: string) =>
  `${define}(…) draws by lot (a random inside the define), which would depend on who answers first${anyOrder(player)}`);
export const simultaneousAnswerRead = error(codes.simultaneous, (member: string) =>
  `'${member}' of another player is their answer in this block: it is not known until every player has answered; read it after the block`);
