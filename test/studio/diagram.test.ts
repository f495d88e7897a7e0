import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import { analyze, type AST } from '../../grammar/index.ts';
import { compileRules, machineStates, Match, randomMove, type GameDefinition } from '../../interpreter/index.ts';
import { machineGraph, ruleId, shorten, stateId, type MachineGraph } from '../../studio/src/diagram/graph.ts';
import { activeNodes, matchPosition } from '../../studio/src/diagram/highlight.ts';
import { edgePath, layoutMachine, type Box } from '../../studio/src/diagram/layout.ts';

function load(path: string): { text: string; definition: GameDefinition; ast: AST.RulesFile } {
  const text = readFileSync(new URL(`../../rules/${path}`, import.meta.url), 'utf8');
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return { text, definition, ast: analyze(text).ast };
}

const mortadella = load('mortadella.rules');
const graph = machineGraph(mortadella.ast, mortadella.text, machineStates(mortadella.definition));

const inside = (g: MachineGraph, box: string) => g.nodes.filter((n) => n.parent === box);
const choicesIn = (g: MachineGraph, box: string) => inside(g, box).filter((n) => n.kind === 'choice').map((n) => n.title);
const callsOf = (g: MachineGraph, box: string) => g.edges.filter((e) => e.kind === 'call' && e.source === box).map((e) => e.target);
const edgesFrom = (g: MachineGraph, id: string) => g.edges.filter((e) => e.source === id);

/** Every choose statement of a file, in source order. */
function chooseStatements(ast: AST.RulesFile): AST.Statement[] {
  const found: AST.Statement[] = [];
  const walk = (block: AST.Block | undefined) => {
    for (const s of block?.statements ?? []) {
      if (s.kind === 'choose-value' || s.kind === 'choose-option') found.push(s);
      if (s.kind === 'choose-option') for (const option of s.options) walk(option.body);
      if (s.kind === 'if') { walk(s.then); walk(s.otherwise); }
      if (s.kind === 'for-each' || s.kind === 'while' || s.kind === 'repeat' || s.kind === 'phase') walk(s.body);
    }
  };
  for (const d of ast.declarations) if (d.kind === 'setup' || d.kind === 'turns' || d.kind === 'rule') walk(d.body);
  return found;
}

describe('machine diagram graph: Il Trono di Mortadella', () => {
  it('has a box per machine state, in the machine order, and one per rule', () => {
    const states = graph.nodes.filter((n) => n.kind === 'state').map((n) => n.name);
    expect(states).toEqual(['setup', 'Inizio turno', 'Fase 1', 'Fase 2', 'Fase 3', 'game over']);
    expect(states).toEqual(machineStates(mortadella.definition));
    const rules = graph.nodes.filter((n) => n.kind === 'rule').map((n) => n.name);
    expect(rules).toEqual(['LanciaTutti', 'Lancia', 'DeusExMachina', 'EffettiDelLancio', 'Effetto', 'Acquisisci',
      'SetteVizi', 'Esce', 'Vittoria', 'VittoriaFuoriTurno', 'IndovinaDueGiocatori']);
    expect(graph.nodes.find((n) => n.id === ruleId('Lancia'))!.title).toBe('Lancia(p, quali)');
  });

  it('puts the choices of each phase inside its box, with their prompts', () => {
    expect(choicesIn(graph, stateId('setup'))).toEqual(['Segnalino a scelta per iniziare']);
    expect(choicesIn(graph, stateId('Inizio turno'))).toEqual(["Indovinare il ruolo dell'avversario?"]);
    expect(choicesIn(graph, stateId('Fase 1'))).toEqual(['I due dadi passati', 'Il risultato da aggiungere']);
    expect(choicesIn(graph, stateId('Fase 2'))).toEqual(['Il prossimo dado da risolvere', 'Risolvere in coppia?', 'Il secondo dado della coppia']);
    expect(choicesIn(graph, stateId('Fase 3'))).toEqual([]);
    expect(choicesIn(graph, ruleId('LanciaTutti'))).toEqual(['I tre dadi da tenere']);
    expect(choicesIn(graph, ruleId('Vittoria'))).toEqual(['Maestro dei Locandieri: indovinare un ruolo?', 'Di chi indovinare il ruolo?', 'Quale ruolo?']);
  });

  it('draws every choose statement of the file exactly once, at its source range', () => {
    const statements = chooseStatements(mortadella.ast);
    const choices = graph.nodes.filter((n) => n.kind === 'choice');
    expect(choices.map((c) => c.range.start).sort((a, b) => a - b)).toEqual(statements.map((s) => s.range.start));
    for (const choice of choices) expect(mortadella.text.slice(choice.range.start, choice.range.end)).toMatch(/^choose\b/);
    const value = choices.find((c) => c.title === 'I tre dadi da tenere')!;
    expect(value.lines).toEqual(['3 scelti from Dadi', 'by p']);
  });

  it('links each box to the rules it calls, and the calls sit where they are made', () => {
    expect(callsOf(graph, stateId('Inizio turno'))).toEqual([ruleId('Vittoria'), ruleId('IndovinaDueGiocatori')]);
    expect(callsOf(graph, stateId('Fase 1'))).toEqual([ruleId('LanciaTutti'), ruleId('Lancia')]);
    expect(callsOf(graph, stateId('Fase 2'))).toEqual([ruleId('Effetto'), ruleId('Vittoria')]);
    expect(callsOf(graph, stateId('Fase 3'))).toEqual([]);
    expect(callsOf(graph, ruleId('Lancia'))).toEqual([ruleId('DeusExMachina'), ruleId('EffettiDelLancio')]);
    expect(callsOf(graph, ruleId('SetteVizi'))).toEqual([ruleId('Esce')]);
    expect(callsOf(graph, ruleId('VittoriaFuoriTurno'))).toEqual([ruleId('Vittoria')]);
    expect(inside(graph, stateId('Fase 2')).filter((n) => n.kind === 'call').map((n) => n.name)).toEqual(['Effetto', 'Vittoria']);
  });

  it('chains the phases in order, back to the first for the next player, and to game over', () => {
    const transitions = graph.edges.filter((e) => e.kind === 'transition').map((e) => [e.source, e.target, e.label]);
    expect(transitions).toEqual([
      [stateId('setup'), stateId('Inizio turno'), null],
      [stateId('Inizio turno'), stateId('Fase 1'), null],
      [stateId('Fase 1'), stateId('Fase 2'), null],
      [stateId('Fase 2'), stateId('Fase 3'), null],
      [stateId('Fase 3'), stateId('Inizio turno'), 'next player'],
      [stateId('Fase 3'), stateId('game over'), 'turn limit 400'],
    ]);
    const ends = graph.edges.filter((e) => e.kind === 'end').map((e) => [e.source, e.target, e.label]);
    expect(ends).toEqual([[ruleId('Vittoria'), stateId('game over'), 'win'], [ruleId('IndovinaDueGiocatori'), stateId('game over'), 'win']]);
    const wins = graph.nodes.filter((n) => n.kind === 'outcome' && n.name === 'win').map((n) => n.parent);
    expect(wins).toEqual([ruleId('Vittoria'), ruleId('Vittoria'), ruleId('IndovinaDueGiocatori')]);
  });

  it('labels the branches of a choice with its options and of an if with its condition', () => {
    const pair = graph.nodes.find((n) => n.title === 'Risolvere in coppia?')!;
    const labels = edgesFrom(graph, pair.id).map((e) => e.label).sort();
    expect(labels).toEqual(['risolvi da solo', 'risolvi in coppia']);
    const into = graph.edges.filter((e) => e.target === pair.id).map((e) => e.label);
    expect(into).toEqual(['if d.face in [Popolo, Vino, R…']);
    const effetto = edgesFrom(graph, `${ruleId('Effetto')}/initial`).map((e) => e.label);
    expect(effetto).toContain('if s == Popolo and coppia');
    expect(effetto).toContain('else if s == Torre');
  });

  it('draws a loop as a node the end of its body returns to', () => {
    const loop = inside(graph, stateId('Fase 2')).find((n) => n.kind === 'loop')!;
    expect(loop.title).toMatch(/^while count\(Dadi where tenuto and not risol/);
    const back = graph.edges.filter((e) => e.kind === 'loop' && e.target === loop.id).map((e) => graph.nodes.find((n) => n.id === e.source)!.title);
    expect(back).toEqual(['do Vittoria']);
    expect(edgesFrom(graph, loop.id).map((e) => e.label)).toEqual([null, 'done']);
  });

  it('keeps every flow inside its box, and every node reachable from the box entry', () => {
    const ids = new Set(graph.nodes.map((n) => n.id));
    expect(ids.size).toBe(graph.nodes.length);
    const parent = new Map(graph.nodes.map((n) => [n.id, n.parent]));
    for (const edge of graph.edges) {
      expect(ids.has(edge.source) && ids.has(edge.target)).toBe(true);
      if (edge.kind === 'flow' || edge.kind === 'loop') expect(parent.get(edge.source)).toBe(parent.get(edge.target));
      else expect([parent.get(edge.source), parent.get(edge.target)]).toEqual([null, null]);
    }
    for (const box of graph.nodes.filter((n) => n.parent === null && n.name !== 'game over')) {
      const reached = new Set([`${box.id}/initial`]);
      for (let grew = true; grew;) {
        grew = false;
        for (const e of graph.edges) if (reached.has(e.source) && !reached.has(e.target) && parent.get(e.target) === box.id) { reached.add(e.target); grew = true; }
      }
      expect(inside(graph, box.id).filter((n) => !reached.has(n.id)).map((n) => n.id)).toEqual([]);
    }
  });

  it('gathers plain statements into steps nodes, or leaves them out', () => {
    const fase3 = inside(graph, stateId('Fase 3'));
    expect(fase3.map((n) => n.kind)).toEqual(['initial', 'steps', 'final']);
    expect(fase3[1].lines).toEqual(['unmark passato on Dadi', 'mark passato on Dadi where not tenuto']);
    const esce = inside(graph, ruleId('Esce')).find((n) => n.kind === 'steps' && n.title === '4 steps')!;
    expect(esce.lines).toEqual(['discard all Popolo from p', 'discard all Torre from p', 'discard all Libro from p', '+ 1 more']);
    const bare = machineGraph(mortadella.ast, mortadella.text, machineStates(mortadella.definition), { steps: false });
    expect(bare.nodes.some((n) => n.kind === 'steps')).toBe(false);
    expect(bare.nodes.filter((n) => n.kind === 'choice').length).toBe(graph.nodes.filter((n) => n.kind === 'choice').length);
    expect(inside(bare, stateId('Fase 3')).map((n) => n.kind)).toEqual(['initial', 'final']);
  });
});

describe('machine diagram graph: other games', () => {
  it('draws a game without setup or phases as setup, turn, game over', () => {
    const text = `game "Mini" { players 2 to 2 }
tokens Punto reserve 10
turns clockwise {
  choose by current prompt "Prendi?" { option "sì" { gain 1 Punto } option "no" { } }
  if current.Punto >= 3 { win current "tre punti" }
}
`;
    const { definition } = compileRules(text);
    const mini = machineGraph(analyze(text).ast, text, machineStates(definition!));
    expect(mini.nodes.filter((n) => n.parent === null).map((n) => n.name)).toEqual(['setup', 'turn', 'game over']);
    expect(choicesIn(mini, stateId('turn'))).toEqual(['Prendi?']);
    expect(mini.edges.filter((e) => e.kind === 'end').map((e) => [e.source, e.label])).toEqual([[stateId('turn'), 'win']]);
    expect(mini.edges.filter((e) => e.kind === 'transition').map((e) => e.label)).toEqual([null, 'next player']);
  });

  it('draws the race example: its phase, its choice and the rule it calls', () => {
    const race = load('examples/race.rules');
    const g = machineGraph(race.ast, race.text, machineStates(race.definition));
    expect(choicesIn(g, stateId('Lancio'))).toEqual(['Sei o cinque: rischiare?']);
    expect(callsOf(g, stateId('Lancio'))).toEqual([ruleId('Rischio')]);
    expect(g.edges.filter((e) => e.kind === 'end').map((e) => e.source)).toEqual([stateId('Lancio')]);
  });

  it('still draws a file whose last edit broke it, from what was parsed', () => {
    const broken = mortadella.text.replace('phase "Fase 3" {', 'phase "Fase 3" { choose');
    expect(() => machineGraph(analyze(broken).ast, broken, machineStates(mortadella.definition))).not.toThrow();
  });
});

describe('machine diagram highlight', () => {
  function start(seed: number): Match {
    const started = Match.start(mortadella.definition, { players: 4, seed });
    if (!started.ok) throw new Error(started.diagnostic.message);
    return started.match;
  }

  it('highlights the machine state and the pending choice, and the calls that led to it', () => {
    const match = start(3);
    const random = { state: 9 };
    let checked = 0;
    for (let i = 0; i < 400 && !match.outcome; i++) {
      const position = matchPosition(match);
      const active = activeNodes(graph, position);
      expect(active.get(stateId(match.machineState))).toBe('current');
      const pending = match.state.pending!;
      const current = [...active].filter(([id, role]) => role === 'current' && !id.startsWith('state:')).map(([id]) => graph.nodes.find((n) => n.id === id)!);
      expect(current).toHaveLength(1);
      expect(current[0].kind).toBe('choice');
      expect(current[0].title).toBe(shorten(pending.prompt, 44));
      // The choice's box is on the trail unless it is the state itself; each call on the stack too.
      expect(position.callsAt.length).toBe(match.state.stack.length - 1);
      for (const at of position.callsAt) {
        const call = graph.nodes.find((n) => n.kind === 'call' && n.range.start === at)!;
        expect(active.get(call.id)).toBe('trail');
      }
      if (current[0].title === 'I tre dadi da tenere') {
        expect(active.get(ruleId('LanciaTutti'))).toBe('trail');
        checked++;
      }
      match.apply(randomMove(match.legalMoves(), random));
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('highlights only game over once the game has ended', () => {
    const match = start(5);
    const random = { state: 1 };
    while (!match.outcome) match.apply(randomMove(match.legalMoves(), random));
    const active = activeNodes(graph, matchPosition(match));
    expect([...active]).toEqual([[stateId('game over'), 'current']]);
  });
});

describe('machine diagram layout (ELK in node)', () => {
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const within = (a: Box, outer: Box) => a.x >= outer.x - 0.5 && a.y >= outer.y - 0.5 && a.x + a.width <= outer.x + outer.width + 0.5 && a.y + a.height <= outer.y + outer.height + 0.5;

  it('gives every node a box inside its parent, overlapping no sibling, and every edge a route', async () => {
    const layout = await layoutMachine(graph, new ELK());
    expect(layout.nodes).toHaveLength(graph.nodes.length);
    const byId = new Map(layout.nodes.map((n) => [n.id, n]));
    for (const node of layout.nodes) {
      for (const v of [node.x, node.y, node.width, node.height]) expect(Number.isFinite(v)).toBe(true);
      expect(node.width).toBeGreaterThan(0);
      expect(node.height).toBeGreaterThan(0);
      expect(within(node, { x: 0, y: 0, width: layout.width, height: layout.height })).toBe(true);
      if (node.parent) expect(within(node, byId.get(node.parent)!), node.id).toBe(true);
    }
    const groups = new Map<string | null, typeof layout.nodes>();
    for (const node of layout.nodes) groups.set(node.parent, [...(groups.get(node.parent) ?? []), node]);
    for (const siblings of groups.values()) {
      for (let i = 0; i < siblings.length; i++) {
        for (let j = i + 1; j < siblings.length; j++) expect(overlaps(siblings[i], siblings[j]), `${siblings[i].id} / ${siblings[j].id}`).toBe(false);
      }
    }
    for (const edge of layout.edges) {
      expect(edge.points.length, edge.id).toBeGreaterThanOrEqual(2);
      if (edge.label) expect(edge.labelBox, edge.id).not.toBeNull();
      expect(edgePath(edge.points)).toMatch(/^M[\d.-]+,[\d.-]+( [LQ][\d., -]+)+$/);
    }
    // The contents of a box start below its name.
    for (const node of layout.nodes.filter((n) => n.parent)) expect(node.y - byId.get(node.parent!)!.y).toBeGreaterThanOrEqual(30);
  });

  it('answers the same layout for the same rules', async () => {
    const [a, b] = await Promise.all([layoutMachine(graph, new ELK()), layoutMachine(graph, new ELK())]);
    expect(a.nodes.map((n) => [n.x, n.y])).toEqual(b.nodes.map((n) => [n.x, n.y]));
  });
});

describe('machine diagram graph: every kind of statement as the catalogue of constructs says', () => {
  const text = [
    'game "G" { players 2 }', 'teams public { Rossi Blu }', 'cards Carte { 4 Asso }', 'pile Mazzo of Carte hidden', 'player pile Mano secret',
    'turns {', '  shuffle Mazzo', '  draw 1 from Mazzo to current.Mano', '  reveal current.Mano', '  win team Rossi "tutte le carte"', '}',
  ].join('\n');
  const g = machineGraph(analyze(text).ast, text, ['setup', 'turn', 'game over']);

  it('card statements are plain steps, drawn together in one steps node', () => {
    const steps = inside(g, stateId('turn')).filter((n) => n.kind === 'steps');
    expect(steps.map((n) => n.title)).toEqual(['3 steps']);
    expect(steps[0].lines).toEqual(['shuffle Mazzo', 'draw 1 from Mazzo to current.Mano', 'reveal current.Mano']);
  });

  it('win team is an outcome that ends the game', () => {
    const outcome = inside(g, stateId('turn')).find((n) => n.kind === 'outcome');
    expect(outcome?.title).toBe('win team Rossi');
    expect(g.edges.some((e) => e.kind === 'end' && e.source === stateId('turn') && e.target === stateId('game over'))).toBe(true);
  });
});
