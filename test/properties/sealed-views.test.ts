/**
 * A sealed answer keeps its secret until the block closes. While a `simultaneously` block is open,
 * what a player sees must be what they saw when it opened, changed only by their own answers (and
 * by moves taken at any time, which everybody sees): no pile, count, variable, token or log line
 * may show that another player has answered, or what. Only `waiting` (who still has to answer) may
 * change, as a sealed envelope put on the table does.
 *
 * The property: over generated games with a sealed block, for every seat and every moment of the
 * block, the seat's view equals the view of a match where only that seat has answered so far.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules, Match, type GameDefinition, type Move, type PlayerView } from '../../interpreter/index.ts';

type Visibility = 'public' | 'hidden' | 'secret';
interface Shape {
  players: number;
  hand: Visibility;
  bid: Visibility;
  /** Where the chosen card goes. */
  to: 'own bid' | 'table' | 'left hand';
  scores: boolean;
  taxes: boolean;
  picks: 1 | 2;
}

function rulesOf(shape: Shape): string {
  const destination = shape.to === 'own bid' ? 'p.Bid' : shape.to === 'table' ? 'Tavolo' : 'left(p).Hand';
  const chosen = shape.picks === 1 ? 'choose c from p.Hand' : 'choose 2 c from p.Hand';
  return `game "Sealed" { players ${shape.players} }
tokens Oro
cards Carte with valore = 0 { each valore in 1 to 12 named "C{valore}" }
pile Box of Carte hidden
pile Tavolo public
player pile Hand ${shape.hand}
player pile Bid ${shape.bid}
player var punti = 0
setup {
  shuffle Box
  deal 3 from Box to Hand
  for each p in players { gain 3 Oro to p }
}
turns {
  simultaneously for each p in players {
    ${chosen} by p prompt "La tua carta sigillata"
    move c to ${destination}
    ${shape.scores ? 'set p.punti = p.punti + count(p.Hand)' : ''}
    ${shape.taxes ? 'discard 1 Oro from p' : ''}
    log "{p} ha scelto"
  }
  end game "offerte fatte"
}`;
}

const shapes = fc.record({
  players: fc.integer({ min: 2, max: 4 }),
  hand: fc.constantFrom<Visibility>('public', 'hidden', 'secret'),
  bid: fc.constantFrom<Visibility>('public', 'hidden', 'secret'),
  to: fc.constantFrom<Shape['to']>('own bid', 'table', 'left hand'),
  scores: fc.boolean(),
  taxes: fc.boolean(),
  picks: fc.constantFrom<1 | 2>(1, 2),
});

function compiled(shape: Shape): GameDefinition {
  const { definition, diagnostics } = compileRules(rulesOf(shape));
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (!definition || errors.length) throw new Error(`${errors.map((d) => d.message).join('; ')}\n${rulesOf(shape)}`);
  return definition;
}

function started(definition: GameDefinition, shape: Shape, seed: number): Match {
  const result = Match.start(definition, { players: shape.players, seed });
  if (!result.ok) throw new Error(result.diagnostic.message);
  return result.match;
}

/** What a seat's view may show inside the block: everything but who still has to answer. */
function sealedPart(view: PlayerView): Omit<PlayerView, 'waiting'> {
  const { waiting: _, ...rest } = view;
  return rest;
}

describe('sealed answers in a simultaneous block', () => {
  it('a seat sees the block as it opened, changed by its own answers only', () => {
    fc.assert(fc.property(shapes, fc.integer({ min: 1, max: 10_000 }), fc.array(fc.nat(), { minLength: 12, maxLength: 12 }), (shape, seed, picks) => {
      const definition = compiled(shape);
      const match = started(definition, shape, seed);
      const played: Move[] = [];
      for (let step = 0; !match.outcome && match.state.simultaneous && step < 40; step++) {
        // Any waiting player may answer next, with any of their moves.
        const waiting = match.view('referee').waiting.map((name) => Number(name.slice(1)) - 1);
        const player = waiting[picks[step % picks.length] % waiting.length];
        // Taking a pick back is a move too, but a game of them only could go on for ever.
        const moves = match.legalMoves(player).filter((m) => m.kind !== 'unpick');
        const move = moves[picks[(step + 5) % picks.length] % moves.length];
        expect(match.apply(move).ok).toBe(true);
        played.push(move);
        if (!match.state.simultaneous) break;
        for (let seat = 0; seat < shape.players; seat++) {
          const alone = started(definition, shape, seed);
          for (const own of played.filter((m) => m.player === seat)) expect(alone.apply(own).ok).toBe(true);
          expect(sealedPart(match.view(seat))).toEqual(sealedPart(alone.view(seat)));
        }
      }
    }), { numRuns: 60 });
  });

  it("the issue's case: after P1 seals High, P2 still sees P1's hand as it was", () => {
    const rules = `game "Sealed" { players 2 }
cards Cards with value = 0 { Low { value 1 } High { value 2 } Mid { value 3 } Top { value 4 } }
pile Box of Cards hidden
player pile Hand public
player pile Bid public
setup {
  move (Box where value <= 2) to top(players).Hand
  move Box to left(top(players)).Hand
}
turns {
  simultaneously for each p in players {
    choose c from p.Hand by p prompt "Your sealed bid"
    move c to p.Bid
  }
  end game "bids in"
}`;
    const { definition } = compileRules(rules);
    const started = Match.start(definition!, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const match = started.match;
    expect(match.apply({ player: 0, choice: 'High' }).ok).toBe(true);
    const p1 = match.view(1).players[0];
    expect(p1.piles.find((p) => p.name === 'Hand')?.cards).toEqual(['Low', 'High']);
    expect(p1.piles.find((p) => p.name === 'Bid')?.cards).toEqual([]);
    // P1 sees their own answer; the referee sees everything.
    expect(match.view(0).players[0].piles.find((p) => p.name === 'Bid')?.cards).toEqual(['High']);
    expect(match.view('referee').players[0].piles.find((p) => p.name === 'Hand')?.cards).toEqual(['Low']);
    expect(match.view(1).waiting).toEqual(['P2']);
  });
});
