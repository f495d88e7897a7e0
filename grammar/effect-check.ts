/**
 * Statements that act on the table, checked for the kinds of what they act on: tokens (`gain`,
 * `discard`, `steal` — held by a player or a zone), dice (`roll`, `mark`, rolling for the first
 * player), roles, piles of cards (`shuffle`, `draw`, `move`, `reveal`) and a grid's pieces and
 * tiles, one check per kind (a table statement-check.ts joins to its own). None of them ends the
 * turn, so none changes what is reachable.
 */
import type * as A from './ast.ts';
import * as m from './messages.ts';
import { closest } from './diagnostics.ts';
import type { ChecksByKind } from './check-registry.ts';
import { describeType, type BlockContext, type CheckState, type Scope } from './check-state.ts';
import type { ExpressionChecks } from './expression-check.ts';

export type EffectStatement = Extract<A.Statement, { kind: 'deal-roles' | 'deal-cards' | 'discard' | 'discard-role' | 'draw-cards' | 'draw-role' | 'first-player' | 'gain' | 'mark' | 'move-cards' | 'reveal' | 'roll' | 'rotate' | 'shuffle' | 'steal' | 'take-off' }>;

export type EffectChecks = ReturnType<typeof effectChecks>;

export function effectChecks(state: CheckState, { expr, expect, player }: ExpressionChecks) {
  const { schema, annotations, report } = state;

  /** Who holds tokens: a player, or a zone (tokens placed on a site). */
  function holder(node: A.Expr | undefined, scope: Scope) {
    if (!node) return;
    const type = expr(node, { scope });
    if (type !== 'unknown' && type !== 'player' && type !== 'zone' && type !== 'none') {
      report(m.expectedHolder(describeType(type)), node.range);
    }
  }

  function tokenSymbol(node: A.Expr, scope: Scope) {
    const type = expr(node, { scope });
    if (type !== 'unknown' && type !== 'symbol') {
      report(m.expectedTokenKind(schema.tokens, describeType(type)), node.range);
    } else if (node.kind === 'name' && annotations.names.get(node)?.kind === 'symbol' && !schema.tokens.includes(node.name)) {
      report(m.faceNotToken(node.name, schema.tokens), node.range);
    }
  }

  /** A pile cards can be put on or taken from: a declared pile, or a player's own (`p.Mano`). */
  function pileReference(node: A.Expr, scope: Scope) {
    // A player pile named alone: one clear message rather than "not declared".
    const owned = node.kind === 'name' && !scope.lookup(node.name) ? schema.piles.get(node.name)?.decl : undefined;
    if (owned?.perPlayer || owned?.perTeam) {
      const name = (node as A.NameExpr).name;
      report(m.pileOfEach(name, owned.perTeam === true), node.range);
      return;
    }
    const type = expr(node, { scope });
    if (node.kind === 'name') {
      const r = annotations.names.get(node);
      if (r?.kind === 'pile') { annotations.piles.set(node, { kind: 'shared', index: r.index }); return; }
    }
    if (node.kind === 'member') {
      const member = annotations.members.get(node);
      if (member?.kind === 'player-pile') { annotations.piles.set(node, { kind: 'player', index: member.index, owner: node.object }); return; }
      if (member?.kind === 'team-pile') { annotations.piles.set(node, { kind: 'team', index: member.index, owner: node.object }); return; }
    }
    if (node.kind === 'error') return;
    // Piles are named where cards move, so the engine knows which one: a variable or a rule's parameter cannot stand for one.
    report(m.expectedPile([...schema.piles.values()].find((p) => p.decl.perPlayer)?.name ?? 'Mano', type === 'unknown' || type === 'list<card>' ? type : describeType(type)), node.range);
  }

  function dice(node: A.Expr, scope: Scope) {
    const type = expr(node, { scope });
    const resolved = node.kind === 'name' ? annotations.names.get(node) : undefined;
    if (resolved?.kind === 'symbol') {
      report(m.symbolNotDice(resolved.name, schema.tokens.includes(resolved.name)), node.range, closest(resolved.name, schema.pools.keys()));
    } else if (type !== 'unknown' && type !== 'die' && type !== 'list<die>') {
      report(m.expectedDice(describeType(type)), node.range);
    }
  }

  const effects: ChecksByKind<EffectStatement, BlockContext, false> = {
    'deal-roles': (node) => {
      if (!schema.rolesDecl) report(m.noRolesToDeal(), node.range);
      return false;
    },
    gain: tokens, discard: tokens,
    steal: (node, { scope }) => {
      expect(node.amount, { scope }, 'number', m.expectedNumber, 'a number');
      tokenSymbol(node.symbol, scope);
      holder(node.victim, scope);
      holder(node.player, scope);
      return false;
    },
    roll: (node, { scope }) => { dice(node.dice, scope); return false; },
    mark: (node, { scope }) => {
      if (!annotations.markBits.has(node.mark.text)) report(m.markUnknown(node.mark.text), node.mark.range, closest(node.mark.text, annotations.markBits.keys()));
      dice(node.dice, scope);
      return false;
    },
    'draw-role': role, 'discard-role': role,
    'first-player': (node, { scope }) => {
      dice(node.dice, scope);
      expect(node.score, { scope }, 'number', m.expectedNumber, 'a number');
      return false;
    },
    shuffle: (node, { scope }) => { pileReference(node.pile, scope); return false; },
    'draw-cards': (node, { scope }) => {
      expect(node.count, { scope }, 'number', m.expectedNumber, 'a number');
      pileReference(node.from, scope);
      pileReference(node.to, scope);
      return false;
    },
    'deal-cards': dealCards,
    rotate: (node, { scope }) => { expect(node.tile, { scope }, 'tile', m.expectedKind, 'a tile'); return false; },
    'take-off': takeOff,
    'move-cards': moveOrReveal, reveal: moveOrReveal,
  };

  function tokens(node: A.GainStmt | A.DiscardStmt, { scope }: BlockContext): false {
    if (node.amount) expect(node.amount, { scope }, 'number', m.expectedNumber, 'a number');
    tokenSymbol(node.symbol, scope);
    holder(node.player, scope);
    return false;
  }

  function role(node: A.DrawRoleStmt | A.DiscardRoleStmt, { scope }: BlockContext): false {
    if (!schema.rolesDecl) report(m.noRoles(), node.range);
    player(node.player, scope);
    return false;
  }

  function dealCards(node: A.DealCardsStmt, { scope }: BlockContext): false {
    if (node.count) expect(node.count, { scope }, 'number', m.expectedNumber, 'a number');
    pileReference(node.from, scope);
    // Each player's own pile of that name: named alone, as the pile every player has.
    const target = schema.piles.get(node.to.text);
    if (!target?.decl.perPlayer) {
      const players = [...schema.piles.values()].filter((p) => p.decl.perPlayer).map((p) => p.name);
      report(m.dealToPlayerPile(node.to.text, target !== undefined, players), node.to.range, closest(node.to.text, players));
    }
    return false;
  }

  function takeOff(node: A.TakeOffStmt, { scope }: BlockContext): false {
    const type = expr(node.pieces, { scope });
    if (!node.captured && (type === 'card' || type === 'list<card>')) {
      report(m.planned('remove CARDS', 'remove-cards', 'move them to a pile nobody draws from'), node.range);
    } else if (type !== 'unknown' && type !== 'piece' && type !== 'list<piece>' && type !== 'none') {
      report(m.expectedPieces(describeType(type)), node.pieces.range);
    }
    return false;
  }

  function moveOrReveal(node: A.MoveCardsStmt | A.RevealStmt, { scope }: BlockContext): false {
    const type = expr(node.cards, { scope });
    // `move x to c`: a piece goes to a cell (capturing nothing by itself: the rules say what landing does).
    if (node.kind === 'move-cards' && (type === 'piece' || type === 'list<piece>')) {
      expect(node.to, { scope }, 'cell', m.expectedKind, 'a cell');
      if (node.faceDown) report(m.piecesFaceUp(), node.to.range);
      return false;
    }
    // `reveal Coppa`: the dice under the cups, shown to everybody at once.
    if (node.kind === 'reveal' && (type === 'die' || type === 'list<die>')) {
      if (node.to) report(m.diceRevealedToAll(), node.to.range);
      return false;
    }
    if (type !== 'unknown' && type !== 'card' && type !== 'list<card>' && type !== 'none') report(m.expectedCards(describeType(type)), node.cards.range);
    if (node.kind === 'move-cards') pileReference(node.to, scope);
    if (node.kind === 'reveal' && node.to) {
      const to = expr(node.to, { scope });
      if (to !== 'unknown' && to !== 'player' && to !== 'list<player>') report(m.revealToPlayers(describeType(to)), node.to.range);
    }
    return false;
  }

  return { effects };
}
