/**
 * How a game ends for a player or for everyone: `win` (a player or a list of players), `win` for a
 * team, `eliminate` and `draw game`. The reason and the detail are filled in even in batch mode,
 * since a game's outcome is read.
 */
import { RuleError } from '../program/rule-error.ts';
import { next, type LoweringsOf } from './compile-emitter.ts';
import type { Value } from '../program/program.ts';
import { eliminate, finish } from '../runtime/runtime.ts';

export const endingStatements: LoweringsOf<'win' | 'eliminate' | 'draw-game' | 'win-team'> = {
  win: (e, node) => {
    const player = e.compile(node.player);
    const reason = e.text(node, node.reason ?? 'the rules say so', true);
    const detail = e.detail(node);
    const instruction = e.emit(node, (s, f) => {
      const who = player(s, f);
      // A list of players wins together; an empty list would crown nobody, so it is an error too.
      const winners = Array.isArray(who) && who.length > 0 ? who.map((p) => playerAbout('win', p)) : [playerAbout('win', Array.isArray(who) ? null : who)];
      finish(s, 'win', winners, reason(s, f), instruction.cite, instruction.at, { detail: detail?.(s, f) });
    }, true);
  },
  eliminate: (e, node) => {
    const player = e.compile(node.player);
    const reason = e.text(node, node.reason ?? 'the rules say so', true);
    const instruction = e.emit(node, (s, f) => {
      const why = reason(s, f);
      next(f);
      eliminate(s, playerAbout('eliminate', player(s, f)), why, instruction.cite, instruction.at);
    }, true);
  },
  'draw-game': (e, node) => {
    const reason = e.text(node, node.reason ?? 'the rules end the game', true);
    const detail = e.detail(node);
    const instruction = e.emit(node, (s, f) => finish(s, 'draw', [], reason(s, f), instruction.cite, instruction.at, { detail: detail?.(s, f) }), true);
  },
  'win-team': (e, node) => {
    const d = e.definition;
    const team = e.compile(node.team);
    const reason = e.text(node, node.reason ?? 'the rules say so', true);
    const detail = e.detail(node);
    const instruction = e.emit(node, (s, f) => {
      const t = team(s, f);
      if (typeof t !== 'number') throw new RuleError('a team was expected, but the value is none');
      const winners = s.players.map((p, seat) => (p.team === t ? seat : -1)).filter((seat) => seat >= 0);
      finish(s, 'win', winners, reason(s, f), instruction.cite, instruction.at, { team: d.teams[t].name, detail: detail?.(s, f) });
    }, true);
  },
};

/** Who a `win` or an `eliminate` is about: none (or a zone) stops the game with a run error, never a winner that is no player. */
function playerAbout(what: 'win' | 'eliminate', value: Value): number {
  if (typeof value === 'number' && value >= 0) return value;
  throw new RuleError(`${what} needs a player, but the value is ${value === null ? 'none' : typeof value === 'number' ? 'a zone' : JSON.stringify(value)}`);
}
