/**
 * Statements that act on the table, checked for the kinds of what they act on: tokens (`gain`,
 * `discard`, `steal` — held by a player or a zone), dice (`roll`, `mark`, rolling for the first
 * player), roles, piles of cards (`shuffle`, `draw`, `move`, `reveal`) and a grid's pieces and
 * tiles. None of them ends the turn, so none changes what is reachable.
 */
import type * as A from './ast.ts';
import { closest, codes } from './diagnostics.ts';
import { plannedMessage } from './planned.ts';
import { describeType, type CheckState, type Scope } from './check-state.ts';
import type { ExpressionChecks } from './expression-check.ts';

export type EffectStatement = Extract<A.Statement, { kind: 'deal-roles' | 'deal-cards' | 'discard' | 'discard-role' | 'draw-cards' | 'draw-role' | 'first-player' | 'gain' | 'mark' | 'move-cards' | 'reveal' | 'roll' | 'rotate' | 'shuffle' | 'steal' | 'take-off' }>;

export type EffectChecks = ReturnType<typeof effectChecks>;

export function effectChecks(state: CheckState, { expr, expect, player }: ExpressionChecks) {
  const { schema, annotations, error } = state;

  /** Who holds tokens: a player, or a zone (tokens placed on a site). */
  function holder(node: A.Expr | undefined, scope: Scope) {
    if (!node) return;
    const type = expr(node, { scope });
    if (type !== 'unknown' && type !== 'player' && type !== 'zone' && type !== 'none') {
      error(codes.typeExpectedPlayer, `expected a player or a zone here, but this is ${describeType(type)}`, node.range);
    }
  }

  function tokenSymbol(node: A.Expr, scope: Scope) {
    const type = expr(node, { scope });
    if (type !== 'unknown' && type !== 'symbol') {
      error(codes.typeExpectedToken, `expected a token kind (${schema.tokens.join(', ') || 'none declared'}), but this is ${describeType(type)}`, node.range);
    } else if (node.kind === 'name' && annotations.names.get(node)?.kind === 'symbol' && !schema.tokens.includes(node.name)) {
      error(codes.typeExpectedToken, `'${node.name}' is a die face, not a token: only ${schema.tokens.join(', ')} can be held`, node.range);
    }
  }

  /** A pile cards can be put on or taken from: a declared pile, or a player's own (`p.Mano`). */
  function pileReference(node: A.Expr, scope: Scope) {
    // A player pile named alone: one clear message rather than "not declared".
    const owned = node.kind === 'name' && !scope.lookup(node.name) ? schema.piles.get(node.name)?.decl : undefined;
    if (owned?.perPlayer || owned?.perTeam) {
      const name = (node as A.NameExpr).name;
      error(codes.typeExpectedPile, owned.perTeam ? `'${name}' is a pile of each team: say whose, e.g. current.team.${name}` : `'${name}' is a pile of each player: say whose, e.g. current.${name}`, node.range);
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
    const what = type === 'unknown' ? 'a value that is only known when the game runs'
      : type === 'list<card>' ? 'a list of cards (a pile given to a rule or kept in a variable is a copy of its cards: name the pile here, or pass its owner and write p.Mano)'
        : describeType(type);
    error(codes.typeExpectedPile, `expected a pile of cards here (declared with 'pile', or p.${[...schema.piles.values()].find((p) => p.decl.perPlayer)?.name ?? 'Mano'} for a player's own), but this is ${what}`, node.range);
  }

  function dice(node: A.Expr, scope: Scope) {
    const type = expr(node, { scope });
    const resolved = node.kind === 'name' ? annotations.names.get(node) : undefined;
    if (resolved?.kind === 'symbol') {
      const what = schema.tokens.includes(resolved.name) ? 'a token kind' : 'a die face';
      error(codes.typeExpectedDice, `'${resolved.name}' is ${what}, not dice: roll a set of dice declared with 'dice'`, node.range,
        closest(resolved.name, schema.pools.keys()));
    } else if (type !== 'unknown' && type !== 'die' && type !== 'list<die>') {
      error(codes.typeExpectedDice, `expected dice here, but this is ${describeType(type)}`, node.range);
    }
  }

  function effectCheck(node: EffectStatement, scope: Scope): void {
    switch (node.kind) {
      case 'deal-roles':
        if (!schema.rolesDecl) error(codes.nameUnknown, 'the game declares no roles to deal: add a roles { … } block', node.range);
        return;
      case 'gain': case 'discard':
        if (node.amount) expect(node.amount, { scope }, 'number', codes.typeExpectedNumber, 'a number');
        tokenSymbol(node.symbol, scope);
        holder(node.player, scope);
        return;
      case 'steal':
        expect(node.amount, { scope }, 'number', codes.typeExpectedNumber, 'a number');
        tokenSymbol(node.symbol, scope);
        holder(node.victim, scope);
        holder(node.player, scope);
        return;
      case 'roll': dice(node.dice, scope); return;
      case 'mark':
        if (!annotations.markBits.has(node.mark.text)) {
          error(codes.nameUnknownMark, `there is no mark '${node.mark.text}'; declare it after 'marks' on the dice`, node.mark.range,
            closest(node.mark.text, annotations.markBits.keys()));
        }
        dice(node.dice, scope);
        return;
      case 'draw-role': case 'discard-role':
        if (!schema.rolesDecl) error(codes.nameUnknown, 'the game declares no roles', node.range);
        player(node.player, scope);
        return;
      case 'first-player':
        dice(node.dice, scope);
        expect(node.score, { scope }, 'number', codes.typeExpectedNumber, 'a number');
        return;
      case 'shuffle': pileReference(node.pile, scope); return;
      case 'draw-cards':
        expect(node.count, { scope }, 'number', codes.typeExpectedNumber, 'a number');
        pileReference(node.from, scope);
        pileReference(node.to, scope);
        return;
      case 'deal-cards': {
        if (node.count) expect(node.count, { scope }, 'number', codes.typeExpectedNumber, 'a number');
        pileReference(node.from, scope);
        // Each player's own pile of that name: named alone, as the pile every player has.
        const target = schema.piles.get(node.to.text);
        if (!target?.decl.perPlayer) {
          const players = [...schema.piles.values()].filter((p) => p.decl.perPlayer).map((p) => p.name);
          error(codes.typeExpectedPile, target
            ? `'${node.to.text}' is not a pile every player has: deal gives cards to each player's own pile (${players.length ? players.join(', ') : 'declare one with player pile NAME secret'})`
            : `there is no player pile called '${node.to.text}'${players.length ? '' : ': declare one with player pile NAME secret'}`,
          node.to.range, closest(node.to.text, players));
        }
        return;
      }
      case 'rotate': expect(node.tile, { scope }, 'tile', codes.typeMismatch, 'a tile'); return;
      case 'take-off': {
        const type = expr(node.pieces, { scope });
        if (!node.captured && (type === 'card' || type === 'list<card>')) {
          error(codes.planned, plannedMessage('remove CARDS', 'remove-cards', 'move them to a pile nobody draws from'), node.range);
        } else if (type !== 'unknown' && type !== 'piece' && type !== 'list<piece>' && type !== 'none') {
          error(codes.typeMismatch, `expected a piece or a list of pieces here, but this is ${describeType(type)}`, node.pieces.range);
        }
        return;
      }
      case 'move-cards': case 'reveal': {
        const type = expr(node.cards, { scope });
        // `move x to c`: a piece goes to a cell (capturing nothing by itself: the rules say what landing does).
        if (node.kind === 'move-cards' && (type === 'piece' || type === 'list<piece>')) {
          expect(node.to, { scope }, 'cell', codes.typeMismatch, 'a cell');
          if (node.faceDown) error(codes.typeMismatch, 'pieces stand on the board face up: face down is for cards', node.to.range);
          return;
        }
        if (type !== 'unknown' && type !== 'card' && type !== 'list<card>' && type !== 'none') {
          error(codes.typeMismatch, `expected cards here, but this is ${describeType(type)}`, node.cards.range);
        }
        if (node.kind === 'move-cards') pileReference(node.to, scope);
        if (node.kind === 'reveal' && node.to) {
          const to = expr(node.to, { scope });
          if (to !== 'unknown' && to !== 'player' && to !== 'list<player>') {
            error(codes.typeExpectedPlayer, `a card is shown to a player or a list of players, but this is ${describeType(to)}`, node.to.range);
          }
        }
        return;
      }
    }
  }

  return { effectCheck };
}
