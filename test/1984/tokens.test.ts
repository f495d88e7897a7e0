/**
 * Scenario tests for the «controllo» slot of rules/1984.rules (docs/interpretations/1984.md Q-12):
 * its four sub-slots hold at most four Big Brother tokens, and a fifth stays in the reserve. The
 * first tests set a player's tokens between two decisions (through the reserve, so tokens stay
 * conserved); the last reaches a full slot by play only.
 */
import { describe, expect, it } from 'vitest';
import { applyMoveInPlace, legalMoves, type GameState } from '../../interpreter/index.ts';
import { bb, DECLARE, def, drive, start, tokensOf, type Script } from './helpers.ts';

const SLOTS_FULL = 'ha i quattro sotto-slot pieni: il gettone resta nella riserva';
const HATE = "Due minuti d'odio";

function setTokens(state: GameState, seat: number, count: number): void {
  state.reserve[bb]! -= count - state.players[seat].tokens[bb];
  state.players[seat].tokens[bb] = count;
}

const total = (state: GameState) => state.reserve[bb]! + state.players.reduce((sum, p) => sum + p.tokens[bb], 0);

/** The game at the hate's simultaneous question of day 1, every player's answer still open. */
function atTheHate(variant: string | null = null): GameState {
  const state = start(5, 8, variant);
  drive(state, {}, (s) => s.phase === HATE && s.simultaneous !== undefined);
  return state;
}

/** Everybody takes the hate's token; the tokens are handed out once the last has answered. */
function everybodyTakesTheToken(state: GameState): void {
  for (let seat = 0; seat < 5; seat++) applyMoveInPlace(def, state, { player: seat, choice: 'prendi un gettone' });
}

describe('il “controllo” diviso in altri quattro sotto-slot dove vengono posti i segnalini Big Brother', () => {
  it('a player with four tokens who takes the hate\'s token keeps four, and the token stays in the reserve', () => {
    const state = atTheHate();
    setTokens(state, 2, 4);
    const before = Array.from({ length: 5 }, (_, seat) => tokensOf(state, seat));
    const reserve = state.reserve[bb]!;
    const from = state.log.length;
    everybodyTakesTheToken(state);
    expect(Array.from({ length: 5 }, (_, seat) => tokensOf(state, seat))).toEqual(before.map((n, seat) => (seat === 2 ? 4 : n + 1)));
    expect(state.reserve[bb]).toBe(reserve - 4);
    expect(total(state)).toBe(25);
    expect(state.log.slice(from).filter((e) => e.text.endsWith(`P3 ${SLOTS_FULL}`))).toHaveLength(1);
  });

  it('the variant “gettoni senza limite” reads the sub-slots as a legend: the fifth token is taken', () => {
    const state = atTheHate('gettoni senza limite');
    setTokens(state, 2, 4);
    const from = state.log.length;
    everybodyTakesTheToken(state);
    expect(tokensOf(state, 2)).toBe(5);
    expect(state.log.slice(from).map((e) => e.text).some((t) => t.includes(SLOTS_FULL))).toBe(false);
  });

  it('Vigilanza passes a token only to a player with a free sub-slot', () => {
    // P1 keeps a Vigilanza, takes the hate's token, plays the card at lunch; P3 fills up meanwhile.
    const state = start(5, 6);
    const play: Script = {
      wants: { 0: ['Vigilanza'] },
      answer: (_s, seat, prompt) => {
        if (seat !== 0) return undefined;
        if (prompt.startsWith(HATE)) return 'prendi un gettone';
        if (prompt.startsWith('Pausa pranzo')) return 'gioca una carta azione';
        if (prompt.startsWith('Quale carta azione')) return 'Vigilanza';
        return undefined;
      },
    };
    drive(state, play, (s) => s.phase === 'Pausa pranzo');
    setTokens(state, 2, 4);
    drive(state, play, (s) => s.pending?.player === 0 && s.pending.prompt.startsWith('Vigilanza:'));
    const targets = legalMoves(state).map((m) => m.choice).filter((c) => c !== DECLARE);
    expect(targets).toEqual(['P2', 'P4', 'P5']);
  });

  it('by play: a player who takes every token reaches four and no more, the rest staying in the reserve', () => {
    // P1 takes the token in every hate and never plays an action card; the others play the bot.
    const play: Script = { answer: (_s, seat, prompt) => (seat === 0 && prompt.startsWith(HATE) ? 'prendi un gettone' : undefined) };
    for (let seed = 1; seed <= 20; seed++) {
      const state = start(5, seed);
      let most = 0;
      drive(state, play, (s) => {
        for (let seat = 0; seat < 5; seat++) most = Math.max(most, tokensOf(s, seat));
        expect(total(s)).toBe(25);
        return s.log.some((e) => e.text.endsWith(`P1 ${SLOTS_FULL}`));
      });
      if (state.outcome) { expect(most).toBeLessThanOrEqual(4); continue; }
      expect(tokensOf(state, 0)).toBe(4);
      expect(most).toBe(4);
      return;
    }
    throw new Error('no game fills P1\'s four sub-slots');
  });
});
