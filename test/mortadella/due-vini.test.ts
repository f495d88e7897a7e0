import { describe, expect, it } from 'vitest';
import { Scenario } from '../support/scenario.ts';

/** Opens a 4-player game at the first roll with the given faces, Deus declined, the first three dice kept. */
function firstRoll(faces: string[]) {
  const game = Scenario.of('mortadella.rules', 4, { seed: 3 });
  const first = game.state.current;
  game.dice(faces).answerWhile('Usare il Deus Ex-Machina?', 'non usare il Deus Ex-Machina');
  game.pick(first, ['Dado 1', 'Dado 2', 'Dado 3']);
  return { game, first, target: (first + 1) % 4 };
}

describe('2 Vini = Ubriacatura', () => {
  it('«fa saltare il prossimo turno a un giocatore a scelta»: the target skips the next turn', () => {
    // The third kept die is a Libro, whose choice keeps the turn open after the Ubriacatura.
    const { game, first, target } = firstRoll(['Vino', 'Vino', 'Libro', 'Torre', 'Popolo']);
    game.choose(first, 'Dado 1').choose(first, 'risolvi in coppia');
    expect(game.pending?.prompt).toBe('Ubriacatura: chi salta il prossimo turno?');
    game.choose(first, `P${target + 1}`);
    expect(game.playerVar(target, 'salta')).toBe(true);
  });

  it('«Il giocatore può annullare l’effetto scartando 2 Segnalini Mortadella»', () => {
    const { game, first, target } = firstRoll(['Vino', 'Vino', 'Libro', 'Torre', 'Popolo']);
    game.tokens(target, { Mortadella: 3 });
    game.choose(first, 'Dado 1').choose(first, 'risolvi in coppia').choose(first, `P${target + 1}`);
    expect(game.pending).toMatchObject({ player: target, prompt: 'Ubriacatura: annullare scartando 2 Mortadella?' });
    game.choose(target, 'scarta 2 Mortadella');
    expect(game.playerVar(target, 'salta')).toBe(false);
    expect(game.held(target, 'Mortadella')).toBe(1);
  });

  it('the skipped player is passed over and the skip is used up', () => {
    const { game, first, target } = firstRoll(['Vino', 'Vino', 'Torre', 'Libro', 'Popolo']);
    game.choose(first, 'Dado 1').choose(first, 'risolvi in coppia').choose(first, `P${target + 1}`);
    game.answerWhile('Il prossimo dado da risolvere', 'Dado 3');
    while (game.state.pending?.prompt === 'Libro: acquisisci Libro o usalo come Jolly') game.choose(first, 'Libro');
    // The turn of `first` is over; `target` skips, so the next decision is made for the player after.
    expect(game.playerVar(target, 'salta')).toBe(false);
    expect(game.logText().some((line) => line === `P${target + 1}: salta il turno`)).toBe(true);
    expect(game.state.current).toBe((target + 1) % 4);
  });
});
