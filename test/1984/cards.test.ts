/**
 * Scenario tests for the designed cards of rules/1984.rules (docs/interpretations/1984.md Q-16 and
 * every action card and every trait, played by the engine to the moment it acts. Positions
 * are reached by play only: scripted players keep the cards they need in the draft and take them at
 * Sveglia (helpers.ts `drive`), and a trait's game is the first seed that deals it.
 */
import { describe, expect, it } from 'vitest';
import { viewFor, type GameState } from '../../interpreter/index.ts';
import { cardsOf, def, drive, factionOf, namesOf, seedWithTrait, start, tokensOf, type Script } from './helpers.ts';

const PLAYERS = 5;
const P = (seat: number) => `P${seat + 1}`;

/** A pile of `seat` as `viewer` sees it: card names, null for a card they may not see. */
const seen = (state: GameState, viewer: number | 'referee', seat: number, pile: string) =>
  viewFor(def, state, viewer).players[seat].piles.find((p) => p.name === pile)!.cards;
const sharedSeen = (state: GameState, viewer: number | 'referee', pile: string) =>
  viewFor(def, state, viewer).piles.find((p) => p.name === pile)!.cards;
const logSince = (state: GameState, from: number) => state.log.slice(from).map((e) => e.text);
const asking = (seat: number, start: string) => (s: GameState) => s.pending?.player === seat && s.pending.prompt.startsWith(start);
const other = (seat: number, k = 1) => (seat + k) % PLAYERS;

/** A script for `seat`: wants `cards`, answers `answers` by the start of the prompt; everybody else is the bot. */
function script(seat: number, cards: string[], answers: [string, string | ((s: GameState) => string)][], more?: Script['answer']): Script {
  return {
    wants: { [seat]: cards },
    answer: (s, who, prompt, labels) => {
      if (who === seat) {
        const found = answers.find(([start]) => prompt.startsWith(start));
        if (found) return typeof found[1] === 'string' ? found[1] : found[1](s);
      }
      return more?.(s, who, prompt, labels);
    },
  };
}

/** Whoever of the others may put an opinion face down this evening does, with a card that sets off nothing. */
function faceDownOpinion(holder: number): Script['answer'] {
  let chosen = -1;
  return (_s, who, prompt, labels) => {
    if (who === holder) return undefined;
    if (prompt.startsWith('La Sera') && chosen < 0 && labels.includes('opinione coperta')) { chosen = who; return 'opinione coperta'; }
    return undefined;
  };
}

describe('action cards at lunch (Q-16)', () => {
  it('Denuncia: a player of your choice takes a token; the card is seen by the others only once all have answered, then goes to the discard', () => {
    const state = start(PLAYERS, 1);
    const target = 2;
    const play = script(0, ['Denuncia'], [
      ['Pausa pranzo', 'gioca una carta azione'], ['Quale carta azione', 'Denuncia'], ['Denuncia:', P(target)],
    ]);
    drive(state, play, (s) => s.phase === 'Pausa pranzo' && s.simultaneous !== undefined && cardsOf(s, 'Vassoio', 0).length > 0);
    // Played, not yet carried out: the player sees their card, the others the tray as it was before anyone answered.
    expect(seen(state, 0, 0, 'Vassoio')).toEqual(['Denuncia']);
    expect(seen(state, 1, 0, 'Vassoio')).toEqual([]);
    const copies = (s: GameState) => [...namesOf(s, 'Pensieri', 0), ...namesOf(s, 'Mano', 0)].filter((c) => c === 'Denuncia').length;
    const held = copies(state);
    drive(state, play, asking(0, 'Denuncia:'));
    expect(state.pending!.labels).not.toContain(P(0));
    const before = tokensOf(state, target);
    const from = state.log.length;
    drive(state, play, (s) => s.phase !== 'Pausa pranzo' || s.pending?.prompt !== state.pending?.prompt);
    expect(tokensOf(state, target)).toBe(before + 1);
    expect(logSince(state, from)).toContain(`${P(target)} gains 1 BigBrother`);
    expect(cardsOf(state, 'Vassoio', 0)).toEqual([]);
    expect(sharedSeen(state, 3, 'Scarti')).toContain('Denuncia');
    // Discarded for good: not back among the thoughts at night with the rest of the hand.
    drive(state, play, (s) => s.turn === 2);
    expect(copies(state)).toBe(held);
  });

  it('Autocritica: discard one of your tokens', () => {
    const state = start(PLAYERS, 2);
    const play = script(0, ['Autocritica'], [
      ["Due minuti d'odio", 'prendi un gettone'], ['Pausa pranzo', 'gioca una carta azione'], ['Quale carta azione', 'Autocritica'],
    ]);
    drive(state, play, (s) => s.phase === 'Pausa pranzo');
    const before = tokensOf(state, 0);
    expect(before).toBeGreaterThanOrEqual(1);
    const from = state.log.length;
    drive(state, play, (s) => s.phase !== 'Pausa pranzo');
    expect(tokensOf(state, 0)).toBe(before - 1);
    expect(logSince(state, from)).toContain('P1 discards 1 BigBrother');
    expect(namesOf(state, 'Scarti')).toContain('Autocritica');
  });

  it("Psicopolizia: look at another player's faction (yours alone to see), then let them be — no token", () => {
    const state = start(PLAYERS, 3);
    const target = 3;
    const play = script(0, ['Psicopolizia'], [
      ['Pausa pranzo', 'gioca una carta azione'], ['Quale carta azione', 'Psicopolizia'], ['Psicopolizia:', P(target)], ['Hai visto', 'lascia stare'],
    ]);
    drive(state, play, (s) => s.phase === 'Pausa pranzo');
    const faction = factionOf(state, target);
    const before = tokensOf(state, target);
    drive(state, play, asking(0, 'Hai visto'));
    expect(state.pending!.prompt).toBe(`Hai visto la fazione di ${P(target)}: lo denunci?`);
    // Shown to the looker alone (reveal … to): the card stays with its owner, the others see its back.
    expect(seen(state, 0, target, 'Fazione')).toEqual([faction]);
    for (const viewer of [1, 2, 4]) expect(seen(state, viewer, target, 'Fazione')).toEqual([null]);
    expect(viewFor(def, state, 0).log.map((l) => l.text)).toContain(`${P(target)} shows P1 ${faction}`);
    expect(viewFor(def, state, 1).log.some((l) => l.text.includes(faction) && l.text.includes(P(target)))).toBe(false);
    drive(state, play, (s) => s.phase !== 'Pausa pranzo');
    expect(tokensOf(state, target)).toBe(before);
    // The card never moved: its owner still holds it, secret to all but the looker, who remembers it.
    expect(factionOf(state, target)).toBe(faction);
    expect(seen(state, 1, target, 'Fazione')).toEqual([null]);
    expect(seen(state, 0, target, 'Fazione')).toEqual([faction]);
  });

  it('Psicopolizia: … then denounce them: they take a token', () => {
    const state = start(PLAYERS, 4);
    const target = 1;
    const play = script(0, ['Psicopolizia'], [
      ['Pausa pranzo', 'gioca una carta azione'], ['Quale carta azione', 'Psicopolizia'], ['Psicopolizia:', P(target)], ['Hai visto', 'denuncia'],
    ]);
    drive(state, play, asking(0, 'Hai visto'));
    const before = tokensOf(state, target);
    drive(state, play, (s) => s.phase !== 'Pausa pranzo');
    expect(tokensOf(state, target)).toBe(before + 1);
    expect(cardsOf(state, 'Fazione', target)).toHaveLength(1);
  });

  it("Buco della Memoria: another player's last opinion, face down, goes to the memory hole unseen (the hand goes back to the thoughts at night, so the card is played on day 2)", () => {
    // The first game where one of the others can put an opinion face down on the first evening (no token yet).
    let state = start(PLAYERS, 5);
    let play: Script = {};
    for (let seed = 5; seed < 40; seed++) {
      state = start(PLAYERS, seed);
      play = script(0, ['Buco della Memoria'], [
        ['Pausa pranzo', (s) => (s.turn >= 2 ? 'gioca una carta azione' : 'passa')], ['Quale carta azione', 'Buco della Memoria'],
      ], faceDownOpinion(0));
      drive(state, play, (s) => s.phase === 'Sveglia' && s.turn === 2);
      if ([1, 2, 3, 4].some((seat) => cardsOf(state, 'Opinioni', seat).length > 0)) break;
    }
    // the card came back to the thought pile with the rest of the hand.
    expect(namesOf(state, 'Pensieri', 0)).toContain('Buco della Memoria');
    const owner = [1, 2, 3, 4].find((seat) => cardsOf(state, 'Opinioni', seat).length > 0)!;
    expect(owner).toBeDefined();
    const opinion = cardsOf(state, 'Opinioni', owner)[0];
    // Face down: its owner sees it, the others a card back.
    expect(seen(state, owner, owner, 'Opinioni')).toEqual([def.cards[opinion].name]);
    expect(seen(state, other(owner), owner, 'Opinioni')).toEqual([null]);
    drive(state, play, (s) => s.phase === 'Secondo turno di lavoro');
    expect(cardsOf(state, 'Opinioni', owner)).toEqual([]);
    expect(cardsOf(state, 'Memoria')).toEqual([opinion]);
    for (const viewer of [0, 1, 2, 3, 4].filter((v) => v !== owner)) expect(sharedSeen(state, viewer, 'Memoria')).toEqual([null]);
    // The log tells the others that a card went, not which.
    expect(viewFor(def, state, 0).log.filter((l) => l.text.includes('on Memoria')).map((l) => l.text)).toEqual([`${P(owner)} puts a card on Memoria face down`]);
  });

  it('Vigilanza: give one of your tokens to another player', () => {
    const state = start(PLAYERS, 6);
    const target = 4;
    const play = script(0, ['Vigilanza'], [
      ["Due minuti d'odio", 'prendi un gettone'], ['Pausa pranzo', 'gioca una carta azione'], ['Quale carta azione', 'Vigilanza'], ['Vigilanza:', P(target)],
    ]);
    drive(state, play, asking(0, 'Vigilanza:'));
    const mine = tokensOf(state, 0);
    const theirs = tokensOf(state, target);
    expect(mine).toBeGreaterThanOrEqual(1);
    drive(state, play, (s) => s.phase !== 'Pausa pranzo');
    expect([tokensOf(state, 0), tokensOf(state, target)]).toEqual([mine - 1, theirs + 1]);
  });
});

describe('traits (Q-17)', () => {
  /** The seat dealt `trait` in the first game that deals it, and that game. */
  function withTrait(trait: string): { state: GameState; seat: number } {
    const [seed, seat] = seedWithTrait(PLAYERS, trait);
    const state = start(PLAYERS, seed);
    expect(seen(state, other(seat), seat, 'Tratto')).toEqual([trait]);
    return { state, seat };
  }

  /** Plays `card` as a face-up (or face-down) opinion on day 1 with `tokens` taken in the hate; returns the tokens before and after. */
  function evening(trait: string, card: string, hate: string, how = 'opinione scoperta') {
    const { state, seat } = withTrait(trait);
    const play = script(seat, [card], [["Due minuti d'odio", hate], ['La Sera', how], ['Quale pensiero', card]]);
    // Stopped at the evening's question: with one thought left in hand the card's choice is forced, not asked.
    drive(state, play, asking(seat, 'La Sera'));
    const before = tokensOf(state, seat);
    const from = state.log.length;
    drive(state, play, (s) => s.phase !== 'La Sera');
    return { state, seat, before, after: tokensOf(state, seat), log: logSince(state, from) };
  }

  it("Ubriacone: scarta tutti i suoi segnalini Big Brother se gioca come carta opinione scoperta il “Gin Vittoria”", () => {
    const { state, seat, before, after, log } = evening('Ubriacone', 'Gin Vittoria', 'prendi un gettone');
    expect(before).toBeGreaterThanOrEqual(1);
    expect(after).toBe(0);
    expect(log).toContain(`${P(seat)} discards ${before} BigBrother`);
    expect(seen(state, other(seat), seat, 'Opinioni')).toEqual(['Gin Vittoria']);
  });

  it('Perverso: Lega Anti-Sesso as a face-up opinion: takes a token', () => {
    const { seat, before, after, log } = evening('Perverso', 'Lega Anti-Sesso', 'prendi un gettone');
    expect(after).toBe(before + 1);
    expect(log).toContain(`${P(seat)} gains 1 BigBrother`);
  });

  it('Perverso: … face down it sets off nothing (a trait never shows a face-down opinion)', () => {
    // Face down needs no token (Ministry of Truth): the Perverso discards a red card in the hate and
    // the first game where the work shifts leave them without a token is played.
    const [seed, seat] = seedWithTrait(PLAYERS, 'Perverso');
    for (let bots = 1; bots <= 30; bots++) {
      const state = start(PLAYERS, seed);
      const play = script(seat, ['Lega Anti-Sesso'], [['La Sera', 'opinione coperta'], ['Quale pensiero', 'Lega Anti-Sesso']]);
      drive(state, play, (s) => s.phase === 'La Sera' && s.pending?.player === seat, bots);
      if (tokensOf(state, seat) > 0) continue;
      drive(state, play, (s) => s.phase !== 'La Sera', bots);
      expect(tokensOf(state, seat)).toBe(0);
      expect(seen(state, seat, seat, 'Opinioni')).toEqual(['Lega Anti-Sesso']);
      expect(seen(state, other(seat), seat, 'Opinioni')).toEqual([null]);
      return;
    }
    throw new Error('no game leaves the Perverso without a token on the first evening');
  });

  it("Sognatore: Paese d'Oro as a face-up opinion: discards a token", () => {
    const { seat, before, after, log } = evening('Sognatore', "Paese d'Oro", 'prendi un gettone');
    expect(before).toBeGreaterThanOrEqual(1);
    expect(after).toBe(before - 1);
    expect(log).toContain(`${P(seat)} discards 1 BigBrother`);
  });

  it("Saggio: Il Libro as a face-up opinion: looks at a faction (seen by the Saggio alone), and may denounce", () => {
    const { state, seat } = withTrait('Saggio');
    const target = other(seat, 2);
    const faction = factionOf(state, target);
    const play = script(seat, ['Il Libro'], [
      ['La Sera', 'opinione scoperta'], ['Quale pensiero', 'Il Libro'], ['Saggio:', P(target)], ['Hai visto', 'denuncia'],
    ]);
    drive(state, play, asking(seat, 'Hai visto'));
    const before = tokensOf(state, target);
    expect(seen(state, seat, target, 'Fazione')).toEqual([faction]);
    expect(seen(state, other(seat), target, 'Fazione')).toEqual([null]);
    drive(state, play, (s) => s.phase !== 'La Sera');
    expect(tokensOf(state, target)).toBe(before + 1);
    expect(factionOf(state, target)).toBe(faction);
  });

  it("Archivista: Fotografia as a face-up opinion: another player's last opinion goes to the memory hole", () => {
    const { state, seat } = withTrait('Archivista');
    const play = script(seat, ['Fotografia'], [['La Sera', 'opinione scoperta'], ['Quale pensiero', 'Fotografia']], faceDownOpinion(seat));
    drive(state, play, asking(seat, 'La Sera'));
    const from = state.log.length;
    drive(state, play, (s) => s.phase !== 'La Sera');
    // Only the other player's opinion could go: the Archivista's own Fotografia stays.
    expect(namesOf(state, 'Opinioni', seat)).toEqual(['Fotografia']);
    const others = [0, 1, 2, 3, 4].filter((p) => p !== seat);
    expect(others.every((p) => cardsOf(state, 'Opinioni', p).length === 0)).toBe(true);
    expect(cardsOf(state, 'Memoria')).toHaveLength(1);
    expect(sharedSeen(state, seat, 'Memoria')).toEqual([null]);
    expect(logSince(state, from).some((t) => t.includes('Memoria'))).toBe(true);
  });

  it('Stacanovista: gives Piano Triennale in a work shift: discards a token', () => shift('Stacanovista', 'Piano Triennale'));
  it('Proletario: gives Lotteria in a work shift: discards a token', () => shift('Proletario', 'Lotteria'));

  /** The trait's card is given in the second shift, after a token taken in the hate. */
  function shift(trait: string, card: string): void {
    const { state, seat } = withTrait(trait);
    const play = script(seat, [card], [
      ["Due minuti d'odio", 'prendi un gettone'], ['Turno di lavoro', (s) => (s.phase === 'Secondo turno di lavoro' ? card : namesOf(s, 'Mano', seat).find((c) => c !== card)!)],
    ]);
    drive(state, play, (s) => s.phase === 'Secondo turno di lavoro' && s.pending?.player === seat);
    const before = tokensOf(state, seat);
    expect(before).toBeGreaterThanOrEqual(1);
    const from = state.log.length;
    drive(state, play, (s) => s.phase !== 'Secondo turno di lavoro');
    const log = logSince(state, from);
    const given = log.findIndex((t) => t.includes('Davanti') && t.endsWith(card));
    expect(given).toBeGreaterThanOrEqual(0);
    expect(log[given + 1]).toBe(`${P(seat)} discards 1 BigBrother`);
  }

  it("Poeta: discards Inno dell'Odio in the hate: discards a token; the card stays in their hate pile, face up", () => {
    const { state, seat } = withTrait('Poeta');
    // Day 1: takes the token and keeps the Inno; day 2: discards it.
    const play = script(seat, ["Inno dell'Odio"], [
      ["Due minuti d'odio", (s) => (s.turn >= 2 ? 'scarta una carta rossa' : 'prendi un gettone')], ['Quale carta rossa', "Inno dell'Odio"],
    ]);
    drive(state, play, (s) => s.turn === 2 && s.phase === "Due minuti d'odio");
    const before = tokensOf(state, seat);
    expect(before).toBeGreaterThanOrEqual(1);
    const from = state.log.length;
    drive(state, play, (s) => s.phase !== "Due minuti d'odio");
    expect(tokensOf(state, seat)).toBe(before - 1);
    expect(logSince(state, from)).toContain(`${P(seat)} discards 1 BigBrother`);
    expect(seen(state, other(seat), seat, 'Odio')).toEqual(["Inno dell'Odio"]);
  });

  it('Fanatico: discards Emmanuel Goldstein in the hate: a player of his choice takes a token', () => {
    const { state, seat } = withTrait('Fanatico');
    let target = -1;
    const play = script(seat, ['Emmanuel Goldstein'], [
      ["Due minuti d'odio", 'scarta una carta rossa'], ['Quale carta rossa', 'Emmanuel Goldstein'],
      ['Fanatico:', (s) => P(target = [0, 1, 2, 3, 4].find((p) => p !== seat && !odio(s, p))!)],
    ]);
    drive(state, play, asking(seat, 'Fanatico:'));
    expect(state.pending!.labels).not.toContain(P(seat));
    const tokens = [0, 1, 2, 3, 4].map((p) => tokensOf(state, p));
    drive(state, play, (s) => s.phase !== "Due minuti d'odio");
    expect(target).toBeGreaterThanOrEqual(0);
    expect(tokensOf(state, target)).toBe(tokens[target] + 1);
    expect(seen(state, other(seat), seat, 'Odio')).toEqual(['Emmanuel Goldstein']);
  });
});

/** Whether a player chose the token in this hate (their answer, not yet carried out). */
function odio(state: GameState, seat: number): boolean {
  const index = def.playerVars.findIndex((v) => v.name === 'odio');
  return state.players[seat].vars[index] === true;
}
