/**
 * The XState v5 machine of a compiled game: setup, each phase of the turn and the end are states;
 * a player's decision is a MOVE event, guarded by its legality; its effects run as one action
 * that advances the game state held in context. The Match API and the studio run this actor.
 */
import { assign, createActor, setup, type Actor, type AnyStateMachine } from 'xstate';
import { applyMove, refusal, type Move } from '../engine/engine.ts';
import { gameOverPhase, setupPhase, type GameDefinition, type GameState } from '../program/program.ts';

export interface MachineContext { game: GameState }
export type MachineEvent = { type: 'MOVE'; move: Move };

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
    states[keys.get(name)!] = name === gameOverPhase
      ? { type: 'final' }
      : { always: follow(name), on: { MOVE: { guard: 'isLegal', actions: 'applyMove' } } };
  }
  return setup({
    types: { context: {} as MachineContext, events: {} as MachineEvent },
    guards: {
      isLegal: ({ context, event }) => refusal(context.game, event.move) === null,
    },
    actions: {
      applyMove: assign({
        game: ({ context, event }) => {
          const result = applyMove(definition, context.game, event.move);
          return result.ok ? result.state : context.game;
        },
      }),
    },
  }).createMachine({ id: 'game', initial: keys.get(setupPhase), context: { game: initial }, states });
}

export type GameMachine = ReturnType<typeof buildMachine>;

/** An actor resumed at a given game state (used by undo, redo and restore). */
export function actorAt(machine: GameMachine, definition: GameDefinition, game: GameState): Actor<GameMachine> {
  const value = machineStateKeys(definition).get(game.outcome ? gameOverPhase : game.phase) ?? 's0';
  const snapshot = (machine as AnyStateMachine).resolveState({ value, context: { game } });
  return createActor(machine, { snapshot }).start() as Actor<GameMachine>;
}
