/**
 * Scenario tests for rules/risiko.rules. Interpretation numbers (R-n) refer to
 * docs/interpretations/risiko.md.
 */
import { describe, expect, it } from 'vitest';
import { viewFor, type GameState } from '../../interpreter/index.ts';
import { pairsWon } from '../../interpreter/runtime/builtin-values.ts';
import {
  ASK, armies, continent, def, giveCards, hand, objectiveOf, ownerOf, pile, playerVar, Risiko, setObjective, setTerritory, territoryNames, world,
} from './helpers.ts';

/** Plays to the current player's attack question, sets a position, and passes: the next player starts their turn in it. */
function nextTurnIn(game: Risiko, position: (state: GameState, next: number) => void): number {
  game.placeAll();
  expect(game.asking).toBe(ASK.attack);
  const next = (game.state.current + 1) % game.state.seats;
  position(game.state, next);
  game.passTurn();
  expect(game.state.current).toBe(next);
  return next;
}

/** The number of armies each seat has on the board. */
function armiesBySeat(state: GameState): number[] {
  const totals = new Array(state.seats).fill(0);
  for (const name of territoryNames) totals[ownerOf(state, name)!] += armies(state, name);
  return totals;
}

describe('the map (R-2)', () => {
  it('has the 42 territories of the standard world in 6 continents with their bonuses (R-8)', () => {
    expect(def.zones).toHaveLength(42);
    const sizes = Object.fromEntries(def.regions.map((r) => [r.name, [r.territories.length, r.properties[def.regionProperties.indexOf('bonus')]]]));
    expect(sizes).toEqual({
      'Nord America': [9, 5], 'Sud America': [4, 2], Europa: [7, 5], Africa: [6, 3], Asia: [12, 7], Oceania: [4, 2],
    });
  });

  it('has the 82 borders of the Italian board, each written both ways, with the sea links, and every territory reachable', () => {
    const edges = def.zones.reduce((total, zone) => total + zone.neighbours.length, 0) / 2;
    expect(edges).toBe(82);
    def.zones.forEach((zone, z) => {
      for (const other of zone.neighbours) expect(def.zones[-other - 1].neighbours).toContain(-(z + 1));
    });
    const touches = (a: string, b: string) => def.zones[def.zones.findIndex((z) => z.name === a)].neighbours.map((n) => def.zones[-n - 1].name).includes(b);
    for (const [a, b] of [['Alaska', 'Kamchatka'], ['Brasile', 'Africa del Nord'], ['Groenlandia', 'Islanda'], ['Siam', 'Indonesia'], ['Egitto', 'Medio Oriente']]) {
      expect(touches(a, b), `${a} - ${b}`).toBe(true);
    }
    expect(touches('Argentina', 'Africa del Sud')).toBe(false);
    // Where the Italian board differs from Risk's: Medio Oriente touches Cina, not Africa Orientale; Afghanistan does not touch India.
    expect(touches('Medio Oriente', 'Cina')).toBe(true);
    expect(touches('Medio Oriente', 'Africa Orientale')).toBe(false);
    expect(touches('Afghanistan', 'India')).toBe(false);
    const seen = new Set([0]);
    const queue = [0];
    while (queue.length) for (const n of def.zones[queue.shift()!].neighbours) if (!seen.has(-n - 1)) { seen.add(-n - 1); queue.push(-n - 1); }
    expect(seen.size).toBe(42);
  });
});

describe('setup', () => {
  for (const players of [3, 4, 5, 6]) {
    it(`${players} players: every territory held with one army or more, 25 armies each, one secret objective each, 44 cards back in the deck`, () => {
      const game = Risiko.atFirstTurn(players, { seed: players });
      const { state } = game;
      for (const name of territoryNames) {
        expect(ownerOf(state, name)).not.toBeNull();
        expect(armies(state, name)).toBeGreaterThanOrEqual(1);
      }
      // The first player is still to place their reinforcements: everything else is the setup's.
      expect(armiesBySeat(state)).toEqual(new Array(players).fill(25));
      const held = Array.from({ length: players }, (_, seat) => territoryNames.filter((n) => ownerOf(state, n) === seat).length);
      expect(Math.max(...held) - Math.min(...held)).toBeLessThanOrEqual(1);
      expect(pile(state, 'Mazzo')).toHaveLength(44);
      expect(pile(state, 'Mazzo').filter((c) => c === 'Jolly')).toHaveLength(2);
      for (let seat = 0; seat < players; seat++) expect(hand(state, seat)).toEqual([]);
      const objectives = Array.from({ length: players }, (_, seat) => objectiveOf(state, seat));
      expect(new Set(objectives).size).toBe(players);
      // Each player sees their own objective and not the others' (R-26).
      const view = viewFor(def, state, 0);
      expect(view.players[0].piles.find((p) => p.name === 'Obiettivo')!.cards).toEqual([objectives[0]]);
      expect(view.players[1].piles.find((p) => p.name === 'Obiettivo')!.cards).toEqual([null]);
    });
  }

  it('the first player is the one who rolled highest, the ties rolling again (R-3)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const game = new Risiko(4, { seed });
      const rolls = game.logText().filter((l) => l.includes('rolls for first player'));
      const last = new Map(rolls.map((l) => [l.slice(0, 2), Number(l.split(': ')[1])]));
      const best = Math.max(...last.values());
      const winners = [...last].filter(([, v]) => v === best).map(([p]) => p);
      expect(winners).toHaveLength(1);
      expect(`P${game.state.current + 1}`).toBe(winners[0]);
    }
  });

  it('the variant "Dotazione classica" gives 35, 30, 25, 20 armies by player count (R-5)', () => {
    for (const [players, each] of [[3, 35], [4, 30], [5, 25], [6, 20]]) {
      const game = Risiko.atFirstTurn(players, { seed: 7, variant: 'Dotazione classica' });
      expect(armiesBySeat(game.state)).toEqual(new Array(players).fill(each));
    }
  });
});

describe('reinforcements (R-7, R-8, R-9)', () => {
  it('one army per three territories and the bonus of each whole continent', () => {
    const game = Risiko.atFirstTurn(4, { seed: 11 });
    const next = nextTurnIn(game, (state, next) => {
      // 14 territories: all of Sud America and Oceania, and six of Africa's (also whole).
      const mine = [...continent('Sud America'), ...continent('Oceania'), ...continent('Africa')];
      world(state, Object.fromEntries(mine.map((n) => [n, [next, 2]])), [(next + 1) % 4, 3]);
    });
    expect(game.asking).toBe(ASK.place);
    expect(playerVar(game.state, next, 'daPiazzare')).toBe(14 / 3 - (14 % 3) / 3 + 2 + 2 + 3);
    game.answer('Brasile');
    expect(game.choices()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    game.answer('11');
    expect(armies(game.state, 'Brasile')).toBe(13);
    expect(game.asking).toBe(ASK.attack);
  });

  it('two territories and no continent: no reinforcement at all', () => {
    const game = Risiko.atFirstTurn(3, { seed: 12 });
    nextTurnIn(game, (state, next) => world(state, { Argentina: [next, 2], Giappone: [next, 2] }, [(next + 1) % 3, 2]));
    expect(game.asking).toBe(ASK.attack);
  });

  it('reinforcements may be split over several territories', () => {
    const game = Risiko.atFirstTurn(4, { seed: 13 });
    const next = nextTurnIn(game, (state, next) => world(state, Object.fromEntries(continent('Asia').map((n) => [n, [next, 1]])), [(next + 1) % 4, 1]));
    expect(playerVar(game.state, next, 'daPiazzare')).toBe(4 + 7);
    game.answer('Siam').answer('4');
    game.answer('Cina').answer('7');
    expect([armies(game.state, 'Siam'), armies(game.state, 'Cina')]).toEqual([5, 8]);
  });
});

describe('card combinations (R-11, R-12, R-13)', () => {
  const trade = (cards: string[], combination: string, picks: string[] = []) => {
    const game = Risiko.atFirstTurn(4, { seed: 21 });
    const next = nextTurnIn(game, (state, next) => {
      // Nord America and Sud America hold nothing on the cards used below except where said.
      world(state, { Argentina: [next, 1], Perù: [next, 1], Venezuela: [next, 1] }, [(next + 1) % 4, 1]);
      giveCards(state, next, cards);
    });
    // With no combination to make, the only option is taken without asking.
    const offered = game.asking === ASK.trade ? game.choices() : [];
    if (offered.length) game.answer(combination);
    for (const pick of picks) game.answer(pick);
    return { game, next, offered };
  };

  it('three Artiglierie: 4 armies', () => {
    const { game, next } = trade(['Groenlandia', 'Quebec', 'America Centrale'], 'tre Artiglierie: 4 armate');
    expect(playerVar(game.state, next, 'daPiazzare')).toBe(1 + 4);
    expect(pile(game.state, 'Scarti').sort()).toEqual(['America Centrale', 'Groenlandia', 'Quebec']);
    expect(hand(game.state, next)).toEqual([]);
  });

  it('three Fanterie: 6 armies, plus 2 for each card showing a territory held', () => {
    // Venezuela and Argentina are Fanteria cards and are held: 6 + 2 + 2.
    const { game, next } = trade(['Venezuela', 'Argentina', 'Alaska'], 'tre Fanterie: 6 armate');
    expect(playerVar(game.state, next, 'daPiazzare')).toBe(1 + 6 + 4);
  });

  it('three Cavallerie: 8 armies', () => {
    const { game, next } = trade(['Ontario', 'Islanda', 'Ucraina'], 'tre Cavallerie: 8 armate');
    expect(playerVar(game.state, next, 'daPiazzare')).toBe(1 + 8);
  });

  it('one of each: 10 armies', () => {
    const { game, next } = trade(['Alaska', 'Ontario', 'Quebec'], 'Fanteria, Cavalleria e Artiglieria: 10 armate');
    expect(playerVar(game.state, next, 'daPiazzare')).toBe(1 + 10);
  });

  it('a joker and two cards of one arm: 12 armies; the joker is discarded too', () => {
    const { game, next } = trade(['Jolly', 'Ontario', 'Islanda'], 'Jolly e due carte uguali: 12 armate');
    expect(playerVar(game.state, next, 'daPiazzare')).toBe(1 + 12);
    expect(pile(game.state, 'Scarti').sort()).toEqual(['Islanda', 'Jolly', 'Ontario']);
  });

  it('only the combinations the hand can make are offered, and trading is never forced', () => {
    const none = trade(['Alaska', 'Alberta', 'Ontario'], 'nessuna combinazione');
    expect(none.offered).toEqual([]);
    expect(none.game.asking).toBe(ASK.place);
    expect(hand(none.game.state, none.next)).toHaveLength(3);
    expect(trade(['Alaska', 'Alberta', 'Stati Uniti Occidentali', 'Ontario', 'Quebec'], 'nessuna combinazione').offered).toEqual([
      'tre Fanterie: 6 armate', 'Fanteria, Cavalleria e Artiglieria: 10 armate', 'nessuna combinazione',
    ]);
  });

  it('two combinations in one turn, the player choosing which cards', () => {
    // Four Fanterie (Venezuela is held: +2 if traded), two Cavallerie, one Artiglieria.
    const { game, next } = trade(['Alaska', 'Alberta', 'Stati Uniti Occidentali', 'Venezuela', 'Ontario', 'Quebec', 'Perù'], 'tre Fanterie: 6 armate',
      ['pick Alaska', 'pick Alberta', 'pick Stati Uniti Occidentali', 'confirm']);
    expect(game.asking).toBe(ASK.trade);
    expect(game.choices()).toEqual(['Fanteria, Cavalleria e Artiglieria: 10 armate', 'nessuna combinazione']);
    game.answer('Fanteria, Cavalleria e Artiglieria: 10 armate');
    // The only Fanteria and Artiglieria are taken without asking; the Cavalleria is chosen.
    expect(game.choices()).toEqual(['Perù', 'Ontario']);
    game.answer('Perù');
    expect(playerVar(game.state, next, 'daPiazzare')).toBe(1 + 6 + 10 + 2 + 2);
    expect(hand(game.state, next)).toEqual(['Ontario']);
  });

  it('an empty deck is remade from the shuffled discards when a card is drawn (R-13)', () => {
    const game = Risiko.atFirstTurn(3, { seed: 22 });
    const attacker = nextTurnIn(game, (state, next) => {
      world(state, { Brasile: [next, 4], Argentina: [next, 1], 'Africa del Nord': [(next + 1) % 3, 1], Madagascar: [(next + 1) % 3, 1] }, [(next + 2) % 3, 1]);
      const mazzo = state.piles[state.pileBase[def.piles.findIndex((p) => p.name === 'Mazzo')]];
      const scarti = state.piles[state.pileBase[def.piles.findIndex((p) => p.name === 'Scarti')]];
      scarti.push(...mazzo.splice(0));
    });
    game.placeAll();
    setTerritory(game.state, 'Brasile', attacker, 4);
    // The defender has one army: their one die is declared without asking, and the roll follows.
    // Three armies moved in leave one behind: nothing more to move, so no question.
    game.attack('Brasile', 'Africa del Nord').rig([6, 1, 1, 1]).answer('3');
    game.answer('fine degli attacchi');
    if (game.asking === ASK.fortify) game.answer('nessuno spostamento');
    expect(hand(game.state, attacker)).toHaveLength(1);
    expect(pile(game.state, 'Mazzo')).toHaveLength(43);
    expect(pile(game.state, 'Scarti')).toEqual([]);
  });
});

describe('attacks (R-15, R-16)', () => {
  /** The next player attacks from Brasile (their armies) into Africa del Nord (the defender's). */
  const battle = (attackerArmies: number, defenderArmies: number) => {
    const game = Risiko.atFirstTurn(4, { seed: 31 });
    let attacker = -1;
    let defender = -1;
    nextTurnIn(game, (state, next) => {
      attacker = next;
      defender = (next + 1) % 4;
      // A second territory for the defender: a player's last one cannot be attacked in the first rounds.
      world(state, { Brasile: [next, attackerArmies], Argentina: [next, 1], 'Africa del Nord': [defender, defenderArmies], Madagascar: [defender, 1] }, [(next + 2) % 4, 2]);
    });
    game.placeAll();
    // Reinforcements went to the first territory offered; put the armies back where the test wants them.
    setTerritory(game.state, 'Brasile', attacker, attackerArmies);
    setTerritory(game.state, 'Argentina', attacker, 1);
    return { game, attacker, defender };
  };

  it('attacks only from a territory with two armies or more, into a neighbouring enemy territory', () => {
    const game = Risiko.atFirstTurn(4, { seed: 32 });
    nextTurnIn(game, (state, next) => world(state, {
      Brasile: [next, 3], Argentina: [next, 2], Perù: [next, 1], Giappone: [next, 1], 'Africa del Nord': [(next + 1) % 4, 2], Madagascar: [(next + 1) % 4, 1],
    }, [(next + 2) % 4, 2]));
    game.placeAll().answer('attacca');
    expect(game.asking).toBe(ASK.from);
    // The reinforcements went to Perù (the first offered). Argentina has two armies but borders
    // only its owner's territories; Giappone has one army.
    expect(game.choices()).toEqual(['Perù', 'Brasile']);
    game.answer('Brasile');
    expect(game.choices()).toEqual(['Venezuela', 'Africa del Nord']);
  });

  it('up to three dice and never all the armies; the defender declares up to three before the roll', () => {
    const { game, defender } = battle(3, 5);
    game.attack('Brasile', 'Africa del Nord');
    expect(game.choices()).toEqual(['1', '2']);
    const rolled = () => game.logText().filter((l) => l.includes(' rolls ')).length;
    const before = rolled();
    game.answer('2');
    expect(game.asking).toBe(ASK.defendDice);
    expect(game.chooser).toBe(defender);
    expect(game.choices()).toEqual(['1', '2', '3']);
    expect(rolled()).toBe(before);
  });

  it('highest against highest, ties to the defender: 6-5-1 against 5-5 costs each side one army', () => {
    const { game } = battle(4, 3);
    game.attack('Brasile', 'Africa del Nord').answer('3');
    game.rig([6, 5, 1, 5, 5]).answer('2');
    const attacker = `P${game.state.current + 1}`;
    expect(game.logText().slice(-8).filter((l) => l.includes('rolls'))).toEqual([`${attacker} rolls Rossi: 6, 5, 1`, `${attacker} rolls Blu: 5, 5`]);
    expect(game.logText()).toContain(`${attacker}: P${((game.state.current + 1) % 4) + 1} perde 1 armate, ${attacker} ne perde 1`);
    expect([armies(game.state, 'Brasile'), armies(game.state, 'Africa del Nord')]).toEqual([3, 2]);
    expect(game.asking).toBe(ASK.again);
  });

  it('one die each: the loser loses one army, the defender winning a tie', () => {
    const { game } = battle(2, 2);
    // Two armies: one die, taken without asking; the defender chooses.
    game.attack('Brasile', 'Africa del Nord');
    expect(game.asking).toBe(ASK.defendDice);
    game.rig([4, 4]).answer('1');
    expect([armies(game.state, 'Brasile'), armies(game.state, 'Africa del Nord')]).toEqual([1, 2]);
    // With one army left the attack cannot go on from Brasile.
    expect(game.asking).toBe(ASK.attack);
  });

  it('every outcome of a roll matches the comparison in pairs', () => {
    for (let trial = 0; trial < 30; trial++) {
      const { game } = battle(4, 3);
      game.state.rng = 1000 + trial * 7919;
      game.attack('Brasile', 'Africa del Nord').answer(String(1 + (trial % 3)));
      game.answer(String(1 + (trial % 2)));
      const [red, blue] = game.logText().slice(-6).filter((l) => l.includes('rolls')).map((l) => l.split(': ')[1].split(', ').map(Number));
      const won = pairsWon(red, blue);
      const pairs = Math.min(red.length, blue.length);
      expect(armies(game.state, 'Africa del Nord')).toBe(3 - won);
      expect(armies(game.state, 'Brasile')).toBe(4 - (pairs - won));
    }
  });

  it('the attacker may renew the attack as often as they like, or suspend it', () => {
    const { game } = battle(6, 6);
    game.attack('Brasile', 'Africa del Nord');
    game.rig([1, 6]).answer('1').answer('1');
    expect(game.choices()).toEqual(["rinnova l'attacco", "sospendi l'attacco"]);
    game.answer("rinnova l'attacco");
    expect(game.asking).toBe(ASK.attackDice);
    game.rig([1, 6]).answer('1').answer('1').answer("sospendi l'attacco");
    expect(game.asking).toBe(ASK.attack);
  });
});

describe('conquest and moving in (R-18, R-19)', () => {
  const conquer = () => {
    const game = Risiko.atFirstTurn(4, { seed: 41 });
    let attacker = -1;
    nextTurnIn(game, (state, next) => {
      attacker = next;
      world(state, { Brasile: [next, 6], 'Africa del Nord': [(next + 1) % 4, 1], Madagascar: [(next + 1) % 4, 1] }, [(next + 2) % 4, 2]);
    });
    game.placeAll();
    setTerritory(game.state, 'Brasile', attacker, 6);
    game.attack('Brasile', 'Africa del Nord').rig([6, 2, 2, 3]).answer('3');
    return { game, attacker };
  };

  it('the conqueror moves in with the dice of the last roll, then as many more as wanted, leaving one behind', () => {
    const { game, attacker } = conquer();
    expect(ownerOf(game.state, 'Africa del Nord')).toBe(attacker);
    expect(armies(game.state, 'Africa del Nord')).toBe(3);
    expect(game.asking).toBe(ASK.moveIn);
    expect(game.choices()).toEqual(['0', '1', '2']);
    game.answer('2');
    expect([armies(game.state, 'Brasile'), armies(game.state, 'Africa del Nord')]).toEqual([1, 5]);
  });

  it('the conquered territory is a base for a further attack', () => {
    const { game } = conquer();
    game.answer('2').answer('attacca');
    // Brasile is left with one army: the conquered territory is the only base, taken without asking.
    expect(game.logText().at(-1)).toContain(`Africa del Nord (${ASK.from}, the only choice)`);
    expect(game.choices()).toEqual(['Europa Occidentale', 'Europa Meridionale', 'Egitto', 'Africa Orientale', 'Congo']);
  });

  it('one card at the end of a turn with a conquest, one only; none without', () => {
    const { game, attacker } = conquer();
    game.answer('0').answer('fine degli attacchi').answer('nessuno spostamento');
    expect(hand(game.state, attacker)).toHaveLength(1);
    expect(pile(game.state, 'Mazzo')).toHaveLength(43);
    const next = game.state.current;
    game.passTurn();
    expect(hand(game.state, next)).toHaveLength(0);
  });
});

describe('fortifying (R-33)', () => {
  it('one move of any number of armies to an adjacent own territory, leaving one; then the turn ends', () => {
    const game = Risiko.atFirstTurn(4, { seed: 51 });
    const player = nextTurnIn(game, (state, next) => world(state, { Siam: [next, 5], India: [next, 1], Cina: [(next + 1) % 4, 1] }, [(next + 2) % 4, 1]));
    game.placeAll();
    setTerritory(game.state, 'Siam', player, 5);
    game.answer('fine degli attacchi').answer('sposta armate');
    // Siam is the only territory with armies to spare and India its only own neighbour: both taken without asking.
    expect(game.logText().slice(-2)).toEqual([
      `P${player + 1}: Siam (${ASK.fortifyFrom}, the only choice)`, `P${player + 1}: India (${ASK.fortifyTo}, the only choice)`,
    ]);
    expect(game.choices()).toEqual(['1', '2', '3', '4']);
    game.answer('4');
    expect([armies(game.state, 'Siam'), armies(game.state, 'India')]).toEqual([1, 5]);
    expect(game.state.current).not.toBe(player);
  });
});

describe('elimination (R-17, R-24)', () => {
  const lastTerritory = (round: number) => {
    const game = Risiko.atFirstTurn(4, { seed: 61 });
    let attacker = -1;
    const victim = () => (attacker + 1) % 4;
    nextTurnIn(game, (state, next) => {
      attacker = next;
      world(state, { Brasile: [next, 6], 'Africa del Nord': [(next + 1) % 4, 1] }, [(next + 2) % 4, 2]);
      giveCards(state, (next + 1) % 4, ['Alaska', 'Alberta']);
      giveCards(state, next, ['Stati Uniti Occidentali']);
      state.round = round;
    });
    game.placeAll();
    setTerritory(game.state, 'Brasile', attacker, 6);
    return { game, attacker, victim: victim() };
  };

  it('before the end of the fourth round a player\'s last territory cannot be attacked', () => {
    const { game } = lastTerritory(4);
    game.answer('attacca');
    expect(game.asking).toBe(ASK.target);
    expect(game.choices()).toEqual(['Venezuela', 'Perù', 'Argentina']);
  });

  it('from the fifth round it can; the conqueror takes the victim\'s cards and may trade them at once', () => {
    const { game, attacker, victim } = lastTerritory(5);
    game.attack('Brasile', 'Africa del Nord').rig([6, 1, 1, 1]).answer('3').answer('0');
    expect(game.state.players[victim].active).toBe(false);
    expect(hand(game.state, victim)).toEqual([]);
    expect(hand(game.state, attacker).sort()).toEqual(['Alaska', 'Alberta', 'Stati Uniti Occidentali']);
    expect(game.asking).toBe(ASK.trade);
    game.answer('tre Fanterie: 6 armate');
    expect(game.asking).toBe(ASK.place);
    expect(playerVar(game.state, attacker, 'daPiazzare')).toBe(6);
  });
});

describe('objectives (R-25, R-26)', () => {
  it('holding every territory of one\'s objective wins at once', () => {
    const game = Risiko.atFirstTurn(4, { seed: 71 });
    let player = -1;
    nextTurnIn(game, (state, next) => {
      player = next;
      setObjective(state, next, 'Africa, Asia e Sud America');
      const mine = [...continent('Africa'), ...continent('Asia'), ...continent('Sud America')].filter((n) => n !== 'Brasile');
      world(state, Object.fromEntries(mine.map((n) => [n, [next, 3]])), [(next + 1) % 4, 1]);
    });
    game.placeAll();
    game.attack('Venezuela', 'Brasile').rig([6, 5, 1]).answer('2');
    expect(game.state.outcome).toBeNull();
    // The objective is checked once the conquest is complete, armies moved in.
    game.answer('0');
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [player], reason: 'ha raggiunto il proprio obiettivo segreto' });
  });
});

describe('the time limit and the score (R-27 to R-30)', () => {
  const objectives = ['Nord America e Asia', 'Europa e Africa, dagli Urali al Medio Oriente', 'Africa, Asia e Sud America'];
  /**
   * Scores a position at the time limit: P1, P2 and P3 hold what `claims` gives them and the
   * objectives above; P4, out of the game, holds the rest, so nothing else counts.
   */
  const scored = (claims: Record<string, [number, number]>, seed = 81) => {
    const game = Risiko.atFirstTurn(4, { seed });
    game.placeAll();
    while (game.state.current === 3) game.passTurn().placeAll();
    const { state } = game;
    objectives.forEach((o, seat) => setObjective(state, seat, o));
    world(state, claims, [3, 1]);
    state.players[3].active = false;
    // The hidden limit drawn in the setup: 10 rounds here; the current player ends the last one.
    state.globals[def.globals.findIndex((g) => g.name === 'fineGiri')] = 10;
    state.round = 10;
    state.firstSeat = [1, 2, 3].map((k) => (state.current + k) % 4).find((seat) => seat !== 3)!;
    game.passTurn();
    return game;
  };
  const points = (game: Risiko) => [0, 1, 2].map((seat) => playerVar(game.state, seat, 'punti'));

  it('the limit is drawn in the setup, 8 to 12 rounds, and no player is told it until the game ends', () => {
    const game = Risiko.atFirstTurn(4, { seed: 80 });
    const shown = (viewer: number | 'referee') => viewFor(def, game.state, viewer).variables.find((v) => v.name === 'fineGiri')?.value;
    const limit = game.state.globals[def.globals.findIndex((g) => g.name === 'fineGiri')] as number;
    expect(limit).toBeGreaterThanOrEqual(8);
    expect(limit).toBeLessThanOrEqual(12);
    expect(shown('referee')).toBe(limit);
    for (const seat of [0, 1, 2, 3]) expect(shown(seat)).toBeUndefined();
    game.state.round = limit;
    game.state.firstSeat = (game.state.current + 1) % 4;
    game.passTurn();
    expect(game.state.outcome?.reason).toBe('il punteggio più alto allo scadere del tempo');
    expect(shown(0)).toBe(limit);
  });

  it('only territories of one\'s objective count, each worth the territories it borders', () => {
    // P1: Ontario 6 (Brasile is not in its objective); P2: Ucraina 6 and Cina 7 (Siam is not); P3: Argentina 2, Madagascar 2.
    const game = scored({ Ontario: [0, 1], Brasile: [0, 1], Ucraina: [1, 1], Cina: [1, 1], Siam: [1, 1], Argentina: [2, 1], Madagascar: [2, 1] });
    expect(points(game)).toEqual([6, 13, 4]);
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [1], reason: 'il punteggio più alto allo scadere del tempo' });
  });

  it('every objective is worth 86 points when wholly held (R-25)', () => {
    const ci = def.cardProperties.indexOf('continenti');
    const ti = def.cardProperties.indexOf('territori');
    const worth = def.cards.filter((c) => c.set === 'Obiettivi').map((card) => {
      const zones = new Set([...(card.properties[ci] as number[]).flatMap((r) => def.regions[r].territories), ...(card.properties[ti] as number[])]);
      return [...zones].reduce((total, z) => total + def.zones[-z - 1].neighbours.length, 0);
    });
    expect(worth).toEqual(new Array(13).fill(86));
  });

  it('a tie on points goes to the most armies on the objective\'s territories', () => {
    const game = scored({ Ontario: [0, 2], Ucraina: [1, 7], Argentina: [2, 1] });
    expect(points(game)).toEqual([6, 6, 2]);
    expect(game.state.outcome!.winners).toEqual([1]);
  });

  it('a further tie is drawn by lot, the same way for the same seed', () => {
    const winners = new Set<number>();
    for (const seed of [81, 82, 83, 84, 85, 86, 87, 88]) {
      const play = () => scored({ Ontario: [0, 3], Ucraina: [1, 3], Argentina: [2, 1] }, seed).state.outcome!.winners;
      const first = play();
      expect(play()).toEqual(first);
      expect([[0], [1]]).toContainEqual(first);
      winners.add(first[0]);
    }
    expect(winners.size).toBe(2);
  });
});

describe('the supply: 100 tanks and 10 flags (R-20, R-21, R-22)', () => {
  it('reinforcements go only where the supply can still show them; what cannot be shown is lost', () => {
    const game = Risiko.atFirstTurn(3, { seed: 91 });
    const player = nextTurnIn(game, (state, next) => {
      // Asia: Urali 19 and eight 18s (9 flags, 73 tanks), India, Cina and Siam 9 (27 tanks): 100 tanks in use.
      const armiesOf = (n: string) => (n === 'Urali' ? 19 : ['India', 'Cina', 'Siam'].includes(n) ? 9 : 18);
      world(state, Object.fromEntries(continent('Asia').map((n) => [n, [next, armiesOf(n)]])), [(next + 1) % 3, 1]);
    });
    expect(playerVar(game.state, player, 'daPiazzare')).toBe(4 + 7);
    // An army on an 18 needs a 101st tank; on a 19 or a 9 it makes a group of 10 the 10th flag can show.
    expect(game.choices()).toEqual(['Urali', 'India', 'Cina', 'Siam']);
    game.answer('Cina').answer('11');
    // Cina takes 10 (up to 19: a flag and 9 tanks); the 11th army fits nowhere and is lost.
    expect(armies(game.state, 'Cina')).toBe(19);
    expect(playerVar(game.state, player, 'daPiazzare')).toBe(0);
    expect(game.logText().some((l) => l.includes('ha esaurito la dotazione: 1 armate di rinforzo vanno perse'))).toBe(true);
    expect(game.asking).toBe(ASK.attack);
  });

  it('a fortifying move that would break a group shown by a flag, with no tank to spare, is taken back', () => {
    const game = Risiko.atFirstTurn(3, { seed: 93 });
    const player = game.state.current;
    game.placeAll();
    // Urali 11 and Siberia 10 (a flag each), eight more flags on 19s, Cina and Siam 9: 91 tanks, all 10 flags.
    const asia = continent('Asia');
    const armiesOf = (n: string) => (n === 'Urali' ? 11 : n === 'Siberia' ? 10 : n === 'Cina' || n === 'Siam' ? 9 : 19);
    world(game.state, Object.fromEntries(asia.map((n) => [n, [player, armiesOf(n)]])), [(player + 1) % 3, 1]);
    game.answer('fine degli attacchi').answer('sposta armate').answer('Urali').answer('Siberia').answer('9');
    // Urali 2 and Siberia 19 would leave one flag fewer in use: 101 tanks. The move is taken back.
    expect([armies(game.state, 'Urali'), armies(game.state, 'Siberia')]).toEqual([11, 10]);
    expect(game.logText().some((l) => l.includes('spostamento annullato'))).toBe(true);
    expect(game.state.current).not.toBe(player);
  });

  it('a fortifying move the supply can show is made', () => {
    const game = Risiko.atFirstTurn(3, { seed: 93 });
    const player = game.state.current;
    game.placeAll();
    const asia = continent('Asia');
    world(game.state, Object.fromEntries(asia.map((n) => [n, [player, n === 'Urali' ? 11 : 3]])), [(player + 1) % 3, 1]);
    game.answer('fine degli attacchi').answer('sposta armate').answer('Urali').answer('Siberia').answer('9');
    expect([armies(game.state, 'Urali'), armies(game.state, 'Siberia')]).toEqual([2, 12]);
  });

  it('a lone flag hit with no tank to change it loses the armies that cannot be shown, but the territory stays', () => {
    const game = Risiko.atFirstTurn(3, { seed: 92 });
    let defender = -1;
    const attacker = nextTurnIn(game, (state, next) => {
      defender = (next + 1) % 3;
      // The defender: Africa del Nord with 10 (one flag), and 100 tanks elsewhere (11 × 9 + 1).
      const others = continent('Asia').slice(0, 11);
      world(state, { Brasile: [next, 4], 'Africa del Nord': [defender, 10], Madagascar: [defender, 1], ...Object.fromEntries(others.map((n) => [n, [defender, 9]])) }, [(next + 2) % 3, 1]);
    });
    game.placeAll();
    setTerritory(game.state, 'Brasile', attacker, 4);
    game.attack('Brasile', 'Africa del Nord').answer('1');
    game.rig([6, 1]).answer('1');
    // 9 armies left would need 9 more tanks than the 100: 8 are lost, one stays.
    expect(armies(game.state, 'Africa del Nord')).toBe(1);
    expect(ownerOf(game.state, 'Africa del Nord')).toBe(defender);
    expect(game.logText().some((l) => l.includes('bandierina'))).toBe(true);
  });
});
