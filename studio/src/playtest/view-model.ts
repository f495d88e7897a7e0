/**
 * What the playtest pane shows, derived from the engine's view as plain data so it can be tested
 * without a browser. Nothing here decides what a viewer may see: `PlayerView` already hides it
 * (others' secret roles, private log lines, another player's choices), and every function below
 * only reads that view — the legal moves are asked of the match only when the view itself shows
 * the viewer the choices.
 */
import {
  gameOverPhase, randomMove, setupPhase, type GameDefinition, type LegalMove, type Move, type PlayerView, type Value, type Viewer,
} from '../../../interpreter/index.ts';
import { playerCounts, reasonText } from '../../../interpreter/index.ts';

/** The bots' generator state (interpreter/runtime/bot-random.ts). */
export interface BotRandom { state: number }

// ---------------------------------------------------------------------------------------------
// The toolbar

export interface SelectOption { value: string; label: string }

/** "View as": the referee, who sees everything, then each seat. */
export function viewerOptions(players: number): SelectOption[] {
  return [{ value: 'referee', label: 'Referee' }, ...Array.from({ length: players }, (_, seat) => ({ value: String(seat), label: seatName(seat) }))];
}

export function viewerValue(viewer: Viewer): string { return viewer === 'referee' ? 'referee' : String(viewer); }
export function viewerFromValue(value: string): Viewer { return value === 'referee' ? 'referee' : Number(value); }
export function viewerName(viewer: Viewer): string { return viewer === 'referee' ? 'Referee' : seatName(viewer); }

/** A viewer that still has a seat at this table (a restart with fewer players falls back to the referee). */
export function fitViewer(viewer: Viewer, players: number): Viewer {
  return viewer === 'referee' || (Number.isInteger(viewer) && viewer >= 0 && viewer < players) ? viewer : 'referee';
}

export function playerCountOptions(definition: Pick<GameDefinition, 'minPlayers' | 'maxPlayers' | 'allowedPlayers'>): number[] {
  return playerCounts(definition);
}

/** The variants, after "no variant" (the value '' stands for null). */
export function variantOptions(definition: Pick<GameDefinition, 'variants'>): SelectOption[] {
  return [{ value: '', label: 'no variant' }, ...[...definition.variants.keys()].map((name) => ({ value: name, label: name }))];
}

function seatName(seat: number): string { return `P${seat + 1}`; }

// ---------------------------------------------------------------------------------------------
// Symbols: every token and die face gets a colour and a monogram, the same wherever it appears

export interface SymbolStyle {
  name: string;
  /** One or two letters (or the number itself for numbered faces). */
  monogram: string;
  /** A hue in degrees, spread evenly over the game's symbols so no two look alike. */
  hue: number;
  numeric: boolean;
  /** The rules' own colour (`look … colour`, table-looks.ts) and the ink that reads on it. */
  colour?: string;
  ink?: string;
}

export type Palette = Map<string, SymbolStyle>;

export function symbolPalette(definition: Pick<GameDefinition, 'tokens' | 'pools'>): Palette {
  const names = [...new Set([...definition.tokens, ...definition.pools.flatMap((pool) => pool.faces)])];
  const named = names.filter((name) => !isNumeric(name));
  const palette: Palette = new Map();
  named.forEach((name, i) => palette.set(name, { name, monogram: monogram(name, named), hue: hueFor(i), numeric: false }));
  for (const name of names.filter(isNumeric)) palette.set(name, { name, monogram: name, hue: 220, numeric: true });
  return palette;
}

/** Hues far apart in order (orange, green, blue, pink, violet, teal…); past them, the golden angle. */
const hues = [25, 140, 215, 335, 270, 180, 48, 0, 95, 195, 300, 160];

export function hueFor(index: number): number {
  return index < hues.length ? hues[index] : Math.round((index * 137.508) % 360);
}

function isNumeric(name: string): boolean { return /^-?\d+$/.test(name); }

/** The first letter, or as many letters as it takes to tell the symbol from the others. */
function monogram(name: string, all: string[]): string {
  const letters = name.replace(/[^\p{L}\p{N}]/gu, '') || name;
  for (let length = 1; length <= Math.min(3, letters.length); length++) {
    const candidate = letters.slice(0, length).toLowerCase();
    const clash = all.some((other) => other !== name && (other.replace(/[^\p{L}\p{N}]/gu, '') || other).slice(0, length).toLowerCase() === candidate);
    if (!clash) return capitalise(letters.slice(0, length));
  }
  return capitalise(letters.slice(0, 2));
}

function capitalise(text: string): string { return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase(); }

export interface Segment { text: string; symbol: SymbolStyle | null }

/** Splits a label so each symbol it names ("Dado 2: Vino") can be drawn as a chip. */
export function segments(label: string, palette: Palette): Segment[] {
  const names = [...palette.values()].filter((s) => !s.numeric).map((s) => s.name).sort((a, b) => b.length - a.length);
  if (names.length === 0) return [{ text: label, symbol: null }];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${names.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  const parts: Segment[] = [];
  let last = 0;
  for (const match of label.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: label.slice(last, match.index), symbol: null });
    parts.push({ text: match[0], symbol: palette.get(match[0]) ?? null });
    last = match.index + match[0].length;
  }
  if (last < label.length) parts.push({ text: label.slice(last), symbol: null });
  return parts;
}

function escapeRegExp(text: string): string { return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }

// ---------------------------------------------------------------------------------------------
// The table

/** A value as the rules file would write it. */
export function formatValue(value: Value): string {
  if (value === null) return 'none';
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  return String(value);
}

export interface Headline {
  title: string;
  /** "Setup", "Turn 12" or "Game over". */
  turn: string;
  phase: string | null;
  /** "P3's turn", or null before the first turn and after the end. */
  current: string | null;
}

export function headline(view: PlayerView): Headline {
  const over = view.outcome !== null;
  const inSetup = view.turn === 0 && !over;
  const phase = view.phase === setupPhase || view.phase === gameOverPhase ? null : view.phase;
  return {
    title: view.title,
    // The round tells how often play went round the table: what war games and time limits count.
    turn: over ? `Game over after turn ${view.turn}` : inSetup ? 'Setup' : `Turn ${view.turn}${view.turnLimit !== null ? ` of ${view.turnLimit}` : ''} · round ${view.round}`,
    phase: over || inSetup ? null : phase,
    current: over || inSetup || view.current === null ? null : `${view.current}'s turn`,
  };
}

export type RoleCard =
  | { kind: 'visible'; name: string; note: 'your role' | 'public' | 'revealed' | 'secret (seen as referee)' }
  | { kind: 'hidden' };

export interface TokenChip { token: string; count: number; symbol: SymbolStyle | null }

export interface PlayerCard {
  name: string;
  seat: number;
  /** It is this player's turn. */
  isCurrent: boolean;
  /** This player must make the pending choice (not always the one whose turn it is). */
  isChoosing: boolean;
  isViewer: boolean;
  out: boolean;
  /** Short badges in order: "turn", "choosing", "you", "out of the game", "winner". */
  badges: string[];
  /** The statuses the player holds now (from the rules' thresholds), in the rules' order. */
  statuses: string[];
  tokens: TokenChip[];
  variables: { name: string; text: string }[];
  role: RoleCard | null;
  /** The player's team, in a game with teams. */
  team: TeamStyle | null;
  /** The player's own piles (a hand), as the viewer may see them. */
  piles: PileRow[];
}

export function playerCards(view: PlayerView, palette: Palette, teams: TeamStyles = new Map(), faces: CardFaces = new Map()): PlayerCard[] {
  // Everyone with an open choice: several at once in a simultaneous block.
  const choosing = new Set(view.waiting.length ? view.waiting : view.pending ? [view.pending.player] : []);
  const winners = new Set(view.outcome?.winnerNames ?? []);
  return view.players.map((player) => {
    const isViewer = view.viewer === player.seat;
    const isChoosing = choosing.has(player.name) && view.outcome === null;
    const isCurrent = player.isCurrent && view.outcome === null && view.turn > 0;
    const badges = [
      ...(isCurrent ? ['turn'] : []),
      ...(isChoosing ? ['choosing'] : []),
      ...(isViewer ? ['you'] : []),
      ...(!player.active ? ['out of the game'] : []),
      ...(winners.has(player.name) ? ['winner'] : []),
    ];
    return {
      name: player.name, seat: player.seat, isCurrent, isChoosing, isViewer, out: !player.active, badges, statuses: player.statuses ?? [],
      tokens: player.tokens.map((t) => ({ token: t.token, count: t.count, symbol: palette.get(t.token) ?? null })),
      variables: player.variables.map((v) => ({ name: v.name, text: formatValue(v.value) })),
      role: roleCard(player),
      team: player.team === null ? null : teams.get(player.team) ?? { name: player.team, hue: 0, saturation: 0, lightness: 40 },
      piles: player.piles.map((pile) => pileRow(pile, faces)),
    };
  });
}

function roleCard(player: PlayerView['players'][number]): RoleCard | null {
  switch (player.roleVisibility) {
    case 'none': return null;
    case 'hidden': return { kind: 'hidden' };
    case 'own': return { kind: 'visible', name: player.role ?? '', note: 'your role' };
    case 'public': return { kind: 'visible', name: player.role ?? '', note: 'public' };
    case 'revealed': return { kind: 'visible', name: player.role ?? '', note: 'revealed' };
    case 'referee': return { kind: 'visible', name: player.role ?? '', note: 'secret (seen as referee)' };
  }
}

// ---------------------------------------------------------------------------------------------
// Teams and cards: a colour per team, a face per kind of card, piles as rows of cards

export interface Colour { hue: number; saturation: number; /** Of its strong colour (black is dark, white pale). */ lightness: number }

/** A team's colour, from a property that names one (`colore "rosso"`), else one of its own. */
export interface TeamStyle extends Colour { name: string }

export type TeamStyles = Map<string, TeamStyle>;

/** Colour words, Italian and English, by their stem: [pattern, hue, saturation, lightness]. */
const colourWords: [RegExp, number, number, number][] = [
  [/^(ross|red|rouge|rot\b)/, 0, 68, 42], [/^(aranc|orange)/, 25, 80, 42], [/^(giall|yellow|gold|oro\b)/, 45, 85, 36],
  [/^(verd|green)/, 135, 55, 32], [/^(azzurr|celest|cyan|turches|teal)/, 190, 65, 34], [/^(blu|blue)/, 222, 65, 42],
  [/^(viol|purple|porpor|lilla)/, 275, 55, 45], [/^(rosa|pink|fucsi|magenta)/, 330, 65, 45], [/^(marron|brown)/, 25, 45, 32],
  [/^(ner|black)/, 220, 10, 16], [/^(grig|gr[ae]y|argent|silver)/, 220, 8, 45], [/^(bianc|white)/, 40, 10, 62],
];

/** The colour a word names ("rosso", "Blu", "grey"), or null when it names none the table knows. */
export function namedColour(word: string): Colour | null {
  const known = colourWords.find(([pattern]) => pattern.test(word.trim().toLowerCase()));
  return known ? { hue: known[1], saturation: known[2], lightness: known[3] } : null;
}

/** Each seat's colour where the table shows who holds what (a territory's owner): the colour words' red, blue, green, yellow, violet, teal, orange, pink, brown, grey. */
const seatColourOrder = [0, 5, 3, 2, 6, 4, 1, 7, 8, 10];

export function seatColour(seat: number): Colour {
  const word = colourWords[seatColourOrder[seat]];
  return word ? { hue: word[1], saturation: word[2], lightness: word[3] } : { hue: hueFor(seat), saturation: 55, lightness: 40 };
}

/** Hues for teams without a colour: red, blue, green, yellow, violet, teal. */
const teamHues = [0, 222, 135, 45, 275, 190];

export function teamStyles(definition: Pick<GameDefinition, 'teams' | 'teamProperties'>): TeamStyles {
  const property = definition.teamProperties.findIndex((name) => /^(colou?re?|farbe|couleur)$/i.test(name));
  const styles: TeamStyles = new Map();
  definition.teams.forEach((team, i) => {
    const value = property >= 0 ? team.properties[property] : null;
    const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
    const known = word ? colourWords.find(([pattern]) => pattern.test(word)) : undefined;
    styles.set(team.name, known
      ? { name: team.name, hue: known[1], saturation: known[2], lightness: known[3] }
      : { name: team.name, hue: teamHues[i % teamHues.length], saturation: 60, lightness: 40 });
  });
  return styles;
}

/** A kind of card as drawn face up: its name, a colour of its own, its first property in the corner or under the name. */
export interface CardFace {
  name: string;
  hue: number;
  /** The first property's value when short (a card's value, "11"), else null. */
  corner: string | null;
  /** The first property's value when it is a longer text (a Risiko! card's arm, "Fanteria"), else null. */
  subtitle: string | null;
  /** Its properties as the rules write them ("valore 11", "territorio Alaska"), for a tooltip. */
  detail: string;
}

export type CardFaces = Map<string, CardFace>;

export function cardFaces(definition: Pick<GameDefinition, 'cards' | 'cardProperties' | 'cardPropertyKinds' | 'zones' | 'regions' | 'teams'>): CardFaces {
  const faces: CardFaces = new Map();
  // Places and teams by their names, not by the numbers the engine keeps them as.
  const shown = (value: Value, i: number): string => {
    const kind = definition.cardPropertyKinds[i];
    if (typeof value === 'number' && kind === 'zone') return definition.zones[-value - 1]?.name ?? String(value);
    if (typeof value === 'number' && kind === 'region') return definition.regions[value]?.name ?? String(value);
    if (typeof value === 'number' && kind === 'team') return definition.teams[value]?.name ?? String(value);
    if (Array.isArray(value)) return value.map((v) => shown(v, i)).join(', ');
    return formatValue(value);
  };
  for (const card of definition.cards) {
    if (faces.has(card.name)) continue;
    const first = card.properties.findIndex((value) => value !== null);
    const corner = first >= 0 ? shown(card.properties[first], first) : null;
    const detail = card.properties.flatMap((value, i) => (value === null ? [] : [`${definition.cardProperties[i]} ${shown(value, i)}`])).join(', ');
    const short = corner !== null && corner.length <= 3;
    const subtitle = !short && first >= 0 && typeof card.properties[first] === 'string' ? corner : null;
    faces.set(card.name, { name: card.name, hue: hueFor(faces.size), corner: short ? corner : null, subtitle, detail });
  }
  return faces;
}

function faceOf(name: string, faces: CardFaces): CardFace {
  return faces.get(name) ?? { name, hue: 0, corner: null, subtitle: null, detail: '' };
}

/** A card the viewer may see (face up), or cards they may not (face down: one back, or a stack of `count`). */
export type CardItem = { kind: 'face'; face: CardFace } | { kind: 'back'; count: number };

export interface PileRow {
  name: string;
  visibility: 'public' | 'hidden' | 'secret';
  count: number;
  /** Top first. */
  items: CardItem[];
  /** Cards past the ones drawn. */
  more: number;
}

type PileView = PlayerView['piles'][number];

/**
 * A pile as a row of cards, top first, exactly as the view gives it: a name is a face, null a
 * back. A run of `stackFrom` or more backs is drawn as one stack with its count (a deck); at most
 * `limit` items are drawn and `more` counts the cards left out.
 */
export function pileRow(pile: PileView, faces: CardFaces, { stackFrom = 6, limit = 12 }: { stackFrom?: number; limit?: number } = {}): PileRow {
  const items: CardItem[] = [];
  let shown = 0;
  for (let i = 0; i < pile.cards.length && items.length < limit;) {
    const name = pile.cards[i];
    if (name !== null) {
      items.push({ kind: 'face', face: faceOf(name, faces) });
      shown++;
      i++;
      continue;
    }
    let run = 1;
    while (i + run < pile.cards.length && pile.cards[i + run] === null) run++;
    if (run >= stackFrom) {
      items.push({ kind: 'back', count: run });
      shown += run;
    } else {
      const backs = Math.min(run, limit - items.length);
      for (let k = 0; k < backs; k++) items.push({ kind: 'back', count: 1 });
      shown += backs;
    }
    i += run;
  }
  return { name: pile.name, visibility: pile.visibility, count: pile.count, items, more: pile.count - shown };
}

/** The shared piles (a deck, the table, a discard): a face-down run is one stack, up to 40 cards face up. */
export function sharedPiles(view: PlayerView, faces: CardFaces): PileRow[] {
  return view.piles.map((pile) => pileRow(pile, faces, { stackFrom: 2, limit: 40 }));
}

export interface TeamMember { name: string; isViewer: boolean; isCurrent: boolean; out: boolean }

export interface TeamCard {
  name: string;
  style: TeamStyle;
  members: TeamMember[];
  variables: { name: string; text: string }[];
  /** The team's own piles (`team pile`), as the viewer may see them. */
  piles: PileRow[];
  /** The viewer plays for this team. */
  isViewerTeam: boolean;
  /** The game was won by this team (every member is a winner). */
  won: boolean;
}

export function teamCards(view: PlayerView, styles: TeamStyles, faces: CardFaces): TeamCard[] {
  const winners = new Set(view.outcome?.kind === 'win' ? view.outcome.winnerNames : []);
  const viewerName = view.viewer === 'referee' ? null : view.players[view.viewer]?.name ?? null;
  return view.teams.map((team, i) => ({
    name: team.name,
    style: styles.get(team.name) ?? { name: team.name, hue: teamHues[i % teamHues.length], saturation: 60, lightness: 40 },
    members: team.members.map((name) => {
      const player = view.players.find((p) => p.name === name);
      return { name, isViewer: name === viewerName, isCurrent: !!player?.isCurrent && view.outcome === null && view.turn > 0, out: player ? !player.active : false };
    }),
    variables: team.variables.map((v) => ({ name: v.name, text: formatValue(v.value) })),
    piles: team.piles.map((pile) => pileRow(pile, faces, { stackFrom: 2, limit: 40 })),
    isViewerTeam: viewerName !== null && team.members.includes(viewerName),
    won: team.members.length > 0 && team.members.every((name) => winners.has(name)),
  }));
}

export interface DieChip { number: number; face: string; symbol: SymbolStyle | null; marks: string[] }

export function diceGroups(view: PlayerView, palette: Palette): { pool: string; dice: DieChip[] }[] {
  const groups: { pool: string; dice: DieChip[] }[] = [];
  for (const die of view.dice) {
    let group = groups.find((g) => g.pool === die.pool);
    if (!group) groups.push(group = { pool: die.pool, dice: [] });
    group.dice.push({ number: die.number, face: die.face, symbol: palette.get(die.face) ?? null, marks: die.marks });
  }
  return groups;
}

export interface ReserveChip { token: string; count: number | null; text: string; symbol: SymbolStyle | null }

export function reserveChips(view: PlayerView, palette: Palette): ReserveChip[] {
  return view.reserve.map((r) => ({ token: r.token, count: r.count, text: r.count === null ? '∞' : String(r.count), symbol: palette.get(r.token) ?? null }));
}

export interface ZoneCard {
  name: string;
  tokens: ReserveChip[];
  /** Variables with a value (a marker, a count), then the zone's own properties (its rules). */
  variables: { name: string; text: string }[];
  properties: { name: string; text: string }[];
}

/** The places on the table, each with the tokens on it; tokens at zero are left out to keep it readable. */
export function zoneCards(view: PlayerView, palette: Palette): ZoneCard[] {
  return view.zones.map((zone) => ({
    name: zone.name,
    tokens: zone.tokens.filter((t) => t.count > 0).map((t) => ({ token: t.token, count: t.count, text: String(t.count), symbol: palette.get(t.token) ?? null })),
    variables: zone.variables.filter((v) => v.value !== null).map((v) => ({ name: v.name, text: formatValue(v.value) })),
    properties: zone.properties.map((p) => ({ name: p.name, text: formatValue(p.value) })),
  }));
}

export interface GlobalRow { name: string; text: string; kind: 'variable' | 'option' | 'deck' }

/** The game's own variables, then its options (set by the variant), then the role deck if any is left. */
export function globalRows(view: PlayerView): GlobalRow[] {
  return [
    ...view.variables.map((v) => ({ name: v.name, text: formatValue(v.value), kind: 'variable' as const })),
    ...view.options.map((o) => ({ name: o.name, text: formatValue(o.value), kind: 'option' as const })),
    ...(view.roleDeck > 0 ? [{ name: 'role deck', text: `${view.roleDeck} card${view.roleDeck === 1 ? '' : 's'}`, kind: 'deck' as const }] : []),
  ];
}

// ---------------------------------------------------------------------------------------------
// The choice in front of someone

/** What the choice panel needs of a match (a `Match` fits). */
export interface MatchLike {
  readonly toAct: number | null;
  readonly outcome: unknown;
  legalMoves(player?: number): LegalMove[];
  readonly state: { pending: { kind: string; need?: number } | null };
}

/** `card`: the choice is a card (its label names one, "Asso" or "Asso (2)"), drawn as that card. */
export interface MoveButton { label: string; move: LegalMove; segments: Segment[]; card: CardFace | null }
export interface PickToggle { label: string; picked: boolean; move: LegalMove | null; segments: Segment[]; card: CardFace | null }

/** The card a choice label names: the name itself, or the name with the engine's "(2)" for a second copy. */
export function choiceCard(label: string, faces: CardFaces): CardFace | null {
  return faces.get(label) ?? faces.get(label.replace(/ \(\d+\)$/, '')) ?? null;
}

/** `together`: "P1, P2 and P3 choose at once", only while several players have a choice open at once. */
export type ChoicePanel =
  | { kind: 'none'; text: string }
  | { kind: 'over' }
  | { kind: 'waiting'; chooser: string; prompt: string; text: string; together?: string }
  | { kind: 'choose'; chooser: string; prompt: string; heading: string; moves: MoveButton[]; together?: string }
  | { kind: 'pick'; chooser: string; prompt: string; heading: string; picks: PickToggle[]; confirm: LegalMove | null; picked: number; need: number | null; together?: string; selection?: SelectionPanel };

/**
 * A selection under a condition: the picks that can still be completed are highlighted (the others
 * are disabled), `total` the running total of a `sum of … by …` condition ("total 5 (must be <= 7)"),
 * `reason` why Confirm is disabled.
 */
export interface SelectionPanel { total: string | null; reason: string | null }

/** Names as a sentence says them: "P1", "P1 and P2", "P1, P2 and P3". */
export function nameList(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0] ?? '';
}

/** The players with an open choice now, by seat (a simultaneous block lists them in its own order). */
export function waitingSeats(view: Pick<PlayerView, 'waiting' | 'players'>): number[] {
  return view.waiting.flatMap((name) => view.players.filter((p) => p.name === name).map((p) => p.seat)).sort((a, b) => a - b);
}

function together(view: PlayerView): { together?: string } {
  const seats = waitingSeats(view);
  return seats.length > 1 ? { together: `${nameList(seats.map(seatName))} choose at once` } : {};
}

/**
 * The pending choice as this viewer may see it: the moves when the view shows them the choices
 * (the chooser themself, or the referee acting for anyone), else who is being waited for. In a
 * simultaneous block a waiting player sees their own choice, whoever the engine is running.
 * Moves open at any time are left out: `openMoveGroups` shows them, in turn or not.
 */
export function choicePanel(view: PlayerView, match: MatchLike, palette: Palette, faces: CardFaces = new Map()): ChoicePanel {
  if (view.outcome) return { kind: 'over' };
  const pending = view.pending;
  if (!pending || match.toAct === null) return { kind: 'none', text: 'nobody has a choice to make' };
  const atOnce = together(view);
  if (pending.choices === null) {
    const waiting = waitingSeats(view).map(seatName);
    const whom = waiting.length > 1 ? nameList(waiting) : pending.player;
    return { kind: 'waiting', chooser: pending.player, prompt: pending.prompt, text: `waiting for ${whom} — ${pending.prompt}`, ...atOnce };
  }
  const moves = match.legalMoves(pending.seat).filter((move) => move.kind !== 'any-time');
  // Only a choice of cards is drawn as cards: No Tav's site "Trivella" shares its name with an action card.
  if (!pending.ofCards) faces = new Map();
  const heading = view.viewer === 'referee' ? `${pending.player} chooses` : `Your choice, ${pending.player}`;
  if (pending.kind !== 'pick' && pending.kind !== 'select') {
    return {
      kind: 'choose', chooser: pending.player, prompt: pending.prompt, heading, ...atOnce,
      moves: moves.map((move) => ({ label: move.choice, move, segments: segments(move.choice, palette), card: choiceCard(move.choice, faces) })),
    };
  }
  const picked = new Set(pending.picked);
  const need = pending.kind === 'pick' ? pending.need : null;
  const picks = pending.choices.map((label) => {
    const move = moves.find((m) => m.choice === (picked.has(label) ? `unpick ${label}` : `pick ${label}`)) ?? null;
    return { label, picked: picked.has(label), move, segments: segments(label, palette), card: choiceCard(label, faces) };
  });
  const about = pending.selection;
  const selection = about && {
    total: about.total === null ? null : `total ${about.total}${about.target ? ` (must be ${about.target})` : ''}`,
    reason: about.reason,
  };
  return {
    kind: 'pick', chooser: pending.player, prompt: pending.prompt, heading, picks,
    confirm: moves.find((m) => m.kind === 'confirm') ?? null, picked: picked.size, need, ...atOnce, ...(selection ? { selection } : {}),
  };
}

export interface OpenMoveGroup { player: string; seat: number; moves: { label: string; move: Move }[] }

/**
 * The moves open at any time, by player, as buttons: the viewer's own (the view gives a player
 * only theirs), or every player's for the referee. They may be taken in turn or not.
 */
export function openMoveGroups(view: Pick<PlayerView, 'openMoves' | 'outcome'>): OpenMoveGroup[] {
  if (view.outcome) return [];
  const groups: OpenMoveGroup[] = [];
  for (const open of view.openMoves) {
    let group = groups.find((g) => g.seat === open.seat);
    if (!group) groups.push(group = { player: open.player, seat: open.seat, moves: [] });
    group.moves.push({ label: open.label, move: { player: open.seat, choice: open.label } });
  }
  return groups.sort((a, b) => a.seat - b.seat);
}

/**
 * Hot seat in a simultaneous block: after `mover` answered, the seat the device must be passed to
 * before the board is shown again — the next chooser, when they were waiting in the same block as
 * the mover (so the mover's answer, and the next one, stay unseen) — else null.
 */
export function handOver(waitingBefore: number[], mover: number, after: { toAct: number | null; waiting: number[]; over: boolean }): number | null {
  if (after.over || after.toAct === null || after.toAct === mover) return null;
  if (waitingBefore.length < 2 || !waitingBefore.includes(mover)) return null;
  return waitingBefore.includes(after.toAct) && after.waiting.includes(after.toAct) ? after.toAct : null;
}

/** A move as a log line would say it. */
export function moveText(move: Move): string { return `${seatName(move.player)}: ${move.choice}`; }

/**
 * Random bots play for whoever must choose, until `stop` says whose choice to wait for, the game
 * ends, or `limit` moves were played. Each move goes through `play`, so a refusal stops it.
 */
export function autoPlay(
  match: MatchLike, play: (move: Move) => string | null, random: BotRandom,
  stop: (toAct: number) => boolean = () => false, limit = 2000,
): { played: number; refusal: string | null } {
  let played = 0;
  while (played < limit && !match.outcome && match.toAct !== null && !(played > 0 && stop(match.toAct))) {
    const moves = match.legalMoves(match.toAct);
    if (moves.length === 0) break;
    const refusal = play(randomMove(moves, random));
    if (refusal) return { played, refusal };
    played++;
  }
  return { played, refusal: null };
}

// ---------------------------------------------------------------------------------------------
// The outcome, the notes, the log

export interface OutcomeBanner { kind: 'win' | 'draw' | 'aborted'; title: string; reason: string }

export function outcomeBanner(view: PlayerView): OutcomeBanner | null {
  const outcome = view.outcome;
  if (!outcome) return null;
  const names = outcome.winnerNames;
  const together = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
  // A team wins by its name, its members beside it.
  const title = outcome.kind === 'win'
    ? outcome.team !== undefined ? `${outcome.team} wins (${together})` : `${together} win${names.length > 1 ? '' : 's'}`
    : outcome.kind === 'draw' ? 'A draw' : 'The game was stopped';
  return { kind: outcome.kind, title, reason: reasonText(outcome) };
}

/** `detail`: lines under a fold titled `detailTitle`; `action`: a button the note offers. */
export interface Note { kind: 'error' | 'warning' | 'info'; text: string; detail?: string[]; detailTitle?: string; action?: 'drop-rest' }

/** What the studio's state says about the game being played. */
export function statusNotes(studio: {
  compiles: boolean; errorCount: number; hasDefinition: boolean; hasMatch: boolean; message: string | null;
  /** Where the replay of the designer's moves stops under the current rules. */
  divergence: { index: number; move: Move; reason: string; later: readonly Move[] } | null;
}): Note[] {
  const notes: Note[] = [];
  if (!studio.hasDefinition) {
    notes.push({ kind: 'error', text: studio.errorCount ? `The rules do not compile yet (${plural(studio.errorCount, 'error')}): fix them to play.` : 'No game loaded.' });
  } else if (!studio.compiles && studio.errorCount > 0) {
    notes.push({ kind: 'warning', text: `The rules have ${plural(studio.errorCount, 'error')}: you are playing the last version that compiled. Fix them and the game updates in place.` });
  }
  if (studio.message) notes.push({ kind: studio.hasMatch ? 'info' : 'error', text: studio.message });
  const stop = studio.divergence;
  if (stop && studio.hasMatch) {
    notes.push({
      kind: 'warning',
      text: `The rules refuse move ${stop.index + 1} (${moveText(stop.move)}): ${stop.reason}. The game stops before it; `
        + `${plural(stop.later.length, 'move')} from there on ${stop.later.length === 1 ? 'is' : 'are'} kept and replay as soon as an edit makes them legal again.`,
      detail: stop.later.map(moveText), detailTitle: `${plural(stop.later.length, 'move')} kept`, action: 'drop-rest',
    });
  }
  return notes;
}

function plural(count: number, word: string): string { return `${count} ${word}${count === 1 ? '' : 's'}`; }

export interface LogLine { index: number; text: string; cite: string | null; at: number | null; player: string | null }
export interface LogGroup { turn: number; heading: string; lines: LogLine[] }

/**
 * The log in turns, oldest first (the pane scrolls to the newest). A turn's own opening line
 * ("turn 3: P2") becomes its heading. Only the last `limit` lines are kept; `earlier` counts the rest.
 */
export function logGroups(view: PlayerView, limit = Infinity): { groups: LogGroup[]; earlier: number; total: number } {
  const total = view.log.length;
  const start = Math.max(0, total - limit);
  const groups: LogGroup[] = [];
  for (let index = start; index < total; index++) {
    const entry = view.log[index];
    let group = groups[groups.length - 1];
    if (!group || group.turn !== entry.turn) {
      groups.push(group = { turn: entry.turn, heading: entry.turn === 0 ? 'Setup' : `Turn ${entry.turn}`, lines: [] });
    }
    if (entry.turn > 0 && entry.player !== null && entry.text === `turn ${entry.turn}: ${entry.player}` && group.lines.length === 0) {
      group.heading = `Turn ${entry.turn} · ${entry.player}`;
      continue;
    }
    // Offset 0 is where the engine puts lines no statement stands behind (a new turn, the turn limit).
    group.lines.push({ index, text: entry.text, cite: entry.cite, at: entry.at > 0 ? entry.at : null, player: entry.player });
  }
  return { groups, earlier: start, total };
}
