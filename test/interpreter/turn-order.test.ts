/**
 * A turn order the rules set: `next turn to P` names who plays the next turn (in the setup, the
 * first), and `dealer` is a player the rules can move — "the player to the right of the dealer
 * plays first, and the deal passes to the next player every hand", with no empty turn to skip.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { compileRules, randomPlayout, startGame, type GameDefinition, type GameState } from '../../interpreter/index.ts';

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return definition;
}

function play(text: string, players: number, seed: number): GameState {
  const started = startGame(compile(text), { players, seed });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.state;
}

const turnsOf = (state: GameState) => state.log.filter((e) => e.kind === 'turn').map((e) => e.text.replace(/^turn \d+: /, ''));

// Four hands of one round each, played counterclockwise from the dealer's right; the deal passes left.
const hands = `game "Mani" { players 4 }
tokens Carta reserve 100
var mano = 1
setup {
  set dealer = random(players)
  next turn to right(dealer)
}
turns counterclockwise {
  gain 1 Carta
  if current == dealer {
    if mano == 4 { end game "quattro mani" detail "l'ultimo mazziere: {dealer}" }
    set mano = mano + 1
    set dealer = left(dealer)
    next turn to right(dealer)
  }
}
`;

describe('next turn to', () => {
  it('the player to the right of the dealer plays first, each hand ends with the dealer, and the deal passes left', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const state = play(hands, 4, seed);
      const order = turnsOf(state);
      expect(order).toHaveLength(16);
      const seat = (name: string) => Number(name.slice(1)) - 1;
      const firstDealer = (seat(order[0]) + 1) % 4;
      for (let hand = 0; hand < 4; hand++) {
        const dealer = (firstDealer + hand) % 4;
        // Counterclockwise from the dealer's right: right(d), then its right…, the dealer last.
        const expected = [3, 2, 1, 0].map((k) => `P${((dealer + k) % 4) + 1}`);
        expect(order.slice(hand * 4, hand * 4 + 4)).toEqual(expected);
      }
      expect(state.outcome).toMatchObject({ kind: 'draw', reason: 'quattro mani', detail: `l'ultimo mazziere: P${((firstDealer + 3) % 4) + 1}` });
      // Every turn is a real one: each player played exactly 4.
      expect(state.players.map((p) => p.tokens[0])).toEqual([4, 4, 4, 4]);
    }
  });

  it('plays the same in batch mode', () => {
    const definition = compile(hands);
    const logged = randomPlayout(definition, { players: 4, seed: 9, keepMoves: true });
    const quiet = randomPlayout(definition, { players: 4, seed: 9, keepMoves: false });
    expect(quiet.outcome).toEqual(logged.outcome);
    expect(quiet.state.turn).toBe(16);
  });

  it('a named player who is out of the game passes the turn to the next player still in after them', () => {
    const state = play(`game "Fuori" { players 3 }
var primo = true
var ultimo = none
setup { for each p in players { set ultimo = p }  next turn to ultimo }
turns {
  if primo { set primo = false  eliminate left(current) "fuori"  next turn to left(current) }
  else { win current "ultimo" }
}
`, 3, 1);
    expect(turnsOf(state)).toEqual(['P3', 'P2']);
  });

  it('none is a run error, not a silent pass', () => {
    const state = play(`game "Nessuno" { players 2 }
var chi = none
turns { next turn to chi }
`, 2, 1);
    expect(state.outcome?.kind).toBe('aborted');
    expect(state.error?.message).toMatch(/next turn to: a player was expected/);
  });

  it('next and dealer stay free as names: a file that declares dealer keeps its own', () => {
    const state = play(`game "Nomi" { players 2 }
var next = 1
var dealer = 10
turns { set next = next + dealer  if next > 30 { win current "ok" detail "{next}" } }
`, 2, 1);
    expect(state.outcome).toMatchObject({ reason: 'ok', detail: '31' });
  });

  it('the checker wants a player', () => {
    const messages = analyze(`game "G" { players 2 }\nturns { next turn to 3 }\n`).diagnostics.map((d) => `${d.code} ${d.message}`);
    expect(messages).toContainEqual(expect.stringMatching(/^type\/mismatch expected a player here, but this is a number/));
  });
});

describe('dealer', () => {
  it('is a player variable every view shows once the rules set it', () => {
    const definition = compile(hands);
    const state = play(hands, 4, 2);
    expect(definition.globals.map((g) => g.name)).toContain('dealer');
    const dealer = state.globals[definition.globals.findIndex((g) => g.name === 'dealer')];
    expect(typeof dealer).toBe('number');
  });

  it('is not there in a game that does not use it', () => {
    expect(compile(`game "G" { players 2 }\nturns { win current "ok" }\n`).globals).toEqual([]);
  });
});
