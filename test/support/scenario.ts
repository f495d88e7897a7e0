/**
 * Scenario tests: set up a position (roles, tokens, dice), then play named choices and look at
 * what happened. Positions are plain game state, so a test pins the dice it needs instead of
 * hunting for a lucky seed; every choice still goes through the engine's legality check.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  applyMoveInPlace, compileRules, legalMoves, refusal, startGame, type GameDefinition, type GameState,
} from '../../interpreter/index.ts';

const cache = new Map<string, GameDefinition>();

export function rulesPath(name: string): string {
  return fileURLToPath(new URL(`../../rules/${name}`, import.meta.url));
}

/** The game a rules text compiles to; a text that does not compile fails the test with its diagnostics. */
export function compileText(text: string, name = 'the text'): GameDefinition {
  const result = compileRules(text);
  if (!result.definition) throw new Error(`${name} does not compile: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  return result.definition;
}

export function loadDefinition(name: string): GameDefinition {
  let definition = cache.get(name);
  if (!definition) {
    definition = compileText(readFileSync(rulesPath(name), 'utf8'), name);
    cache.set(name, definition);
  }
  return definition;
}

export class Scenario {
  readonly state: GameState;

  constructor(readonly definition: GameDefinition, players: number, options: { seed?: number; variant?: string | null } = {}) {
    const started = startGame(definition, { players, seed: options.seed ?? 1, variant: options.variant ?? null });
    if (!started.ok) throw new Error(started.diagnostic.message);
    this.state = started.state;
  }

  static of(file: string, players: number, options: { seed?: number; variant?: string | null } = {}): Scenario {
    return new Scenario(loadDefinition(file), players, options);
  }

  private token(name: string): number {
    const index = this.definition.tokens.indexOf(name);
    if (index < 0) throw new Error(`no token ${name}`);
    return index;
  }

  /** Sets a player's holdings; the reserve pays or takes the difference, so tokens stay conserved. */
  tokens(player: number, counts: Record<string, number>): this {
    for (const [name, count] of Object.entries(counts)) {
      const t = this.token(name);
      const difference = count - this.state.players[player].tokens[t];
      this.state.players[player].tokens[t] = count;
      const reserve = this.state.reserve[t];
      if (reserve !== null) this.state.reserve[t] = reserve - difference;
    }
    return this;
  }

  held(player: number, name: string): number {
    return this.state.players[player].tokens[this.token(name)];
  }

  role(player: number, role: string): this {
    if (!this.definition.roles.some((r) => r.name === role)) throw new Error(`no role ${role}`);
    this.state.players[player].role = role;
    return this;
  }

  /** Sets the faces of the dice of a pool, in order (only as many as given). */
  dice(faces: string[], pool = this.definition.pools[0].name): this {
    const definition = this.definition.pools.find((p) => p.name === pool)!;
    faces.forEach((face, i) => {
      if (!definition.faces.includes(face)) throw new Error(`${pool} has no face ${face}`);
      this.state.dice[definition.first + i].face = face;
    });
    return this;
  }

  faces(pool = this.definition.pools[0].name): string[] {
    const definition = this.definition.pools.find((p) => p.name === pool)!;
    return this.state.dice.slice(definition.first, definition.first + definition.count).map((d) => d.face);
  }

  global(name: string): unknown {
    const index = this.definition.globals.findIndex((g) => g.name === name);
    return this.state.globals[index];
  }

  setGlobal(name: string, value: GameState['globals'][number]): this {
    const index = this.definition.globals.findIndex((g) => g.name === name);
    if (index < 0) throw new Error(`no variable ${name}`);
    this.state.globals[index] = value;
    return this;
  }

  playerVar(player: number, name: string): unknown {
    const index = this.definition.playerVars.findIndex((v) => v.name === name);
    return this.state.players[player].vars[index];
  }

  setPlayerVar(player: number, name: string, value: GameState['globals'][number]): this {
    const index = this.definition.playerVars.findIndex((v) => v.name === name);
    this.state.players[player].vars[index] = value;
    return this;
  }

  /** The prompt of the pending choice and who makes it. */
  get pending(): { player: number; prompt: string; choices: string[] } | null {
    const p = this.state.pending;
    return p && { player: p.player, prompt: p.prompt, choices: legalMoves(this.state).map((m) => m.choice) };
  }

  /** Plays a choice by its label (or by a prefix of it, e.g. 'Dado 2'); throws with the reason if refused. */
  choose(player: number, label: string): this {
    const moves = legalMoves(this.state, player);
    const move = moves.find((m) => m.choice === label) ?? moves.find((m) => m.choice.startsWith(label));
    const refused = refusal(this.definition, this.state, { player, choice: move?.choice ?? label });
    if (refused) throw new Error(refused.message);
    applyMoveInPlace(this.definition, this.state, move!);
    return this;
  }

  /** Picks several items of a selection and confirms it. */
  pick(player: number, labels: string[]): this {
    for (const label of labels) this.choose(player, `pick ${label}`);
    return this.choose(player, 'confirm');
  }

  /** Plays the given choice whenever `prompt` is asked, until something else is asked. */
  answerWhile(prompt: string, label: string): this {
    while (this.state.pending?.prompt === prompt) this.choose(this.state.pending.player, label);
    return this;
  }

  /** Log lines since the given index (default: all). */
  logText(from = 0): string[] {
    return this.state.log.slice(from).map((e) => e.text);
  }
}
