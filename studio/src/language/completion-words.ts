/** The words of the language as completion offers them: snippets, and which words may follow which. */

export type Snippet = [label: string, insert: string, detail: string];

export const declarationSnippets: Snippet[] = [
  ['game', 'game "${1:Title}" {\n\tplayers ${2:2} to ${3:4}\n}', 'the game: title and number of players'],
  ['tokens', 'tokens ${1:Name}', 'kinds of tokens the players hold'],
  ['die', 'die ${1:Name} faces ${2:1 to 6}', 'a kind of die and its faces'],
  ['dice', 'dice ${1:Name}: ${2:1} ${3:Die}', 'a set of dice of one kind'],
  ['roles', 'roles secret {\n\t$0\n}', 'the roles dealt to the players'],
  ['var', 'var ${1:name} = ${2:0}', 'a variable of the game'],
  ['player var', 'player var ${1:name} = ${2:0}', 'a variable every player has'],
  ['hidden var', 'hidden var ${1:name} = ${2:0}', 'a variable no player sees (only the referee, until the game ends)'],
  ['secret player var', 'secret player var ${1:name} = ${2:0}', 'a value per player, each seeing only their own (until the game ends)'],
  ['teams', 'teams public seated alternately {\n\t${1:Rossi}\n\t${2:Blu}\n}', 'teams, the seats alternating between them'],
  ['cards', 'cards ${1:Name} with ${2:valore} = ${3:0} {\n\t${4:2} ${5:Card} { ${2:valore} ${6:1} }\n}', 'a set of cards with their properties and copies'],
  ['pile', 'pile ${1:Mazzo} of ${2:Cards} hidden', 'a pile of cards (a deck, a discard, the table)'],
  ['player pile', 'player pile ${1:Mano} secret', 'a pile every player has (a hand)'],
  ['zones', 'zones ${1:Luoghi} {\n\t${2:Zone}\n}', 'places on the table that hold tokens'],
  ['map', 'map ${1:Mondo} {\n\tregion ${2:Nord} bonus ${3:2} { ${4:A}, ${5:B} }\n\tborder ${4:A} - ${5:B}\n}', 'territories in regions, joined by borders'],
  ['option', 'option ${1:name} = ${2:true}', 'a setting a variant can change'],
  ['variant', 'variant ${1:Name} { ${2:option} = ${3:false} }', 'a named set of option values'],
  ['setup', 'setup {\n\t$0\n}', 'what happens once, before the first turn'],
  ['turns', 'turns clockwise {\n\t$0\n}', 'what happens in every turn'],
  ['rule', 'rule ${1:Name}(${2:p}) {\n\t$0\n}', 'a named piece of rules, used with do'],
  ['define', 'define ${1:Name}(${2:p}) = $0', 'a named value, used as Name(…) in expressions'],
];

export const statementSnippets: Snippet[] = [
  ['let', 'let ${1:name} = ${2:value}', 'a local value'],
  ['set', 'set ${1:variable} = ${2:value}', 'change a variable'],
  ['gain', 'gain ${1:1} ${2:Token}', 'take tokens from the reserve'],
  ['discard', 'discard ${1:1} ${2:Token}', 'return tokens to the reserve'],
  ['steal', 'steal ${1:1} ${2:Token} from ${3:player}', 'take tokens from another player'],
  ['roll', 'roll ${1:Dice}', 'roll dice'],
  ['mark', 'mark ${1:mark} on ${2:dice}', 'put a mark on dice'],
  ['unmark', 'unmark ${1:mark} on ${2:dice}', 'take a mark off dice'],
  ['choose', 'choose ${1:x} from ${2:list} by ${3:current} prompt "${4:question}"', 'a player picks a value'],
  ['choose some', 'choose some ${1:xs} from ${2:list} where ${3:sum of xs by value == 10} prompt "${4:question}"', 'a player picks several, under a condition on the whole selection'],
  ['choose by', 'choose by ${1:current} prompt "${2:question}" {\n\toption "${3:label}" { $0 }\n}', 'a player picks one of several options'],
  ['if', 'if ${1:condition} {\n\t$0\n}', 'only when a condition holds'],
  ['for each', 'for each ${1:p} in ${2:players} {\n\t$0\n}', 'for every element of a list'],
  ['while', 'while ${1:condition} {\n\t$0\n}', 'again and again while a condition holds'],
  ['repeat', 'repeat ${1:2} times {\n\t$0\n}', 'a fixed number of times'],
  ['do', 'do ${1:Rule}', 'apply a rule'],
  ['win', 'win ${1:current} "${2:reason}"', 'a player wins; the game ends'],
  ['eliminate', 'eliminate ${1:current} "${2:reason}"', 'a player leaves the game'],
  ['end turn', 'end turn', 'the turn ends here'],
  ['end game', 'end game "${1:reason}"', 'the game ends in a draw'],
  ['log', 'log "${1:text}"', 'write a line in the game log'],
  ['cite', 'cite "${1:rulebook sentence}"', 'the rulebook sentence behind what follows'],
  ['deal roles', 'deal roles', 'give every player a role'],
  ['deal cards', 'deal ${1:6} from ${2:Mazzo} to ${3:Mano}', "a card at a time round the table, into each player's own pile"],
  ['draw role for', 'draw role for ${1:player}', 'a player draws a new role'],
  ['discard role of', 'discard role of ${1:player}', "a player's role leaves the game"],
  ['first player by rolling', 'first player by rolling ${1:Dice} highest ${2:score}', 'decide who starts'],
];
export const phaseSnippet: Snippet = ['phase', 'phase "${1:Name}" {\n\t$0\n}', 'a named part of the turn'];
export const elseSnippet: Snippet = ['else', 'else {\n\t$0\n}', 'otherwise'];
export const optionClauseSnippet: Snippet = ['option', 'option "${1:label}" {\n\t$0\n}', 'one of the options of choose'];

export const constants: [string, string][] = [
  ['current', 'the player whose turn it is'],
  ['players', 'the players still in the game, starting with the current player'],
  ['others', 'the players still in the game except the current player'],
  ['seats', 'the number of players the match started with'],
  ['roles', 'the roles in the game'],
  ['true', ''], ['false', ''], ['none', 'no value'],
];

/** What may follow a word of a statement, once the words before it are there. */
export const followers: Record<string, string[]> = {
  end: ['turn', 'game'], deal: ['roles', 'all'], draw: ['role'], for: ['each'], first: ['player'], else: ['if'],
};

/** Keywords after which a new name is being made up: nothing to suggest. */
export const declaring = new Set(['rule', 'define', 'tokens', 'die', 'dice', 'var', 'let', 'each', 'phase', 'game', 'marks', 'variant', 'option', 'prompt', 'log', 'cite', 'source']);

export const statementStarters = new Set(['let', 'set', 'gain', 'discard', 'steal', 'roll', 'mark', 'unmark', 'choose', 'if', 'else', 'for', 'while', 'repeat', 'do', 'win', 'eliminate', 'end', 'log', 'cite', 'deal', 'draw', 'first', 'phase', 'option']);
export const declarationStarters = new Set(['game', 'tokens', 'die', 'dice', 'roles', 'var', 'player', 'secret', 'option', 'variant', 'setup', 'turns', 'rule', 'define']);
/** Keywords that can end an expression or a statement. */
export const closingKeywords = new Set(['true', 'false', 'none', 'current', 'players', 'others', 'roles', 'turn', 'clockwise', 'counterclockwise', 'secret', 'public']);
