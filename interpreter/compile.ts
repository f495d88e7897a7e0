/**
 * Lowers a checked game to a GameDefinition: each rule, the setup and the turn become a flat list
 * of instructions with explicit jumps, so a match can pause at any choice and resume from plain data.
 */
import { analyze, internalErrorDiagnostic, type Analysis, type AST, type Diagnostic, type Type } from '../grammar/index.ts';
import { createExpressionCompiler, RuleError } from './compile-expression.ts';
import { inlineLimit, shiftedAnnotations } from './inline.ts';
import {
  holdings, playerName, zoneValue, type Evaluate, type Frame, type GameDefinition, type GameState, type Instruction, type Program, type Value, type ValueKind,
} from './program.ts';
import { actor, cardLog, pileName, placeCards, removeCard } from './cards.ts';
import { endThread, openBlock } from './simultaneous.ts';
import { selectionStatement, type SelectionPlan } from './selection.ts';
import { mentions } from '../grammar/selection-grammar.ts';
import { forbiddenLabels } from './any-time.ts';
import { lowerGrids, movePieceStatement, rotateStatement, takeOffStatement } from './compile-grid.ts';
import { cellLabel, pieceLabel, pieceOf, tileLabel } from './grids.ts';
import {
  discardTokens, eliminate, finish, gainTokens, log, playersFrom, randomInt, shuffle, stealTokens,
} from './runtime.ts';

export interface CompileResult {
  definition: GameDefinition | null;
  diagnostics: Diagnostic[];
  analysis: Analysis;
}

/** text → diagnostics and, when there is no error, a runnable definition. */
export function compileRules(text: string): CompileResult {
  const analysis = analyze(text);
  if (!analysis.ok) return { definition: null, diagnostics: analysis.diagnostics, analysis };
  try {
    return { definition: lower(analysis), diagnostics: analysis.diagnostics, analysis };
  } catch (error) {
    return { definition: null, diagnostics: [...analysis.diagnostics, internalErrorDiagnostic(error)], analysis };
  }
}

/** Who a `win` or an `eliminate` is about: none (or a zone) stops the game with a run error, never a winner that is no player. */
function playerAbout(what: 'win' | 'eliminate', value: Value): number {
  if (typeof value === 'number' && value >= 0) return value;
  throw new RuleError(`${what} needs a player, but the value is ${value === null ? 'none' : typeof value === 'number' ? 'a zone' : JSON.stringify(value)}`);
}

const kindOf = (type: Type | undefined): ValueKind => {
  if (!type) return 'unknown';
  const scalar = type.startsWith('list<') ? type.slice(5, -1) : type;
  return (['number', 'bool', 'string', 'player', 'symbol', 'die', 'role', 'team', 'card', 'zone', 'region', 'cell', 'tile', 'piece', 'none'].includes(scalar) ? scalar : 'unknown') as ValueKind;
};

function lower(analysis: Analysis): GameDefinition {
  const { schema, annotations } = analysis;
  const citations: string[] = [];
  const citation = (text: string | undefined): number => {
    if (text === undefined) return -1;
    const found = citations.indexOf(text);
    return found >= 0 ? found : citations.push(text) - 1;
  };
  const pools = [...schema.pools.values()].map((p) => ({ name: p.name, first: p.firstDie, count: p.count, faces: p.faces, dieName: p.dieType }));
  const definition: GameDefinition = {
    title: schema.game?.title.text ?? 'untitled',
    minPlayers: schema.minPlayers,
    maxPlayers: schema.maxPlayers,
    allowedPlayers: schema.allowedPlayers,
    turnLimit: schema.turnLimit,
    statedLength: schema.statedLength && {
      limit: schema.statedLength.limit, unit: schema.statedLength.unit,
      variable: schema.statedLength.variable === undefined ? -1 : schema.globals.get(schema.statedLength.variable)!.index,
      text: `${schema.statedLength.limit} ${schema.statedLength.variable ?? schema.statedLength.unit}`,
    },
    direction: schema.turns?.direction === 'counterclockwise' ? -1 : 1,
    tokens: schema.tokens,
    tokenReserve: schema.tokens.map((t) => schema.tokenReserve.get(t) ?? null),
    pools,
    totalDice: schema.totalDice,
    marks: [...annotations.markBits.keys()],
    roles: [],
    teams: [],
    teamProperties: schema.teamProperties,
    teamVars: [],
    cards: [],
    cardProperties: schema.cardProperties,
    cardPropertyKinds: [],
    piles: [],
    zones: [],
    zoneProperties: schema.zoneProperties,
    regions: [],
    regionProperties: schema.regionProperties,
    maps: [],
    zoneVars: [],
    globals: [],
    playerVars: [],
    options: [],
    variants: new Map(),
    programs: [],
    batchPrograms: () => [],
    setupProgram: -1,
    turnProgram: -1,
    phases: [],
    citations,
    grids: [], totalCells: 0, totalTiles: 0, pieceKinds: [],
    pieceVars: [],
    statuses: [...schema.statuses.values()].map((s) => ({ name: s.name, token: schema.tokens.indexOf(s.token), count: s.count, forbid: s.forbid })),
    anyTime: [],
  };
  const expressions = createExpressionCompiler(definition, annotations);
  const compile = (node: AST.Expr) => expressions.compile(node);
  Object.assign(definition, lowerGrids(schema, compile));
  const constant = (node: AST.Expr): Value => compile(node)({} as GameState, { program: -1, pc: 0, locals: [] });

  const variableKind = (name: string, init: AST.Expr) => kindOf(annotations.variableTypes.get(name) ?? annotations.types.get(init));
  const variables = (table: Map<string, { name: string; decl: AST.VarDecl }>) =>
    [...table.values()].map((g) => ({ name: g.name, init: compile(g.decl.init), kind: variableKind(g.name, g.decl.init), ...(g.decl.hidden ? { hidden: true } : {}) }));
  /** The value of each named property: the item's own, else its set's default, else none. */
  const propertyValues = (names: string[], own: AST.Property[], defaults: AST.Property[] = []) => names.map((name) => {
    const property = own.find((p) => p.name.text === name) ?? defaults.find((d) => d.name.text === name);
    return property ? safeConstant(() => constant(property.value)) : null;
  });
  definition.globals = variables(schema.globals);
  definition.playerVars = variables(schema.playerVars);
  definition.teamVars = variables(schema.teamVars);
  definition.zoneVars = variables(schema.zoneVars);
  definition.pieceVars = variables(schema.pieceVars);
  // Places first: a card's or a region's property may name a territory or a region ("Africa del Nord").
  for (const set of schema.zoneSets.values()) {
    for (const zone of set.items) {
      const info = schema.zones.get(zone.name.text);
      if (info?.item !== zone) continue;
      definition.zones.push({
        name: zone.name.text, properties: propertyValues(schema.zoneProperties, zone.properties, set.defaults),
        region: info.region ?? null, neighbours: info.neighbours.map((n) => zoneValue(schema.zones.get(n)!.index)),
      });
    }
  }
  const zoneOf = (name: string) => zoneValue(schema.zones.get(name)!.index);
  definition.regions = [...schema.regions.values()].map((region) => ({
    name: region.name, map: region.map, properties: propertyValues(schema.regionProperties, region.item.properties),
    territories: region.territories.map(zoneOf),
  }));
  definition.maps = [...schema.zoneSets].filter(([, set]) => set.isMap).map(([name, set]) => ({ name, territories: set.zones.map(zoneOf) }));
  definition.teams = [...schema.teams.values()].map((team) => ({ name: team.name, properties: propertyValues(schema.teamProperties, team.item.properties) }));
  // A property's kind is the first one known among the values written for it, defaults first.
  definition.cardPropertyKinds = schema.cardProperties.map((name) => {
    const written = [...schema.cardSets.values()].flatMap((set) => [...set.decl.defaults, ...set.decl.cards.flatMap((c) => c.properties)])
      .filter((p) => p.name.text === name).map((p) => kindOf(annotations.types.get(p.value)));
    return written.find((kind) => kind !== 'unknown' && kind !== 'none') ?? 'unknown';
  });
  for (const set of schema.cardSets.values()) {
    for (const card of set.decl.cards) {
      const properties = propertyValues(schema.cardProperties, card.properties, set.decl.defaults);
      const copies = Number.isFinite(card.copies?.value) ? Math.max(0, Math.min(card.copies!.value, 1000)) : 1;
      for (let i = 0; i < copies; i++) definition.cards.push({ name: card.name.text, set: set.name, properties });
    }
  }
  definition.piles = [...schema.piles.values()].map((pile) => {
    const set = pile.decl.of ? schema.cardSets.get(pile.decl.of.text) : undefined;
    return {
      name: pile.name, perPlayer: pile.decl.perPlayer, ...(pile.decl.perTeam ? { perTeam: true } : {}), visibility: pile.decl.visibility,
      initial: set ? Array.from({ length: set.count }, (_, i) => set.firstCard + i) : [],
    };
  });
  definition.options = [...schema.options.values()].map((o) => ({ name: o.name, value: safeConstant(() => constant(o.decl.value)) }));
  for (const [name, variant] of schema.variants) {
    definition.variants.set(name, variant.settings.map((s) => ({
      index: schema.options.get(s.name.text)!.index, value: safeConstant(() => constant(s.value)),
    })));
  }
  for (const role of schema.roles.values()) {
    const size = annotations.frameSizes.get(role.item) ?? 1;
    const when = role.item.when ? compile(role.item.when) : null;
    const goal = role.item.goal ? compile(role.item.goal) : null;
    definition.roles.push({
      name: role.name,
      visibility: role.visibility,
      eligible: when ? (state) => Boolean(when(state, { program: -1, pc: 0, locals: new Array(size).fill(null) })) : null,
      // A goal never pauses for a choice, so one scratch frame per role is enough.
      goal: goal ? ((frame: Frame) => (state: GameState, holder: number) => {
        frame.locals[0] = holder;
        return Boolean(goal(state, frame));
      })({ program: -1, pc: 0, locals: new Array(size).fill(null) }) : null,
      cite: citation(role.item.cite),
    });
  }

  // Programs get their numbers first, so `do` can jump to a rule declared further down.
  const rules = [...schema.rules.values()];
  const ruleProgram = new Map<string, number>();
  rules.forEach((rule, i) => ruleProgram.set(rule.name, i));
  const programsFor = (): Program[] => rules.map((rule) => ({
    name: rule.name, frameSize: annotations.frameSizes.get(rule.decl) ?? 0,
    paramSlots: rule.decl.params.map((p) => annotations.slots.get(p)!), instructions: [],
  }));
  const lowerAll = (programs: Program[], emitter: Emitter): Program[] => {
    rules.forEach((rule, i) => Object.assign(programs[i], emitter.program(rule.decl.body, citation(rule.decl.cite), programs[i].frameSize, rule.name)));
    if (schema.setup) {
      const frameSize = annotations.frameSizes.get(schema.setup) ?? 0;
      definition.setupProgram = programs.push({ name: 'setup', paramSlots: [], ...emitter.program(schema.setup.body, -1, frameSize, null) }) - 1;
    }
    if (schema.turns) {
      const frameSize = annotations.frameSizes.get(schema.turns) ?? 0;
      definition.turnProgram = programs.push({ name: 'turn', paramSlots: [], ...emitter.program(schema.turns.body, -1, frameSize, null) }) - 1;
    }
    // Each option of `at any time`: a program of its own, started when a player takes it.
    definition.anyTime = schema.anyTime.flatMap((decl) => decl.options.map((option) => {
      const frameSize = annotations.frameSizes.get(option) ?? 1;
      const slot = annotations.slots.get(decl.variable)!;
      const program = programs.push({ name: `at any time: ${option.label}`, paramSlots: [slot], ...emitter.program(option.body, -1, frameSize, null) }) - 1;
      return { label: option.label, program, slot, frameSize, players: compile(decl.players), condition: option.condition ? compile(option.condition) : null, cite: -1 };
    }));
    return programs;
  };
  const programs = programsFor();
  definition.programs = lowerAll(programs, new Emitter(definition, annotations, compile, citation, ruleProgram, programs, null));
  // Batch mode's programs have the rules they call inlined (inline.ts); logged matches keep a frame
  // per call, which the studio shows. They are lowered at the first batch game: editing never waits for them.
  const inlining = {
    rules: new Map(rules.map((rule) => [rule.name, { decl: rule.decl, cite: citation(rule.decl.cite) }])),
    compilerAt: memoized((offset: number) => {
      const shifted = shiftedAnnotations(annotations, offset);
      const compiler = offset === 0 ? expressions : createExpressionCompiler(definition, shifted);
      return { annotations: shifted, compile: (node: AST.Expr) => compiler.compile(node) };
    }),
  };
  let batchPrograms: Program[] | null = null;
  definition.batchPrograms = () => {
    if (batchPrograms) return batchPrograms;
    const inlined = programsFor();
    return batchPrograms = lowerAll(inlined, new Emitter(definition, annotations, compile, citation, ruleProgram, inlined, inlining));
  };
  if (schema.turns) definition.phases = schema.turns.body.statements.filter((s): s is AST.PhaseStmt => s.kind === 'phase').map((s) => s.name.text);
  return definition;
}

function memoized<T>(make: (key: number) => T): (key: number) => T {
  const made = new Map<number, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, value = make(key));
    return value;
  };
}

/** What batch mode's lowering needs to inline a rule: its declaration, and expressions compiled for its slots' offset. */
interface Inlining {
  rules: Map<string, { decl: AST.RuleDecl; cite: number }>;
  compilerAt: (offset: number) => { annotations: Analysis['annotations']; compile: (node: AST.Expr) => Evaluate };
}

function safeConstant(read: () => Value): Value {
  try { return read(); } catch { return null; }
}

/** Formats a value for labels and the log. */
export function formatValue(definition: GameDefinition, state: GameState, kind: ValueKind, value: Value): string {
  if (value === null) return 'none';
  if (Array.isArray(value)) return value.map((v) => formatValue(definition, state, kind, v)).join(', ');
  if (kind === 'player' && typeof value === 'number') return playerName(value);
  if (kind === 'team' && typeof value === 'number') return definition.teams[value]?.name ?? String(value);
  if (kind === 'zone' && typeof value === 'number') return definition.zones[-value - 1]?.name ?? String(value);
  if (kind === 'region' && typeof value === 'number') return definition.regions[value]?.name ?? String(value);
  if (kind === 'card' && typeof value === 'number') return definition.cards[value]?.name ?? String(value);
  if (kind === 'cell' && typeof value === 'number') return cellLabel(definition, value);
  if (kind === 'tile' && typeof value === 'number') return tileLabel(definition, value);
  if (kind === 'piece' && typeof value === 'number') return pieceLabel(definition, state, value);
  if (kind === 'die' && typeof value === 'number') {
    const pool = definition.pools.find((p) => value >= p.first && value < p.first + p.count);
    // Named by the kind of die ("Dado 3: Vino"), or by its set when two sets share a kind (red and blue D6).
    const shared = pool && definition.pools.some((p) => p !== pool && p.dieName === pool.dieName);
    const name = pool ? (shared ? pool.name : pool.dieName) : 'die';
    return `${name} ${pool ? value - pool.first + 1 : value}: ${state.dice[value]?.face ?? '?'}`;
  }
  return String(value);
}

/** Builds instruction lists. Jumps are patched once their target is known. */
class Emitter {
  private code: Instruction[] = [];
  private cite = -1;
  /** The frame's slot of the running rule's slot 0, and how many slots that rule has: an inlined rule's start past them. */
  private offset = 0;
  private size = 0;
  private frameSize = 0;
  /** The rules being inlined here, outermost first: a rule calling itself is called for real. */
  private chain: string[] = [];
  /** How many inlined calls the code emitted now is inside. */
  private inlinedCalls = 0;

  constructor(
    private readonly definition: GameDefinition,
    private annotations: Analysis['annotations'],
    private compile: (node: AST.Expr) => Evaluate,
    private readonly citation: (text: string | undefined) => number,
    private readonly ruleProgram: Map<string, number>,
    /** The programs a real call starts. */
    private readonly programs: Program[],
    /** Null: every call is a real one. */
    private readonly inlining: Inlining | null,
  ) {}

  program(body: AST.Block, cite: number, frameSize: number, rule: string | null): Pick<Program, 'instructions' | 'frameSize'> {
    this.code = [];
    this.cite = cite;
    this.chain = rule === null ? [] : [rule];
    this.offset = 0;
    this.size = this.frameSize = frameSize;
    this.block(body);
    return { instructions: this.code, frameSize: this.frameSize };
  }

  /**
   * `do R(args)` lowered in place: the arguments go to R's parameters, past the caller's slots, then
   * R's body follows. Its instructions are marked `insideCall`, for the engine's turn-over check.
   */
  private inline(node: AST.DoStmt, rule: { decl: AST.RuleDecl; cite: number }, args: Evaluate[]): void {
    const offset = this.offset + this.size;
    const size = this.annotations.frameSizes.get(rule.decl) ?? 0;
    const target = this.inlining!.compilerAt(offset);
    const params = rule.decl.params.map((p) => target.annotations.slots.get(p)!);
    // Counted as the call it stands for, so the step limit stops a game at the same place.
    this.emit(node, (s, f) => {
      for (let i = 0; i < args.length; i++) f.locals[params[i]] = args[i](s, f);
      f.pc++;
    }, false, true).shape = { kind: 'args', params, args };
    const saved = { offset: this.offset, size: this.size, annotations: this.annotations, compile: this.compile, cite: this.cite };
    this.offset = offset;
    this.size = size;
    this.frameSize = Math.max(this.frameSize, offset + size);
    this.annotations = target.annotations;
    this.compile = target.compile;
    this.chain.push(node.rule.text);
    this.cite = rule.cite;
    this.inlinedCalls++;
    this.block(rule.decl.body);
    this.inlinedCalls--;
    this.chain.pop();
    Object.assign(this, saved);
  }

  /**
   * `yields`: the instruction may pause, call, return or end the turn, so the engine must look after it.
   * `counted`: a loop's jump back or a rule call, which the step limit counts.
   */
  private emit(node: AST.Node, run: Instruction['run'], yields = false, counted = false): Instruction {
    const instruction: Instruction = { run, at: node.range.start, end: node.range.end, cite: this.cite, yields, counted, insideCall: this.inlinedCalls > 0, test: null, target: -1, source: { node, annotations: this.annotations } };
    this.code.push(instruction);
    return instruction;
  }

  /** A jump whose target is filled in later. */
  private jump(node: AST.Node, when?: Evaluate): { patch: (target: number) => void } {
    if (when) {
      const instruction = this.emit(node, (s, f) => { f.pc = when(s, f) ? f.pc + 1 : instruction.target; });
      instruction.test = when;
      return { patch: (t) => { instruction.target = t; } };
    }
    const instruction = this.goto(node, -1);
    return { patch: (t) => { instruction.target = t; } };
  }

  /** An unconditional jump (`counted` when it goes back round a loop). */
  private goto(node: AST.Node, target: number, counted = false): Instruction {
    const instruction = this.emit(node, (_, f) => { f.pc = instruction.target; }, false, counted);
    instruction.target = target;
    return instruction;
  }

  private get here(): number { return this.code.length; }

  private block(body: AST.Block): void {
    const saved = this.cite;
    for (const statement of body.statements) this.statement(statement);
    this.cite = saved;
  }

  /** The player a statement acts on (the current player when not said); none is a rule error, not a crash. */
  private player(node: AST.Expr | undefined): Evaluate {
    const read = node ? this.compile(node) : (state: GameState) => state.current;
    return (s, f) => {
      const value = read(s, f);
      if (typeof value !== 'number' || value < 0 || value >= s.seats) throw new RuleError(value === null ? 'a player was expected, but the value is none' : 'there is no current player yet');
      return value;
    };
  }

  /** Who holds tokens in a gain, discard or steal: a player or a zone (the current player when not said). */
  private holder(node: AST.Expr | undefined): Evaluate {
    const read = node ? this.compile(node) : (state: GameState) => state.current;
    return (s, f) => {
      const value = read(s, f);
      if (typeof value !== 'number' || value >= s.seats || (value >= 0 ? false : -value - 1 >= s.zones.length)) {
        throw new RuleError(value === null ? 'a player or a zone was expected, but the value is none' : 'there is no current player yet');
      }
      return value;
    };
  }

  /** The slot in `state.piles` of a pile reference (a shared pile, or a player's own). */
  private pile(node: AST.Expr): (s: GameState, f: Frame) => number {
    const reference = this.annotations.piles.get(node);
    if (!reference) return () => { throw new RuleError('this is not a pile'); };
    if (reference.kind === 'shared') return (s) => s.pileBase[reference.index];
    if (reference.kind === 'team') {
      const team = this.compile(reference.owner);
      return (s, f) => {
        const t = team(s, f);
        if (typeof t !== 'number') throw new RuleError('a team was expected, but the value is none');
        return s.pileBase[reference.index] + t;
      };
    }
    const owner = this.player(reference.owner);
    return (s, f) => s.pileBase[reference.index] + (owner(s, f) as number);
  }

  private tokenIndex(node: AST.Expr): (s: GameState, f: Frame) => number {
    const symbol = this.compile(node);
    return (s, f) => {
      const name = symbol(s, f);
      const index = this.definition.tokens.indexOf(name as string);
      if (index < 0) throw new RuleError(`'${String(name)}' is not a token kind`);
      return index;
    };
  }

  private statement(node: AST.Statement): void {
    const d = this.definition;
    const next = (f: Frame) => { f.pc++; };
    switch (node.kind) {
      case 'error': return;
      case 'cite': this.cite = this.citation(node.text); return;
      case 'phase': {
        const name = node.name.text;
        this.emit(node.name, (s, f) => { s.phase = name; next(f); });
        this.block(node.body);
        return;
      }
      case 'log': {
        const text = this.text(node, node.text);
        const instruction = this.emit(node, (s, f) => {
          if (!s.quiet) log(s, { player: s.current, kind: 'note', text: `${actor(s)}: ${text(s, f)}`, cite: instruction.cite, at: instruction.at });
          next(f);
        });
        return;
      }
      case 'let': {
        const value = this.compile(node.value);
        const slot = this.annotations.slots.get(node.name)!;
        this.emit(node, (s, f) => { f.locals[slot] = value(s, f); next(f); }).shape = { kind: 'set-local', slot, value };
        return;
      }
      case 'set': {
        const value = this.compile(node.value);
        const target = node.target;
        if (target.kind === 'name') {
          const r = this.annotations.names.get(target);
          if (r?.kind === 'local') this.emit(node, (s, f) => { f.locals[r.slot] = value(s, f); next(f); }).shape = { kind: 'set-local', slot: r.slot, value };
          else if (r?.kind === 'global') this.emit(node, (s, f) => { s.globals[r.index] = value(s, f); next(f); }).shape = { kind: 'set-global', index: r.index, value };
        } else if (target.kind === 'member') {
          const member = this.annotations.members.get(target);
          const object = this.compile(target.object);
          if (member?.kind === 'zone-var') {
            this.emit(node, (s, f) => {
              const z = object(s, f);
              if (typeof z !== 'number' || z >= 0) throw new RuleError('a zone was expected, but the value is none');
              s.zones[-z - 1].vars[member.index] = value(s, f);
              next(f);
            });
          }
          if (member?.kind === 'team-var') {
            this.emit(node, (s, f) => {
              const t = object(s, f);
              if (typeof t !== 'number') throw new RuleError('a team was expected, but the value is none');
              s.teamVars[t][member.index] = value(s, f);
              next(f);
            });
          }
          if (member?.kind === 'player-var') {
            this.emit(node, (s, f) => {
              const p = object(s, f);
              if (typeof p !== 'number') throw new RuleError('a player was expected, but the value is none');
              if (p < 0) throw new RuleError('there is no current player yet');
              s.players[p].vars[member.index] = value(s, f);
              next(f);
            }).shape = { kind: 'set-player-var', object, index: member.index, value };
          }
          if (member?.kind === 'piece-var') {
            this.emit(node, (s, f) => {
              pieceOf(s, object(s, f)).vars[member.index] = value(s, f);
              next(f);
            });
          }
        }
        return;
      }
      case 'gain': {
        const amount = this.compile(node.amount);
        const token = this.tokenIndex(node.symbol);
        const player = this.holder(node.player);
        const instruction = this.emit(node, (s, f) => {
          gainTokens(s, d, player(s, f) as number, token(s, f), amount(s, f) as number, instruction.cite, instruction.at);
          next(f);
        });
        return;
      }
      case 'discard': {
        const amount = node.amount ? this.compile(node.amount) : null;
        const token = this.tokenIndex(node.symbol);
        const player = this.holder(node.player);
        const instruction = this.emit(node, (s, f) => {
          const p = player(s, f) as number;
          const t = token(s, f);
          const wanted = amount ? (amount(s, f) as number) : holdings(s, p)[t];
          discardTokens(s, d, p, t, wanted, instruction.cite, instruction.at);
          next(f);
        });
        return;
      }
      case 'steal': {
        const amount = this.compile(node.amount);
        const token = this.tokenIndex(node.symbol);
        const victim = this.holder(node.victim);
        const player = this.holder(node.player);
        const instruction = this.emit(node, (s, f) => {
          stealTokens(s, d, player(s, f) as number, victim(s, f) as number, token(s, f), amount(s, f) as number, instruction.cite, instruction.at);
          next(f);
        });
        return;
      }
      case 'roll': {
        const dice = this.compile(node.dice);
        const instruction = this.emit(node, (s, f) => {
          const list = toList(dice(s, f)) as number[];
          for (const die of list) {
            const pool = poolOf(d, die);
            s.dice[die].face = pool.faces[randomInt(s, pool.faces.length)];
          }
          if (!s.quiet) {
            // With several sets of dice, say which one was rolled (the attacker's red, the defender's blue).
            const pool = d.pools.length > 1 && list.length > 0 ? poolOf(d, list[0]) : null;
            const which = pool && list.every((die) => poolOf(d, die) === pool) ? ` ${pool.name}` : '';
            log(s, { player: s.current, kind: 'roll', text: `${actor(s)} rolls${which}: ${list.map((die) => s.dice[die].face).join(', ')}`, cite: instruction.cite, at: instruction.at });
          }
          next(f);
        });
        return;
      }
      case 'mark': {
        const dice = this.compile(node.dice);
        const bit = 1 << (this.annotations.markBits.get(node.mark.text) ?? 0);
        const on = node.on;
        this.emit(node, (s, f) => {
          for (const die of toList(dice(s, f)) as number[]) {
            s.dice[die].marks = on ? s.dice[die].marks | bit : s.dice[die].marks & ~bit;
          }
          next(f);
        });
        return;
      }
      case 'choose-value': return this.chooseValue(node);
      case 'choose-option': return this.chooseOption(node);
      case 'choose-selection': return this.chooseSelection(node);
      case 'if': {
        const skipThen = this.jump(node.condition, this.compile(node.condition));
        this.block(node.then);
        if (node.otherwise) {
          const skipElse = this.jump(node);
          skipThen.patch(this.here);
          this.block(node.otherwise);
          skipElse.patch(this.here);
        } else {
          skipThen.patch(this.here);
        }
        return;
      }
      case 'while': {
        const start = this.here;
        const exit = this.jump(node.condition, this.compile(node.condition));
        this.block(node.body);
        this.goto(node, start, true);
        exit.patch(this.here);
        return;
      }
      case 'repeat': {
        const times = this.compile(node.times);
        const slot = this.annotations.loopSlots.get(node)!;
        this.emit(node, (s, f) => { f.locals[slot] = times(s, f); next(f); }).shape = { kind: 'set-local', slot, value: times };
        const start = this.here;
        const exit = this.jump(node, (_, f) => (f.locals[slot] as number) > 0);
        this.code[this.here - 1].shape = { kind: 'repeat-test', slot };
        this.emit(node, (_, f) => { f.locals[slot] = (f.locals[slot] as number) - 1; next(f); }).shape = { kind: 'count-down', slot };
        this.block(node.body);
        this.goto(node, start, true);
        exit.patch(this.here);
        return;
      }
      case 'simultaneous': {
        const list = this.compile(node.list);
        const variable = this.annotations.slots.get(node.variable)!;
        let after = -1;
        this.emit(node, (s, f) => openBlock(s, f, toList(list(s, f)) as number[], variable, after), true);
        this.block(node.body);
        this.emit(node, (s) => endThread(d, s), true);
        after = this.here;
        return;
      }
      case 'for-each': {
        const list = this.compile(node.list);
        const listSlot = this.annotations.loopSlots.get(node)!;
        const variable = this.annotations.slots.get(node.variable)!;
        this.emit(node, (s, f) => { f.locals[listSlot] = toList(list(s, f)); f.locals[listSlot + 1] = 0; next(f); }).shape = { kind: 'for-each-start', list, listSlot };
        const start = this.here;
        let exit = -1;
        const step = this.emit(node, (_, f) => {
          const items = f.locals[listSlot] as Value[];
          const position = f.locals[listSlot + 1] as number;
          if (position >= items.length) { f.pc = exit; return; }
          f.locals[variable] = items[position];
          f.locals[listSlot + 1] = position + 1;
          next(f);
        });
        this.block(node.body);
        this.goto(node, start, true);
        exit = this.here;
        step.shape = { kind: 'for-each-next', listSlot, variable, exit };
        return;
      }
      case 'do': {
        const program = this.ruleProgram.get(node.rule.text)!;
        const args = node.args.map((a) => this.compile(a));
        const inlined = this.inlining?.rules.get(node.rule.text);
        if (inlined && !this.chain.includes(node.rule.text) && this.here < inlineLimit) return this.inline(node, inlined, args);
        const target = this.programs[program];
        // Copying a blank frame is cheaper than building one; it is made at the first call, once
        // every program is lowered (a batch program's size is known only then).
        let blank: Value[] | null = null;
        const slots = target.paramSlots;
        this.emit(node, (s, f) => {
          const locals = (blank ??= new Array(target.frameSize).fill(null)).slice();
          for (let i = 0; i < args.length; i++) locals[slots[i]] = args[i](s, f);
          next(f);
          s.stack.push({ program, pc: 0, locals });
        }, true, true);
        return;
      }
      case 'win': {
        const player = this.compile(node.player);
        const reason = this.text(node, node.reason ?? 'the rules say so', true);
        const detail = this.detail(node);
        const instruction = this.emit(node, (s, f) => {
          const who = player(s, f);
          // A list of players wins together; an empty list would crown nobody, so it is an error too.
          const winners = Array.isArray(who) && who.length > 0 ? who.map((p) => playerAbout('win', p)) : [playerAbout('win', Array.isArray(who) ? null : who)];
          finish(s, 'win', winners, reason(s, f), instruction.cite, instruction.at, { detail: detail?.(s, f) });
        }, true);
        return;
      }
      case 'eliminate': {
        const player = this.compile(node.player);
        const reason = this.text(node, node.reason ?? 'the rules say so', true);
        const instruction = this.emit(node, (s, f) => {
          const why = reason(s, f);
          next(f);
          eliminate(s, playerAbout('eliminate', player(s, f)), why, instruction.cite, instruction.at);
        }, true);
        return;
      }
      case 'draw-game': {
        const reason = this.text(node, node.reason ?? 'the rules end the game', true);
        const detail = this.detail(node);
        const instruction = this.emit(node, (s, f) => finish(s, 'draw', [], reason(s, f), instruction.cite, instruction.at, { detail: detail?.(s, f) }), true);
        return;
      }
      case 'end-turn': this.emit(node, (s) => { s.stack = []; }, true); return;
      case 'deal-roles': {
        const instruction = this.emit(node, (s, f) => {
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
        return;
      }
      case 'draw-role': {
        const player = this.compile(node.player);
        const instruction = this.emit(node, (s, f) => {
          const p = player(s, f) as number;
          const role = s.roleDeck.shift() ?? null;
          s.players[p].role = role;
          if (role) dealtLog(s, d, p, role, 'draws the role', instruction);
          next(f);
        });
        return;
      }
      case 'discard-role': {
        const player = this.compile(node.player);
        const instruction = this.emit(node, (s, f) => {
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
        return;
      }
      case 'shuffle': {
        const pile = this.pile(node.pile);
        this.emit(node, (s, f) => { shuffle(s, s.piles[pile(s, f)]); next(f); });
        return;
      }
      case 'draw-cards': {
        const count = this.compile(node.count);
        const from = this.pile(node.from);
        const to = this.pile(node.to);
        const instruction = this.emit(node, (s, f) => {
          const source = s.piles[from(s, f)];
          const drawn = source.splice(0, Math.max(0, Math.min(count(s, f) as number, source.length)));
          placeCards(s, d, drawn, to(s, f), false);
          if (!s.quiet && drawn.length) cardLog(s, d, drawn, `draws ${drawn.length} from ${pileName(d, s, from(s, f))} to ${pileName(d, s, to(s, f))}`, to(s, f), instruction);
          next(f);
        });
        return;
      }
      case 'rotate': {
        const instruction: Instruction = this.emit(node, rotateStatement(d, node, this.compile(node.tile), () => instruction));
        return;
      }
      case 'take-off': {
        const instruction: Instruction = this.emit(node, takeOffStatement(d, node, this.compile(node.pieces), () => instruction));
        return;
      }
      case 'move-cards': {
        const moved = this.annotations.types.get(node.cards);
        if (moved === 'piece' || moved === 'list<piece>') {
          const instruction: Instruction = this.emit(node, movePieceStatement(d, this.compile(node.cards), this.compile(node.to), () => instruction));
          return;
        }
        const cards = this.compile(node.cards);
        const to = this.pile(node.to);
        const faceDown = node.faceDown;
        const instruction = this.emit(node, (s, f) => {
          const moving = toList(cards(s, f)) as number[];
          // The cards' holder puts them down (a surprise from a hand), else the current player.
          let mover = -1;
          for (const card of moving) { const holder = removeCard(s, d, card); if (mover < 0) mover = holder; }
          const target = to(s, f);
          placeCards(s, d, moving, target, faceDown, mover >= 0 ? mover : s.current);
          const how = faceDown ? ' face down' : '';
          if (!s.quiet && moving.length) cardLog(s, d, moving, `puts ${moving.length === 1 ? 'a card' : `${moving.length} cards`} on ${pileName(d, s, target)}${how}`, target, instruction, faceDown, mover);
          next(f);
        });
        return;
      }
      case 'reveal': {
        const cards = this.compile(node.cards);
        const instruction = this.emit(node, (s, f) => {
          const shown = toList(cards(s, f)) as number[];
          for (const card of shown) s.revealed[card] = true;
          if (!s.quiet && shown.length) log(s, { player: s.current, kind: 'reveal', text: `${actor(s)} reveals ${shown.map((c) => d.cards[c].name).join(', ')}`, cite: instruction.cite, at: instruction.at });
          next(f);
        });
        return;
      }
      case 'win-team': {
        const team = this.compile(node.team);
        const reason = this.text(node, node.reason ?? 'the rules say so', true);
        const detail = this.detail(node);
        const instruction = this.emit(node, (s, f) => {
          const t = team(s, f);
          if (typeof t !== 'number') throw new RuleError('a team was expected, but the value is none');
          const winners = s.players.map((p, seat) => (p.team === t ? seat : -1)).filter((seat) => seat >= 0);
          finish(s, 'win', winners, reason(s, f), instruction.cite, instruction.at, { team: d.teams[t].name, detail: detail?.(s, f) });
        }, true);
        return;
      }
      case 'next-turn': {
        const player = this.compile(node.player);
        this.emit(node, (s, f) => {
          const p = player(s, f);
          if (typeof p !== 'number' || p < 0 || p >= s.seats) throw new RuleError('next turn to: a player was expected, but the value is none');
          s.nextTurn = p;
          next(f);
        });
        return;
      }
      case 'first-player': {
        const dice = this.compile(node.dice);
        const score = this.compile(node.score);
        const instruction = this.emit(node, (s, f) => {
          let contenders = playersFrom(s, d, 0);
          for (let round = 0; contenders.length > 1 && round < 100; round++) {
            let best = -Infinity;
            let leaders: number[] = [];
            for (const p of contenders) {
              for (const die of toList(dice(s, f)) as number[]) {
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
        return;
      }
    }
  }

  /**
   * A text with the values it shows (`{p.daPiazzare}`) filled in as the log prints them. In batch
   * mode nobody reads logs and prompts, so the written text stands; a game's outcome (`always`) is
   * read, so it is filled in there too. The checker keeps draws out of texts, so both modes play alike.
   */
  private text(node: AST.Templated, written: string, always = false): (s: GameState, f: Frame) => string {
    const parts = node.parts;
    if (!parts?.length) return () => written;
    const pieces = parts.map((part) => {
      if (typeof part === 'string') return () => part;
      const value = this.compile(part);
      const kind = kindOf(this.learntType(part));
      return (s: GameState, f: Frame) => formatValue(this.definition, s, kind, value(s, f));
    });
    return (s, f) => (s.quiet && !always ? written : pieces.map((piece) => piece(s, f)).join(''));
  }

  /** An ending's `detail "…"`, made like its reason (also in batch mode: the outcome is read). */
  private detail(node: AST.WinStmt | AST.WinTeamStmt | AST.DrawGameStmt): ((s: GameState, f: Frame) => string) | undefined {
    return node.detail && this.text(node.detail, node.detail.text, true);
  }

  /**
   * The kind of a value, or what its variable was found to hold when it was declared without one
   * (`piece var mete = []`, set by a rule checked after the one that reads it).
   */
  private learntType(node: AST.Expr): Type | undefined {
    const type = this.annotations.types.get(node);
    if (type && type !== 'unknown' && type !== 'list<unknown>') return type;
    // Only a variable learns its kind from what it is given; a local or a property of the same name does not.
    const member = node.kind === 'member' ? this.annotations.members.get(node)?.kind : undefined;
    const variable = member === 'player-var' || member === 'team-var' || member === 'zone-var' || member === 'piece-var' ? (node as AST.MemberExpr).property.text
      : node.kind === 'name' && this.annotations.names.get(node)?.kind === 'global' ? node.name : undefined;
    return (variable !== undefined ? this.annotations.variableTypes.get(variable) : undefined) ?? type;
  }

  private chooseValue(node: AST.ChooseValueStmt): void {
    const d = this.definition;
    const list = this.compile(node.from);
    const by = this.player(node.by);
    const slot = this.annotations.slots.get(node.variable)!;
    const kind = kindOf(this.learntType(node.from));
    const need = node.count && node.count.kind === 'number' ? node.count.value : 0;
    const promptOf = this.text(node, node.prompt ?? `choose ${node.variable.text}`);
    const instruction = this.emit(node, (s, f) => {
      const prompt = promptOf(s, f);
      const values = toList(list(s, f));
      const player = chooser(s, by(s, f));
      if (!s.players[player].active) {
        // A player out of the game is never asked: nothing is chosen.
        f.locals[slot] = need > 0 ? [] : null;
        f.pc++;
        return;
      }
      // Batch mode skips the labels: bots choose by position, and nobody reads them.
      const labels = s.quiet ? [] : uniqueLabels(values.map((v) => formatValue(d, s, kind, v)));
      if (need > 0) {
        if (values.length <= need) {
          // Nothing to decide: every candidate is taken.
          f.locals[slot] = values;
          if (!s.quiet) log(s, { player, kind: 'choice', text: `${playerName(player)} takes ${labels.join(', ') || 'nothing'} (${prompt})`, publicText: kind === 'card' ? `${playerName(player)} takes every card offered (${prompt})` : undefined, cite: instruction.cite, at: instruction.at });
          f.pc++;
          return;
        }
        s.pending = { kind: 'pick', player, prompt, labels, values, valueKind: kind, slot, need, picked: [], cite: instruction.cite, at: instruction.at };
        return;
      }
      if (values.length <= 1) {
        f.locals[slot] = values[0] ?? null;
        if (values.length === 1 && !s.quiet) log(s, { player, kind: 'choice', text: `${playerName(player)}: ${labels[0]} (${prompt}, the only choice)`, publicText: kind === 'card' ? `${playerName(player)} has one choice (${prompt})` : undefined, cite: instruction.cite, at: instruction.at });
        f.pc++;
        return;
      }
      s.pending = { kind: 'value', player, prompt, labels, values, valueKind: kind, slot, cite: instruction.cite, at: instruction.at };
    }, true);
    if (need === 0) instruction.shape = { kind: 'choose-value', valueKind: kind };
  }

  /** A selection under a condition: the statement's parts, lowered here; the rest is selection.ts. */
  private chooseSelection(node: AST.ChooseSelectionStmt): void {
    const d = this.definition;
    const by = this.player(node.by);
    const kind = kindOf(this.learntType(node.from));
    const plan: SelectionPlan = {
      variable: node.variable.text, size: node.size, list: this.compile(node.from), count: node.count ? this.compile(node.count) : null,
      condition: node.condition ? this.compile(node.condition) : null, conditionText: node.conditionText ?? null,
      by: (s, f) => chooser(s, by(s, f)), slot: this.annotations.slots.get(node.variable)!, kind,
      prompt: this.text(node, node.prompt ?? `choose ${node.variable.text}`),
      labels: (s, values) => uniqueLabels(values.map((v) => formatValue(d, s, kind, v))),
      total: this.runningTotal(node),
    };
    const instruction = this.emit(node, selectionStatement(plan, () => instruction), true);
  }

  /** `sum of xs by S OP TARGET` (either way round): the studio shows the running total of the picks against TARGET. */
  private runningTotal(node: AST.ChooseSelectionStmt): SelectionPlan['total'] {
    const c = node.condition;
    const flipped: Record<string, string> = { '==': '==', '!=': '!=', '<=': '>=', '>=': '<=', '<': '>', '>': '<' };
    if (c?.kind !== 'binary' || !(c.operator in flipped)) return null;
    const isSum = (e: AST.Expr) => e.kind === 'aggregate' && e.operator === 'sum' && e.list.kind === 'name' && e.list.name === node.variable.text;
    const [sum, target, operator] = isSum(c.left) ? [c.left, c.right, c.operator] : isSum(c.right) ? [c.right, c.left, flipped[c.operator]] : [];
    if (!sum || !target || mentions(target, node.variable.text)) return null;
    return { sum: this.compile(sum), target: this.compile(target), operator: operator! };
  }

  private chooseOption(node: AST.ChooseOptionStmt): void {
    const by = this.player(node.by);
    const promptOf = this.text(node, node.prompt ?? 'choose');
    const conditions = node.options.map((o) => (o.condition ? this.compile(o.condition) : null));
    const labels = node.options.map((o) => o.label);
    const statuses = this.definition.statuses.some((s) => s.forbid.some((label) => labels.includes(label)));
    const targets: number[] = [];
    const instruction = this.emit(node, (s, f) => {
      const player = chooser(s, by(s, f));
      if (!s.players[player].active) { f.pc = end; return; }
      const prompt = promptOf(s, f);
      const open: number[] = [];
      // A status (thresholds) can close options by their label: "non può dichiarare la vittoria".
      const closed = statuses ? forbiddenLabels(this.definition, s, player) : null;
      for (let i = 0; i < labels.length; i++) if ((!conditions[i] || conditions[i]!(s, f)) && !closed?.has(labels[i])) open.push(i);
      if (open.length === 0) { f.pc = end; return; }
      if (open.length === 1) {
        if (!s.quiet) log(s, { player, kind: 'choice', text: `${playerName(player)}: ${labels[open[0]]} (${prompt}, the only choice)`, cite: instruction.cite, at: instruction.at });
        f.pc = targets[open[0]];
        return;
      }
      s.pending = {
        // Batch mode: bots choose by position, so no labels are made.
        kind: 'option', player, prompt, labels: s.quiet ? [] : open.map((i) => labels[i]), targets: open.map((i) => targets[i]),
        cite: instruction.cite, at: instruction.at,
      };
    }, true);
    const exits: { patch: (t: number) => void }[] = [];
    for (const option of node.options) {
      targets.push(this.here);
      this.block(option.body);
      exits.push(this.jump(option));
    }
    const end = this.here;
    exits.forEach((exit) => exit.patch(end));
    if (!statuses) instruction.shape = { kind: 'choose-option', targets, end };
  }
}


function dealtLog(s: GameState, d: GameDefinition, p: number, role: string, verb: string, instruction: Instruction) {
  if (s.quiet) return;
  const visibility = d.roles.find((r) => r.name === role)?.visibility ?? 'secret';
  const text = `${playerName(p)} ${verb} ${role}`;
  log(s, {
    player: p, kind: 'role', text, publicText: visibility === 'secret' ? `${playerName(p)} ${verb} (secret)` : undefined,
    cite: instruction.cite, at: instruction.at,
  });
}

/** The player who makes a choice; before anyone's turn a choice needs an explicit `by`. */
function chooser(state: GameState, value: Value): number {
  if (typeof value === 'number' && value >= 0) return value;
  throw new RuleError(value === -1 || state.current < 0
    ? "nobody's turn has started yet: say who chooses with 'by', e.g. choose x from L by p"
    : 'the player who chooses is none');
}

function toList(value: Value): Value[] {
  return Array.isArray(value) ? value : value === null ? [] : [value];
}

function poolOf(definition: GameDefinition, die: number) {
  for (const pool of definition.pools) if (die >= pool.first && die < pool.first + pool.count) return pool;
  throw new RuleError(`there is no die number ${die}`);
}

function uniqueLabels(labels: string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return count === 1 ? label : `${label} (${count})`;
  });
}
