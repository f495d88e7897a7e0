/**
 * The XState v5 machine of a compiled game: setup, each phase of the turn and the end are states;
 * a player's decision is a MOVE event, guarded by its legality (the one check a move gets); its
 * effects run as one action that advances the game state held in context. RESTORE puts the actor at
 * another game state (undo, redo, rewind), so a match keeps one actor for its whole life. The Match
 * API and the studio run this actor.
 */
import { assign, createActor, setup, type Actor, type AnyStateMachine } from 'xstate';
import { applyMoveInPlace, cloneState, refusal, type Move } from '../engine/engine.ts';
import { gameOverPhase, setupPhase, type GameDefinition, type GameState } from '../program/program.ts';

export interface MachineContext { game: GameState }
export type MachineEvent = { type: 'MOVE'; move: Move } | { type: 'RESTORE'; game: GameState };

/** The machine's state names: the engine's phase names, in order. */
export function machineStates(definition: GameDefinition): string[] {
  const phases = definition.phases.filter((p) => p !== setupPhase && p !== gameOverPhase);
  return [setupPhase, ...(phases.length ? phases : ['turn']), gameOverPhase];
}

/**
 * The XState key of each machine state, by name. Keys are never built from a designer's text
 * (`.`, `#` and `\\` mean something to XState): the i-th state is `s<i>`.
 */
export function machineStateKeys(definition: GameDefinition): Map<string, string> {
  return new Map(machineStates(definition).map((name, i) => [name, `s${i}`]));
}

export function buildMachine(definition: GameDefinition, initial: GameState) {
  const names = machineStates(definition);
  const keys = machineStateKeys(definition);
  // After every move the engine may be in another phase: eventless transitions follow it there.
  const follow = (self: string) => [
    { guard: ({ context }: { context: MachineContext }) => context.game.outcome !== null, target: `#game.${keys.get(gameOverPhase)}` },
    ...names.filter((n) => n !== self && n !== gameOverPhase).map((name) => ({
      guard: ({ context }: { context: MachineContext }) => context.game.phase === name, target: `#game.${keys.get(name)}`,
    })),
  ];
  const states: Record<string, object> = {};
  for (const name of names) {
    // The end is not XState's `final`: a finished actor takes no more events, and undo from the end
    // moves this same actor back.
    states[keys.get(name)!] = name === gameOverPhase
      ? {}
      : { always: follow(name), on: { MOVE: { guard: 'isLegal', actions: 'applyMove' } } };
  }
  // RESTORE enters the state of the game it brings, whichever the actor is in now.
  const restore = (name: string) => ({
    guard: ({ event }: { event: MachineEvent }) => event.type === 'RESTORE' && (name === gameOverPhase ? event.game.outcome !== null : event.game.outcome === null && event.game.phase === name),
    target: `.${keys.get(name)}`, reenter: true, actions: 'restore' as const,
  });
  return setup({
    types: { context: {} as MachineContext, events: {} as MachineEvent },
    guards: {
      isLegal: ({ context, event }) => event.type === 'MOVE' && refusal(definition, context.game, event.move) === null,
    },
    actions: {
      // The guard has checked the move: it is played on a copy, never checked again.
      applyMove: assign({
        game: ({ context, event }) => {
          if (event.type !== 'MOVE') return context.game;
          const next = cloneState(context.game);
          applyMoveInPlace(definition, next, event.move);
          return next;
        },
      }),
      restore: assign({ game: ({ context, event }) => (event.type === 'RESTORE' ? event.game : context.game) }),
    },
  }).createMachine({
    id: 'game', initial: keys.get(setupPhase), context: { game: initial }, states,
    on: { RESTORE: [restore(gameOverPhase), ...names.filter((n) => n !== gameOverPhase).map(restore), { target: `.${keys.get(setupPhase)}`, reenter: true, actions: 'restore' as const }] },
  });
}

export type GameMachine = ReturnType<typeof buildMachine>;

/** An actor started at a given game state (a match's one actor: made once, then moved by RESTORE). */
export function actorAt(machine: GameMachine, definition: GameDefinition, game: GameState): Actor<GameMachine> {
  const value = machineStateKeys(definition).get(game.outcome ? gameOverPhase : game.phase) ?? 's0';
  const snapshot = (machine as AnyStateMachine).resolveState({ value, context: { game } });
  return createActor(machine, { snapshot }).start() as Actor<GameMachine>;
}
