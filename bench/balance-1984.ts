/**
 * `npm run bench -- balance-1984`: the faction balance of rules/1984.rules with scripted players,
 * at 5 to 9 players (docs/interpretations/1984.md, Q-1 and "Balance"). Reports win rates, not times.
 *
 * Why scripted players and not the search bots: the search bots' imagined games are random
 * playouts, and random play never builds the Brotherhood's 2+2=4 (the thought piles run out first,
 * and IngSoc wins), so every line looks lost to a Brotherhood bot and it declares at once, wrongly.
 * These players do what a table of beginners would do on purpose, the same for both factions:
 * - they declare at the first decision at which their faction holds its set, and never otherwise
 *   (checked by trying the declaration on a copy: the only thing they know that a player would not —
 *   it stands for a table that counts its opinions right);
 * - at Sveglia they take the symbols their own set still lacks (counting their own opinions and
 *   hand), in the hate they discard a red card when they can, at lunch they play Autocritica when
 *   they hold tokens, and every evening they voice an opinion, a symbol their set lacks when they can;
 * - everything else (draft, work shifts, targets, face up or down) at random.
 * REGOLA_BENCH_GAMES=N sets the games per count (default 200); seeds 1..N. REGOLA_BENCH_VARIANT=name
 * plays a variant of the rules (e.g. "gettoni senza limite", Q-12); REGOLA_BENCH_PLAYERS=6 one count.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileRules } from '../interpreter/index.ts';
import { applyMoveInPlace, cloneState, legalMoves, startGame, type GameState, type LegalMove } from '../interpreter/index.ts';
import type { GameDefinition } from '../interpreter/program/program.ts';
import { wilsonInterval } from '../interpreter/simulation/simulate.ts';

const DECLARE = 'dichiara la vittoria';

interface Table {
  def: GameDefinition;
  pile: (name: string) => number;
  tokens: number;
  /** A dystopia card's symbol, by card name ('' for action cards). */
  symbolOf: Map<string, string>;
}

function tableOf(def: GameDefinition): Table {
  const fields = ['colore', 'simbolo', 'effetto', 'fazione'];
  const symbolOf = new Map<string, string>();
  for (const card of def.cards) if (card.set === 'Distopia') symbolOf.set(card.name, String(card.properties[fields.indexOf('simbolo')]));
  return { def, pile: (name) => def.piles.findIndex((p) => p.name === name), tokens: def.tokens.indexOf('BigBrother'), symbolOf };
}

const cardsOf = (t: Table, s: GameState, name: string, seat: number) => s.piles[s.pileBase[t.pile(name)] + seat];
const nameOf = (label: string) => label.replace(/^pick /, '').replace(/ \(\d+\)$/, '');

/** The symbols a player's set still lacks, counting their own opinions and the cards named in `more`. */
function lacking(t: Table, s: GameState, seat: number, more: string[]): Record<string, number> {
  const faction = t.def.cards[cardsOf(t, s, 'Fazione', seat)[0]].name;
  const need: Record<string, number> = { '2': 2, '+': 1, '=': 1, [faction === 'IngSoc' ? '5' : '4']: 1 };
  const held = [...cardsOf(t, s, 'Opinioni', seat).map((c) => t.def.cards[c].name), ...more];
  for (const card of held) { const symbol = t.symbolOf.get(card) ?? ''; if (need[symbol]) need[symbol]--; }
  return need;
}

function choose(t: Table, s: GameState, random: () => number, checked: Map<number, string>): LegalMove {
  const moves = legalMoves(s).filter((m) => m.kind !== 'unpick');
  const who = s.pending!.player;
  const declare = moves.find((m) => m.choice === DECLARE);
  // Opinions and tokens change between phases, not within one: one look a phase is enough.
  const when = `${s.turn}/${s.phase}`;
  if (declare && checked.get(who) !== when) {
    checked.set(who, when);
    const trial = cloneState(s);
    applyMoveInPlace(t.def, trial, declare);
    if (trial.outcome?.winners.includes(who)) return declare;
  }
  const own = moves.filter((m) => m.choice !== DECLARE);
  const any = (list: LegalMove[]) => list[Math.floor(random() * list.length)];
  const prefer = (wanted: (m: LegalMove) => boolean) => { const list = own.filter(wanted); return list.length ? any(list) : any(own); };
  const needed = (need: Record<string, number>) => (m: LegalMove) => (need[t.symbolOf.get(nameOf(m.choice)) ?? ''] ?? 0) > 0;
  const prompt = s.pending!.prompt;
  const tokens = s.players[who].tokens[t.tokens];
  if (prompt.startsWith('Sveglia')) {
    const pending = s.pending as { labels: string[]; picked?: number[] };
    const taken = (pending.picked ?? []).map((i) => nameOf(pending.labels[i]));
    return prefer((m) => m.kind === 'pick' && needed(lacking(t, s, who, taken))(m));
  }
  if (prompt.startsWith("Due minuti d'odio")) return prefer((m) => m.choice === 'scarta una carta rossa');
  if (prompt.startsWith('Pausa pranzo') && tokens > 0) return prefer((m) => m.choice === 'gioca una carta azione');
  if (prompt.startsWith('Quale carta azione') && tokens > 0) return prefer((m) => nameOf(m.choice) === 'Autocritica');
  if (prompt.startsWith('La Sera')) return prefer((m) => m.choice.startsWith('opinione'));
  if (prompt.startsWith('Quale pensiero')) return prefer(needed(lacking(t, s, who, [])));
  return any(own);
}

export interface BalanceRow { players: number; games: number; fratellanza: number; low: number; high: number; ends: Map<string, number>; meanDays: number }

export function balance(def: GameDefinition, players: number, games: number, variant: string | null = null): BalanceRow {
  const t = tableOf(def);
  const ends = new Map<string, number>();
  let brotherhood = 0;
  let days = 0;
  for (let seed = 1; seed <= games; seed++) {
    let x = (seed * 2654435761) >>> 0 || 1;
    const random = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
    const started = startGame(def, { players, seed, variant });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const state = started.state;
    const checked = new Map<number, string>();
    for (let n = 0; !state.outcome && n < 50_000; n++) applyMoveInPlace(def, state, choose(t, state, random, checked));
    const reason = state.outcome?.reason ?? 'not finished';
    ends.set(reason, (ends.get(reason) ?? 0) + 1);
    if (reason.endsWith('Fratellanza')) brotherhood++;
    days += state.turn;
  }
  const { rate, low, high } = wilsonInterval(brotherhood, games);
  return { players, games, fratellanza: rate, low, high, ends, meanDays: days / games };
}

export function balance1984(): void {
  const path = fileURLToPath(new URL('../rules/1984.rules', import.meta.url));
  const { definition, diagnostics } = compileRules(readFileSync(path, 'utf8'));
  if (!definition) throw new Error(`rules/1984.rules does not compile: ${diagnostics.map((d) => d.message).join('; ')}`);
  const games = Number(process.env.REGOLA_BENCH_GAMES ?? 200);
  const variant = process.env.REGOLA_BENCH_VARIANT || null;
  const counts = process.env.REGOLA_BENCH_PLAYERS ? [Number(process.env.REGOLA_BENCH_PLAYERS)] : [5, 6, 7, 8, 9];
  const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
  console.log(`1984 faction balance, scripted players (bench/balance-1984.ts), ${variant ? `variant "${variant}", ` : ''}${games} games a count, seeds 1..${games}:`);
  for (const players of counts) {
    const row = balance(definition, players, games, variant);
    const ends = [...row.ends].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `${n} ${reason}`).join('; ');
    console.log(`  ${players} players: Fratellanza ${pct(row.fratellanza)} (95% ${pct(row.low)}–${pct(row.high)}), IngSoc ${pct(1 - row.fratellanza)}; ${row.meanDays.toFixed(1)} days; ${ends}`);
  }
}
