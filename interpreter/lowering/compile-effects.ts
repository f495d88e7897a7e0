/**
 * Statements on tokens and dice, and the log: `gain`, `discard`, `steal`, `roll`, `mark`, rolling
 * for the first player, and `log "…"`. The state changes themselves are runtime.ts's.
 */

import { next, type LoweringsOf } from './compile-emitter.ts';
import { asList, poolOf } from '../runtime/values.ts';
import { actor } from '../runtime/cards.ts';
import { holdings, playerName } from '../program/program.ts';
import { rollDice } from '../runtime/hidden-dice.ts';
import { discardTokens, gainTokens, log, playersFrom, randomInt, stealTokens } from '../runtime/runtime.ts';

export const effectStatements: LoweringsOf<'log' | 'gain' | 'discard' | 'steal' | 'roll' | 'mark' | 'first-player'> = {
  log: (e, node) => {
    const text = e.text(node, node.text);
    const instruction = e.emit(node, (s, f) => {
      if (!s.quiet) log(s, { player: s.current, kind: 'note', text: `${actor(s)}: ${text(s, f)}`, cite: instruction.cite, at: instruction.at });
      next(f);
    });
  },
  gain: (e, node) => {
    const d = e.definition;
    const amount = e.compile(node.amount);
    const token = e.tokenIndex(node.symbol);
    const player = e.holder(node.player);
    const instruction = e.emit(node, (s, f) => {
      gainTokens(s, d, player(s, f) as number, token(s, f), amount(s, f) as number, instruction.cite, instruction.at);
      next(f);
    });
  },
  discard: (e, node) => {
    const d = e.definition;
    const amount = node.amount ? e.compile(node.amount) : null;
    const token = e.tokenIndex(node.symbol);
    const player = e.holder(node.player);
    const instruction = e.emit(node, (s, f) => {
      const p = player(s, f) as number;
      const t = token(s, f);
      const wanted = amount ? (amount(s, f) as number) : holdings(s, p)[t];
      discardTokens(s, d, p, t, wanted, instruction.cite, instruction.at);
      next(f);
    });
  },
  steal: (e, node) => {
    const d = e.definition;
    const amount = e.compile(node.amount);
    const token = e.tokenIndex(node.symbol);
    const victim = e.holder(node.victim);
    const player = e.holder(node.player);
    const instruction = e.emit(node, (s, f) => {
      stealTokens(s, d, player(s, f) as number, victim(s, f) as number, token(s, f), amount(s, f) as number, instruction.cite, instruction.at);
      next(f);
    });
  },
  roll: (e, node) => {
    const d = e.definition;
    const dice = e.compile(node.dice);
    const instruction = e.emit(node, (s, f) => {
      rollDice(s, d, asList(dice(s, f)) as number[], instruction);
      next(f);
    });
  },
  mark: (e, node) => {
    const dice = e.compile(node.dice);
    const bit = 1 << (e.annotations.markBits.get(node.mark.text) ?? 0);
    const on = node.on;
    e.emit(node, (s, f) => {
      for (const die of asList(dice(s, f)) as number[]) {
        s.dice[die].marks = on ? s.dice[die].marks | bit : s.dice[die].marks & ~bit;
      }
      next(f);
    });
  },
  'first-player': (e, node) => {
    const d = e.definition;
    const dice = e.compile(node.dice);
    const score = e.compile(node.score);
    const instruction = e.emit(node, (s, f) => {
      let contenders = playersFrom(s, d, 0);
      for (let round = 0; contenders.length > 1 && round < 100; round++) {
        let best = -Infinity;
        let leaders: number[] = [];
        for (const p of contenders) {
          for (const die of asList(dice(s, f)) as number[]) {
            const pool = poolOf(d, die);
            s.dice[die].face = pool.faces[randomInt(s, pool.faces.length)];
          }
          const value = score(s, f) as number;
          if (!s.quiet) log(s, { player: p, kind: 'roll', text: `${playerName(p)} rolls for first player: ${value}`, cite: instruction.cite, at: instruction.at });
          if (value > best) { best = value; leaders = [p]; } else if (value === best) leaders.push(p);
        }
        contenders = leaders;
      }
      s.current = contenders[0];
      if (!s.quiet) log(s, { player: s.current, kind: 'first', text: `${playerName(s.current)} plays first`, cite: instruction.cite, at: instruction.at });
      next(f);
    });
  },
};
