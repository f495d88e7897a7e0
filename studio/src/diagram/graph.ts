/**
 * The machine diagram as data: the checked AST of a game turned into a statechart graph — one
 * compound box per machine state (setup, each phase, game over) and one per rule, and inside each
 * the flow of its steps and choices. Pure TS: layout (layout.ts) and drawing (MachineDiagram.svelte)
 * come after, and the tests build it in node.
 *
 * Inside a box, the flow follows the statements: `if` branches and `choose` options fork it (the
 * edges carry the condition or the option), loops draw a back edge, `win` / `end game` / `end turn`
 * stop it. Runs of plain statements (gain, mark, roll…) become one "steps" node listing them.
 */
import { statementCatalogue, type AST } from '../../../grammar/index.ts';
import { gameOverPhase as gameOver, setupPhase } from '../../../interpreter/index.ts';

type Range = AST.Range;

export type DiagramNodeKind =
  /** A state of the XState machine: setup, a phase, game over. */
  | 'state'
  /** A rule, called with `do`. */
  | 'rule'
  /** The entry dot of a box. */
  | 'initial'
  /** Where a box's flow ends: the next phase, or the return from a rule. */
  | 'final'
  /** `choose x from L` (value) or `choose { option … }` (option). */
  | 'choice'
  /** `do Rule(…)`. */
  | 'call'
  /** A run of plain statements. */
  | 'steps'
  /** `while`, `for each`, `repeat`: the flow comes back to it after the body. */
  | 'loop'
  /** `win`, `win team`, `end game`, `end turn`, `eliminate`. */
  | 'outcome';

export interface DiagramNode {
  id: string;
  kind: DiagramNodeKind;
  /** The box this node is drawn in (a state or rule id), or null at the top level. */
  parent: string | null;
  title: string;
  /** Smaller lines under the title (the statements of a steps node, who chooses, from what). */
  lines: string[];
  /** The source range to reveal in the editor when the node is clicked. */
  range: Range;
  /** state: the machine state name; rule and call: the rule's name; outcome: its statement kind. */
  name?: string;
  /** The rulebook sentence behind it, for the tooltip. */
  cite?: string;
}

export type DiagramEdgeKind =
  /** From one step to the next inside a box. */
  | 'flow'
  /** Back to the start of a loop's body. */
  | 'loop'
  /** Between machine states: setup → first phase → … → next turn, and the turn limit. */
  | 'transition'
  /** A box calls a rule. */
  | 'call'
  /** A box can end the game (`win`, `end game`): to game over. */
  | 'end';

export interface DiagramEdge {
  id: string;
  kind: DiagramEdgeKind;
  source: string;
  target: string;
  label: string | null;
}

export interface MachineGraph {
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

export interface GraphOptions {
  /** Draw runs of plain statements as steps nodes (true), or only choices, calls and outcomes. */
  steps?: boolean;
}

const maxLine = 44;
const maxLabel = 30;
const maxStepLines = 3;

/** Collapses whitespace and shortens to `max` characters. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** An open end of the flow: the next node is joined to `source`, with this label. */
interface Exit { source: string; label: string | null }

/** Builds the diagram of a game from its AST and the names of its machine states (`machineStates`). */
export function machineGraph(ast: AST.RulesFile, text: string, states: string[], options: GraphOptions = {}): MachineGraph {
  return new GraphBuilder(ast, text, options.steps !== false).build(states);
}

class GraphBuilder {
  readonly nodes: DiagramNode[] = [];
  readonly edges: DiagramEdge[] = [];
  private readonly ids = new Set<string>();
  private readonly edgeKeys = new Map<string, DiagramEdge>();
  private readonly rules = new Map<string, AST.RuleDecl>();
  /** Per box: the rules it calls and whether it can end the game. */
  private readonly calls = new Map<string, Set<string>>();
  private readonly ends = new Map<string, Set<string>>();
  private box = '';
  private cite: string | undefined;

  constructor(private readonly ast: AST.RulesFile, private readonly text: string, private readonly withSteps: boolean) {
    for (const d of ast.declarations) if (d.kind === 'rule' && !this.rules.has(d.name.text)) this.rules.set(d.name.text, d);
  }

  build(states: string[]): MachineGraph {
    const declarations = this.ast.declarations;
    const setup = declarations.find((d): d is AST.SetupDecl => d.kind === 'setup');
    const turns = declarations.find((d): d is AST.TurnsDecl => d.kind === 'turns');
    const game = declarations.find((d): d is AST.GameDecl => d.kind === 'game');
    const bodies = phaseBodies(turns);
    const none: AST.Block = { statements: [], range: { start: 0, end: 0 } };

    const phases = states.filter((s) => s !== setupPhase && s !== gameOver);
    for (const state of states) {
      const id = stateId(state);
      if (state === setupPhase) {
        this.compound(id, 'state', state, setup?.range ?? game?.range ?? none.range, setup?.body ?? none, { name: state });
      } else if (state === gameOver) {
        const limit = game?.turnLimit ? [`turn limit ${game.turnLimit.value}`] : [];
        this.add({ id, kind: 'state', parent: null, title: state, lines: limit, range: game?.range ?? none.range, name: state });
      } else {
        const phase = bodies.get(state);
        this.compound(id, 'state', state, phase?.range ?? turns?.range ?? none.range, phase?.body ?? none, { name: state });
      }
    }
    for (const rule of this.rules.values()) {
      const params = rule.params.length ? `(${rule.params.map((p) => p.text).join(', ')})` : '';
      this.compound(ruleId(rule.name.text), 'rule', `${rule.name.text}${params}`, rule.range, rule.body, { name: rule.name.text, cite: rule.cite });
    }

    // The machine's own transitions: setup → the first phase → … → the last → the next player's first.
    const order = [setupPhase, ...phases];
    for (let i = 0; i + 1 < order.length; i++) this.edge('transition', stateId(order[i]), stateId(order[i + 1]), null);
    if (phases.length) {
      const direction = turns?.direction === 'counterclockwise' ? 'next player (counterclockwise)' : 'next player';
      this.edge('transition', stateId(phases[phases.length - 1]), stateId(phases[0]), direction);
      if (game?.turnLimit && states.includes(gameOver)) this.edge('transition', stateId(phases[phases.length - 1]), stateId(gameOver), `turn limit ${game.turnLimit.value}`);
    }
    for (const [box, rules] of this.calls) for (const rule of rules) if (this.ids.has(ruleId(rule))) this.edge('call', box, ruleId(rule), null);
    if (states.includes(gameOver)) {
      for (const [box, kinds] of this.ends) this.edge('end', box, stateId(gameOver), [...kinds].join(' · '));
    }
    return { nodes: this.nodes, edges: this.edges };
  }

  /** A box with its flow: an entry dot, the statements, and a final node where the flow leaves. */
  private compound(id: string, kind: 'state' | 'rule', title: string, range: Range, body: AST.Block, extra: { name: string; cite?: string }): void {
    this.add({ id, kind, parent: null, title, lines: [], range, ...extra });
    const saved = { box: this.box, cite: this.cite };
    this.box = id;
    this.cite = extra.cite;
    const initial = `${id}/initial`;
    this.add({ id: initial, kind: 'initial', parent: id, title: '', lines: [], range: { start: range.start, end: range.start } });
    const exits = this.block(body, [{ source: initial, label: null }]);
    if (exits.length) {
      const final = `${id}/final`;
      this.add({ id: final, kind: 'final', parent: id, title: '', lines: [], range: { start: range.end, end: range.end } });
      this.join(exits, final);
    }
    this.box = saved.box;
    this.cite = saved.cite;
  }

  private block(block: AST.Block, entries: Exit[]): Exit[] {
    let exits = entries;
    let run: AST.Statement[] = [];
    const flush = () => {
      if (!run.length) return;
      exits = this.steps(run, exits);
      run = [];
    };
    for (const statement of block.statements) {
      if (statement.kind === 'cite') { this.cite = statement.text; continue; }
      if (isPlain(statement)) { run.push(statement); continue; }
      flush();
      exits = this.statement(statement, exits);
    }
    flush();
    return exits;
  }

  private statement(s: AST.Statement, entries: Exit[]): Exit[] {
    switch (s.kind) {
      case 'choose-value': {
        const id = this.node(s, 'choice', s.prompt ?? `choose ${s.variable.text}`, [
          `${s.count ? `${this.source(s.count)} ` : ''}${s.variable.text} from ${this.source(s.from)}`,
          ...(s.by ? [`by ${this.source(s.by)}`] : []),
        ], entries);
        return [{ source: id, label: null }];
      }
      case 'choose-selection': {
        const size = s.size === 'exactly' ? `${this.source(s.count!)} ` : s.size === 'up-to' ? `up to ${this.source(s.count!)} ` : s.size === 'at-least' ? `at least ${this.source(s.count!)} ` : `${s.size} `;
        const id = this.node(s, 'choice', s.prompt ?? `choose ${s.variable.text}`, [
          `${size}${s.variable.text} from ${this.source(s.from)}`,
          ...(s.condition ? [`where ${this.source(s.condition)}`] : []),
          ...(s.by ? [`by ${this.source(s.by)}`] : []),
        ], entries);
        return [{ source: id, label: null }];
      }
      case 'choose-option': {
        const id = this.node(s, 'choice', s.prompt ?? 'choose', s.by ? [`by ${this.source(s.by)}`] : [], entries);
        const exits: Exit[] = [];
        for (const option of s.options) {
          const label = shorten(option.label, maxLabel) + (option.condition ? ' (if …)' : '');
          exits.push(...this.block(option.body, [{ source: id, label }]));
        }
        return exits;
      }
      case 'if': return passedBy(this.ifChain(s, entries, ''), entries);
      case 'while': return this.loop(s, `while ${this.source(s.condition)}`, entries);
      case 'for-each': return this.loop(s, `for each ${s.variable.text} in ${this.source(s.list)}`, entries);
      case 'repeat': return this.loop(s, `repeat ${this.source(s.times)} times`, entries);
      case 'do': {
        const rule = this.rules.get(s.rule.text);
        const id = this.node(s, 'call', `do ${s.rule.text}`, s.args.length ? [`(${this.source({ range: { start: s.args[0].range.start, end: s.args[s.args.length - 1].range.end } }, maxLine - 2)})`] : [], entries, s.rule.text, rule?.cite);
        let calls = this.calls.get(this.box);
        if (!calls) this.calls.set(this.box, (calls = new Set()));
        calls.add(s.rule.text);
        return [{ source: id, label: null }];
      }
      case 'win': {
        this.node(s, 'outcome', `win ${this.source(s.player)}`, s.reason ? [shorten(s.reason, maxLine)] : [], entries, 'win');
        this.endsGame('win');
        return [];
      }
      case 'win-team': {
        this.node(s, 'outcome', `win team ${this.source(s.team)}`, s.reason ? [shorten(s.reason, maxLine)] : [], entries, 'win-team');
        this.endsGame('win');
        return [];
      }
      case 'draw-game': {
        this.node(s, 'outcome', 'end game (draw)', s.reason ? [shorten(s.reason, maxLine)] : [], entries, 'draw-game');
        this.endsGame('end game');
        return [];
      }
      case 'end-turn': {
        this.node(s, 'outcome', 'end turn', [], entries, 'end-turn');
        return [];
      }
      case 'eliminate': {
        const id = this.node(s, 'outcome', `eliminate ${this.source(s.player)}`, s.reason ? [shorten(s.reason, maxLine)] : [], entries, 'eliminate');
        return [{ source: id, label: null }];
      }
      default:
        return this.steps([s], entries);
    }
  }

  /** `if … else if … else`: each branch's first edges carry its condition; without `else`, the flow passes by. */
  private ifChain(s: AST.IfStmt, entries: Exit[], prefix: string): Exit[] {
    const then = this.branch(s.then, entries, `${prefix}if ${this.source(s.condition, maxLabel - 3 - prefix.length)}`);
    const nested = s.otherwise?.statements.length === 1 && s.otherwise.statements[0].kind === 'if'
      && s.otherwise.range.start === s.otherwise.statements[0].range.start ? s.otherwise.statements[0] : null;
    const otherwise = nested ? this.ifChain(nested, entries, 'else ')
      : s.otherwise ? this.branch(s.otherwise, entries, 'else') : entries;
    return dedupe([...then, ...otherwise]);
  }

  /** A branch: its first edges carry `label`; a branch with nothing to draw passes straight through. */
  private branch(block: AST.Block, entries: Exit[], label: string): Exit[] {
    const labelled = entries.map((e) => ({ source: e.source, label: combine(e.label, label) }));
    const exits = this.block(block, labelled);
    const passes = exits.length === labelled.length && exits.every((e, i) => e.source === labelled[i].source && e.label === labelled[i].label);
    return passes ? entries : exits;
  }

  /** A loop: a node of its own, its body, and a back edge from the end of the body; the flow goes on when it is done. */
  private loop(s: AST.WhileStmt | AST.ForEachStmt | AST.RepeatStmt, title: string, entries: Exit[]): Exit[] {
    const id = this.node(s, 'loop', title, [], entries);
    for (const exit of this.block(s.body, [{ source: id, label: null }])) {
      if (exit.source !== id) this.edge('loop', exit.source, id, exit.label);
    }
    return [{ source: id, label: 'done' }];
  }

  private steps(run: AST.Statement[], entries: Exit[]): Exit[] {
    if (!this.withSteps) return entries;
    const lines = run.slice(0, maxStepLines).map((s) => this.source(s));
    if (run.length > maxStepLines) lines.push(`+ ${run.length - maxStepLines} more`);
    const range = { start: run[0].range.start, end: run[run.length - 1].range.end };
    const title = run.length === 1 ? 'step' : `${run.length} steps`;
    const id = this.node({ range }, 'steps', title, lines, entries);
    return [{ source: id, label: null }];
  }

  private endsGame(kind: string): void {
    let kinds = this.ends.get(this.box);
    if (!kinds) this.ends.set(this.box, (kinds = new Set()));
    kinds.add(kind);
  }

  private node(at: AST.Node, kind: DiagramNodeKind, title: string, lines: string[], entries: Exit[], name?: string, cite?: string): string {
    const id = `${kind}@${at.range.start}`;
    this.add({ id, kind, parent: this.box, title: shorten(title, maxLine), lines, range: at.range, name, cite: cite ?? this.cite });
    this.join(entries, id);
    return id;
  }

  private add(node: DiagramNode): void {
    let id = node.id;
    for (let n = 2; this.ids.has(id); n++) id = `${node.id}#${n}`;
    node.id = id;
    this.ids.add(id);
    this.nodes.push(node);
  }

  private join(entries: Exit[], target: string): void {
    for (const entry of entries) this.edge('flow', entry.source, target, entry.label);
  }

  /** One edge per source, target and kind: a second label joins the first. */
  private edge(kind: DiagramEdgeKind, source: string, target: string, label: string | null): void {
    const key = `${kind} ${source} ${target}`;
    const known = this.edgeKeys.get(key);
    if (known) {
      if (label && known.label !== label) known.label = known.label ? `${known.label} · ${label}` : label;
      return;
    }
    const edge: DiagramEdge = { id: `e${this.edges.length}`, kind, source, target, label };
    this.edgeKeys.set(key, edge);
    this.edges.push(edge);
  }

  /** The source text of a node, on one line and shortened. */
  private source(node: AST.Node, max = maxLine): string {
    return shorten(this.text.slice(node.range.start, node.range.end), max);
  }
}

export function stateId(name: string): string { return `state:${name}`; }
export function ruleId(name: string): string { return `rule:${name}`; }

/** The body of each phase of the turn. Statements outside any phase run in the phase before them (or the first). */
function phaseBodies(turns: AST.TurnsDecl | undefined): Map<string, { range: Range; body: AST.Block }> {
  const bodies = new Map<string, { range: Range; body: AST.Block }>();
  if (!turns) return bodies;
  const phases = turns.body.statements.filter((s): s is AST.PhaseStmt => s.kind === 'phase');
  if (!phases.length) {
    bodies.set('turn', { range: turns.range, body: turns.body });
    return bodies;
  }
  let current: { range: Range; body: AST.Block } | null = null;
  const before: AST.Statement[] = [];
  for (const statement of turns.body.statements) {
    if (statement.kind === 'phase') {
      const existing = bodies.get(statement.name.text);
      current = existing ?? { range: statement.range, body: { statements: [...statement.body.statements], range: statement.body.range } };
      if (existing) existing.body.statements.push(...statement.body.statements);
      else bodies.set(statement.name.text, current);
      if (before.length) { current.body.statements.unshift(...before); before.length = 0; }
    } else if (current) {
      current.body.statements.push(statement);
    } else {
      before.push(statement);
    }
  }
  return bodies;
}

/** Statements with no choice, call, block or end in them (a `step` in the catalogue of constructs): they go in a steps node. */
function isPlain(s: AST.Statement): boolean {
  return statementCatalogue[s.kind].flow === 'step';
}

function combine(first: string | null, second: string): string {
  return first ? shorten(`${first}, ${second}`, maxLabel + 12) : second;
}

/**
 * Where a construct was passed by without drawing anything (an `if` not taken, a loop run zero
 * times), the flow leaves from where it came in, with the label it came in with.
 */
function passedBy(exits: Exit[], entries: Exit[]): Exit[] {
  return dedupe(exits.map((e) => entries.find((entry) => entry.source === e.source) ?? e));
}

function dedupe(exits: Exit[]): Exit[] {
  const seen = new Set<string>();
  return exits.filter((e) => {
    const key = `${e.source}\u0000${e.label ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
