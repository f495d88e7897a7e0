/**
 * The catalogue's statements (constructs.ts): for each kind, how it is written, its parts and what
 * it does to a game. A snippet's placeholder defaults make a statement that parses.
 */
import type * as A from './ast.ts';
import type { Form, StatementCatalogue } from './construct-types.ts';

/** The values written inside a text (`"Ne restano {p.daPiazzare}"`). */
export function textValues(parts: readonly A.TextPart[] | undefined): A.Expr[] {
  if (!parts) return [];
  const values: A.Expr[] = [];
  for (const part of parts) if (typeof part !== 'string') values.push(part);
  return values;
}

type Extra = Pick<Form, 'label' | 'followers' | 'naming'>;
const form = (words: string, snippet: string, description: string, extra: Extra = {}): Form => ({ words, snippet, description, ...extra });
/** A statement that changes the game and is neither drawn by lot nor a flow of its own. */
const effect = { flow: 'step', changesState: true, drawsByLot: false } as const;
const ending = (ends: 'game' | 'turn' | 'player', orderDependent: string) => ({ flow: 'ending', ends, changesState: true, drawsByLot: false, orderDependent }) as const;
/** A win's or an ending's reason and detail may show values. */
const reasonValues = (s: A.Templated & { detail?: A.DetailText }) => [...textValues(s.parts), ...textValues(s.detail?.parts)];

/**
 * The parts of a statement that start with a word of their own, written where a statement could
 * start: `else` after an `if`, and `option` in a choice (`choose by …` and `at any time`).
 */
export const clauseForms: readonly Form[] = [
  form('else', 'else {\n\t$0\n}', 'otherwise'),
  form('option', 'option "${1:label}" {\n\t$0\n}', 'one of the options of choose', { followers: ['if'], naming: ['option'] }),
];

export const statementCatalogue: StatementCatalogue = {
  phase: {
    forms: [form('phase', 'phase "${1:Name}" {\n\t$0\n}', 'a named part of the turn', { naming: ['phase'] })],
    flow: 'section', changesState: false, drawsByLot: false, orderDependent: 'a phase', onlyInTurns: true,
    names: (s) => [s.name], blocks: (s) => [s.body],
  },
  let: {
    forms: [form('let', 'let ${1:name} = ${2:0}', 'a local value', { naming: ['let'] })],
    flow: 'step', changesState: false, drawsByLot: false,
    names: (s) => [s.name], expressions: (s) => [s.value],
  },
  set: {
    forms: [form('set', 'set ${1:variable} = ${2:0}', 'change a variable')],
    ...effect, expressions: (s) => [s.target, s.value],
  },
  gain: {
    forms: [form('gain', 'gain ${1:1} ${2:Token}', 'take tokens from the reserve', { followers: ['to'] })],
    ...effect, expressions: (s) => [s.amount, s.symbol, s.player],
  },
  discard: {
    forms: [
      form('discard', 'discard ${1:1} ${2:Token}', 'return tokens to the reserve', { followers: ['from'] }),
      form('discard all', 'discard all ${1:Token}', 'return every token of a kind to the reserve', { followers: ['from'] }),
    ],
    ...effect, expressions: (s) => [s.amount, s.symbol, s.player],
  },
  steal: {
    forms: [form('steal', 'steal ${1:1} ${2:Token} from ${3:p}', 'take tokens from another player', { followers: ['from', 'to'] })],
    ...effect, expressions: (s) => [s.amount, s.symbol, s.victim, s.player],
  },
  roll: {
    forms: [form('roll', 'roll ${1:Dice}', 'roll dice')],
    flow: 'step', changesState: true, drawsByLot: true, orderDependent: 'a roll', expressions: (s) => [s.dice],
  },
  mark: {
    forms: [form('mark', 'mark ${1:tenuto} on ${2:d}', 'put a mark on dice', { followers: ['on'] }), form('unmark', 'unmark ${1:tenuto} on ${2:d}', 'take a mark off dice', { followers: ['on'] })],
    ...effect, names: (s) => [s.mark], expressions: (s) => [s.dice],
  },
  'choose-value': {
    forms: [form('choose', 'choose ${1:x} from ${2:list} by ${3:current} prompt "${4:question}"', 'a player picks a value', { followers: ['from', 'by', 'prompt'], naming: ['prompt'] })],
    flow: 'choice', changesState: false, drawsByLot: false,
    names: (s) => [s.variable], expressions: (s) => [s.count, s.from, s.by, ...textValues(s.parts)],
  },
  'choose-selection': {
    forms: [form('choose some', 'choose some ${1:xs} from ${2:list} where ${3:count(xs) == 2} prompt "${4:question}"', 'a player picks several, under a condition on the whole selection', { followers: ['from', 'by', 'prompt'], naming: ['prompt'] })],
    flow: 'choice', changesState: false, drawsByLot: false,
    names: (s) => [s.variable], expressions: (s) => [s.count, s.from, s.condition, s.by, ...textValues(s.parts)],
  },
  'choose-option': {
    forms: [form('choose by', 'choose by ${1:current} prompt "${2:question}" {\n\toption "${3:label}" { $0 }\n}', 'a player picks one of several options', { followers: ['prompt'], naming: ['prompt'] })],
    flow: 'choice', changesState: false, drawsByLot: false,
    expressions: (s) => [s.by, ...textValues(s.parts)], clauses: (s) => s.options,
  },
  if: {
    forms: [form('if', 'if ${1:true} {\n\t$0\n}', 'only when a condition holds')],
    flow: 'branch', changesState: false, drawsByLot: false,
    expressions: (s) => [s.condition], blocks: (s) => [s.then, s.otherwise],
  },
  'for-each': {
    forms: [form('for each', 'for each ${1:p} in ${2:players} {\n\t$0\n}', 'for every element of a list', { followers: ['in'], naming: ['each'] })],
    flow: 'loop', changesState: false, drawsByLot: false,
    names: (s) => [s.variable], expressions: (s) => [s.list, s.from], blocks: (s) => [s.body],
  },
  while: {
    forms: [form('while', 'while ${1:false} {\n\t$0\n}', 'again and again while a condition holds')],
    flow: 'loop', changesState: false, drawsByLot: false, expressions: (s) => [s.condition], blocks: (s) => [s.body],
  },
  repeat: {
    forms: [form('repeat', 'repeat ${1:2} times {\n\t$0\n}', 'a fixed number of times', { followers: ['times'] })],
    flow: 'loop', changesState: false, drawsByLot: false, expressions: (s) => [s.times], blocks: (s) => [s.body],
  },
  do: {
    forms: [form('do', 'do ${1:Rule}', 'apply a rule')],
    flow: 'call', changesState: false, drawsByLot: false, names: (s) => [s.rule], expressions: (s) => s.args,
  },
  win: {
    forms: [form('win', 'win ${1:current} "${2:reason}"', 'a player wins; the game ends')],
    ...ending('game', 'a win'), expressions: (s) => [s.player, ...reasonValues(s)],
  },
  'win-team': {
    forms: [form('win team', 'win team ${1:Rossi} "${2:reason}"', 'a team wins; the game ends')],
    ...ending('game', 'a win'), expressions: (s) => [s.team, ...reasonValues(s)],
  },
  eliminate: {
    forms: [form('eliminate', 'eliminate ${1:current} "${2:reason}"', 'a player leaves the game')],
    ...ending('player', 'an elimination'), expressions: (s) => [s.player, ...textValues(s.parts)],
  },
  'end-turn': {
    forms: [form('end turn', 'end turn', 'the turn ends here')],
    flow: 'ending', ends: 'turn', changesState: false, drawsByLot: false, orderDependent: 'the end of the turn',
  },
  'draw-game': {
    forms: [form('end game', 'end game "${1:reason}"', 'the game ends in a draw', { naming: ['game'] })],
    ...ending('game', 'the end of the game'), expressions: (s) => reasonValues(s),
  },
  log: {
    forms: [form('log', 'log "${1:text}"', 'write a line in the game log', { naming: ['log'] })],
    flow: 'step', changesState: false, drawsByLot: false, expressions: (s) => textValues(s.parts),
  },
  cite: {
    forms: [form('cite', 'cite "${1:rulebook sentence}"', 'the rulebook sentence behind what follows', { naming: ['cite'] })],
    flow: 'note', changesState: false, drawsByLot: false,
  },
  'deal-roles': {
    forms: [form('deal roles', 'deal roles', 'give every player a role')],
    flow: 'step', changesState: true, drawsByLot: true, orderDependent: 'dealing roles',
  },
  'deal-cards': {
    forms: [
      form('deal', 'deal ${1:6} from ${2:Mazzo} to ${3:Mano}', "a card at a time round the table, into each player's own pile", { label: 'deal cards', followers: ['from', 'to'] }),
      form('deal all', 'deal all from ${1:Mazzo} to ${2:Mano}', "the whole pile, a card at a time round the table", { followers: ['to'] }),
    ],
    ...effect, orderDependent: 'dealing cards', names: (s) => [s.to], expressions: (s) => [s.count, s.from],
  },
  'draw-role': {
    forms: [form('draw role for', 'draw role for ${1:current}', 'a player draws a new role')],
    flow: 'step', changesState: true, drawsByLot: true, orderDependent: 'drawing a role', expressions: (s) => [s.player],
  },
  'discard-role': {
    forms: [form('discard role of', 'discard role of ${1:current}', "a player's role leaves the game")],
    ...effect, orderDependent: 'discarding a role', expressions: (s) => [s.player],
  },
  'first-player': {
    forms: [form('first player by rolling', 'first player by rolling ${1:Dice} highest ${2:0}', 'decide who starts', { followers: ['highest'] })],
    flow: 'step', changesState: true, drawsByLot: true, orderDependent: 'choosing the first player', expressions: (s) => [s.dice, s.score],
  },
  shuffle: {
    forms: [form('shuffle', 'shuffle ${1:Mazzo}', 'shuffle a pile of cards')],
    flow: 'step', changesState: true, drawsByLot: true, orderDependent: 'a shuffle', expressions: (s) => [s.pile],
  },
  'draw-cards': {
    forms: [form('draw', 'draw ${1:1} from ${2:Mazzo} to ${3:Mano}', 'cards from the top of a pile into another', { label: 'draw cards', followers: ['from', 'to'] })],
    ...effect, expressions: (s) => [s.count, s.from, s.to],
  },
  'move-cards': {
    forms: [form('move', 'move ${1:c} to ${2:Scarti}', "cards into a pile ('face down': shown to nobody)", { followers: ['to'] })],
    ...effect, expressions: (s) => [s.cards, s.to],
  },
  reveal: {
    forms: [form('reveal', 'reveal ${1:c}', 'show cards to everybody, or with to, to some players; or lift the cups off dice', { followers: ['to'] })],
    ...effect, expressions: (s) => [s.cards, s.to],
  },
  rotate: {
    forms: [form('rotate', 'rotate ${1:t} clockwise', 'a quarter turn of a tile, with the pieces on it', { followers: ['clockwise', 'counterclockwise'] })],
    ...effect, expressions: (s) => [s.tile],
  },
  'take-off': {
    forms: [form('capture', 'capture ${1:x}', 'pieces taken off the board by an opponent'), form('remove', 'remove ${1:x}', 'pieces leave the board')],
    ...effect, expressions: (s) => [s.pieces],
  },
  simultaneous: {
    forms: [form('simultaneously for each', 'simultaneously for each ${1:p} in ${2:players} {\n\t$0\n}', 'every listed player decides at once, each seeing only their own', { followers: ['in'], naming: ['each'] })],
    flow: 'section', changesState: false, drawsByLot: false, orderDependent: 'another simultaneous block',
    names: (s) => [s.variable], expressions: (s) => [s.list], blocks: (s) => [s.body],
  },
  'next-turn': {
    forms: [form('next turn to', 'next turn to ${1:current}', 'who plays the next turn, instead of the next seat')],
    ...effect, expressions: (s) => [s.player],
  },
  error: { forms: [], flow: 'note', changesState: false, drawsByLot: false },
};
