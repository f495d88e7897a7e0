/**
 * Statements on cards and roles, and on a grid's pieces and tiles: dealing and discarding roles,
 * `shuffle`, `deal`, `draw`, `move` (cards onto a pile, or pieces onto cells), `reveal`, `rotate` and
 * `take off`. Who sees what is decided where cards are placed (cards.ts); pieces are compile-grid.ts's.
 */
import { revealDice } from '../runtime/hidden-dice.ts';
import { RuleError } from '../program/rule-error.ts';
import { next, type LoweringsOf } from './compile-emitter.ts';
import { asList, playerIndex } from '../runtime/values.ts';
import { actor, byHolder, cardLog, pileName, pileOfSlot, placeCards, removeCards, showCards, takeFromTop } from '../runtime/cards.ts';
import { movePieceStatement, rotateStatement, takeOffStatement } from './compile-grid.ts';
import { playerName, type GameDefinition, type GameState, type Instruction } from '../program/program.ts';
import { log, playersFrom, shuffle } from '../runtime/runtime.ts';

export const cardStatements: LoweringsOf<'deal-roles' | 'deal-cards' | 'draw-role' | 'discard-role' | 'shuffle' | 'draw-cards' | 'move-cards' | 'reveal' | 'rotate' | 'take-off'> = {
  'deal-roles': (e, node) => {
    const d = e.definition;
    const instruction = e.emit(node, (s, f) => {
      const eligible = d.roles.filter((r) => !r.eligible || r.eligible(s)).map((r) => r.name);
      if (eligible.length < s.seats) throw new RuleError(`there are ${eligible.length} roles for ${s.seats} players`);
      shuffle(s, eligible);
      for (let p = 0; p < s.seats; p++) {
        const role = eligible.shift()!;
        s.players[p].role = role;
        dealtLog(s, d, p, role, 'is dealt the role', instruction);
      }
      s.roleDeck = eligible;
      next(f);
    });
  },
  'draw-role': (e, node) => {
    const d = e.definition;
    const player = e.compile(node.player);
    const instruction = e.emit(node, (s, f) => {
      const p = player(s, f) as number;
      const role = s.roleDeck.shift() ?? null;
      s.players[p].role = role;
      if (role) dealtLog(s, d, p, role, 'draws the role', instruction);
      next(f);
    });
  },
  'discard-role': (e, node) => {
    const d = e.definition;
    const player = e.compile(node.player);
    const instruction = e.emit(node, (s, f) => {
      const p = player(s, f) as number;
      const role = s.players[p].role;
      s.players[p].role = null;
      const visibility = d.roles.find((r) => r.name === role)?.visibility;
      if (role && !s.quiet) {
        log(s, {
          player: p, kind: 'role', text: `${playerName(p)} discards the role ${role}`,
          publicText: visibility === 'public' ? undefined : `${playerName(p)} discards their role (secret)`, cite: instruction.cite, at: instruction.at,
        });
      }
      next(f);
    });
  },
  shuffle: (e, node) => {
    const pile = e.pile(node.pile);
    e.emit(node, (s, f) => { shuffle(s, s.piles[pile(s, f)]); next(f); });
  },
  'draw-cards': (e, node) => {
    const d = e.definition;
    const count = e.compile(node.count);
    const from = e.pile(node.from);
    const to = e.pile(node.to);
    const instruction = e.emit(node, (s, f) => {
      const source = from(s, f);
      const drawn = takeFromTop(s, d, source, count(s, f) as number, instruction);
      placeCards(s, d, drawn, to(s, f), false, -1, s.playedBy ? pileOfSlot(d, s, source).owner ?? -1 : -1);
      if (!s.quiet && drawn.length) cardLog(s, d, drawn, `draws ${drawn.length} from ${pileName(d, s, from(s, f))} to ${pileName(d, s, to(s, f))}`, to(s, f), instruction);
      next(f);
    });
  },
  'deal-cards': (e, node) => {
    const d = e.definition;
    const count = node.count ? e.compile(node.count) : null;
    const from = e.pile(node.from);
    // The checker made sure `to` names a player pile.
    const target = d.piles.findIndex((p) => p.perPlayer && p.name === node.to.text);
    const instruction = e.emit(node, (s, f) => {
      const source = from(s, f);
      // Round the table from the current player (the first seat in the setup), as `players` lists them.
      const seats = playersFrom(s, d, s.current);
      const rounds = count ? Math.max(0, count(s, f) as number) : Infinity;
      const dealt: number[][] = seats.map(() => []);
      deal: for (let round = 0; round < rounds; round++) {
        for (let k = 0; k < seats.length; k++) {
          // `deal all` deals the pile as it is; a count draws, refilling the pile if it runs out.
          const card = count ? takeFromTop(s, d, source, 1, instruction) : s.piles[source].splice(0, 1);
          if (card.length === 0) break deal;
          placeCards(s, d, card, s.pileBase[target] + seats[k], false);
          dealt[k].push(card[0]);
        }
      }
      if (!s.quiet) {
        seats.forEach((seat, k) => {
          const slot = s.pileBase[target] + seat;
          if (dealt[k].length) cardLog(s, d, dealt[k], `deals ${dealt[k].length} from ${pileName(d, s, source)} to ${pileName(d, s, slot)}`, slot, instruction);
        });
      }
      next(f);
    });
  },
  'move-cards': (e, node) => {
    const d = e.definition;
    const moved = e.annotations.types.get(node.cards);
    if (moved === 'piece' || moved === 'list<piece>') {
      const instruction: Instruction = e.emit(node, movePieceStatement(d, e.compile(node.cards), e.compile(node.to), () => instruction));
      return;
    }
    const cards = e.compile(node.cards);
    const to = e.pile(node.to);
    const faceDown = node.faceDown;
    const instruction = e.emit(node, (s, f) => {
      const moving = asList(cards(s, f)) as number[];
      // The cards' holder puts them down (a surprise from a hand), else the current player.
      const owners = s.playedBy ? [] as number[] : undefined;
      const mover = removeCards(s, d, moving, owners);
      const target = to(s, f);
      placeCards(s, d, moving, target, faceDown, mover >= 0 ? mover : s.current, owners);
      const how = faceDown ? ' face down' : '';
      if (!s.quiet && moving.length) cardLog(s, d, moving, `puts ${moving.length === 1 ? 'a card' : `${moving.length} cards`} on ${pileName(d, s, target)}${how}`, target, instruction, faceDown, mover);
      next(f);
    });
  },
  reveal: (e, node) => {
    const d = e.definition;
    const cards = e.compile(node.cards);
    if (node.to) {
      const to = e.compile(node.to);
      const instruction = e.emit(node, (s, f) => {
        showCards(s, d, asList(cards(s, f)) as number[], asList(to(s, f)).map(playerIndex), instruction);
        next(f);
      });
      return;
    }
    const type = e.annotations.types.get(node.cards);
    if (type === 'die' || type === 'list<die>') {
      const instruction = e.emit(node, (s, f) => {
        revealDice(s, d, asList(cards(s, f)) as number[], instruction);
        next(f);
      });
      return;
    }
    const instruction = e.emit(node, (s, f) => {
      const shown = asList(cards(s, f)) as number[];
      for (const card of shown) s.revealed[card] = true;
      if (!s.quiet && shown.length) {
        for (const [holder, held] of byHolder(s, d, shown)) {
          const who = holder >= 0 ? playerName(holder) : actor(s);
          log(s, { player: holder >= 0 ? holder : s.current, kind: 'reveal', text: `${who} reveals ${held.map((c) => d.cards[c].name).join(', ')}`, cite: instruction.cite, at: instruction.at });
        }
      }
      next(f);
    });
  },
  rotate: (e, node) => {
    const d = e.definition;
    const instruction: Instruction = e.emit(node, rotateStatement(d, node, e.compile(node.tile), () => instruction));
  },
  'take-off': (e, node) => {
    const d = e.definition;
    const instruction: Instruction = e.emit(node, takeOffStatement(d, node, e.compile(node.pieces), () => instruction));
  },
};

/** A role dealt or drawn, in the log: named to everyone only when the role is not secret. */
function dealtLog(s: GameState, d: GameDefinition, p: number, role: string, verb: string, instruction: Instruction) {
  if (s.quiet) return;
  const visibility = d.roles.find((r) => r.name === role)?.visibility ?? 'secret';
  const text = `${playerName(p)} ${verb} ${role}`;
  log(s, {
    player: p, kind: 'role', text, publicText: visibility === 'secret' ? `${playerName(p)} ${verb} (secret)` : undefined,
    cite: instruction.cite, at: instruction.at,
  });
}
