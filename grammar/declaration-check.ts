/**
 * The declarations' expressions, each in a frame of its own: variables' initial values, the
 * properties of cards, teams, zones and regions and the options and variants (plain values only,
 * fixed before a game exists), a tile's `when`, roles' conditions and goals, and the options of
 * `at any time` (checked like a rule). Runs before the setup, the turns and the rules.
 */
import type * as A from './ast.ts';
import * as m from './messages.ts';
import type { CheckState } from './check-state.ts';
import type { ExpressionChecks } from './expression-check.ts';
import type { StatementChecks } from './statement-check.ts';

export function checkDeclarations(state: CheckState, { expr, expect, condition }: ExpressionChecks, { block }: StatementChecks): void {
  const { schema, annotations, diagnostics, report, frame } = state;
  // Options are fixed before a game exists, so they hold constants only.
  const isConstant = (node: A.Expr): boolean => ['number', 'bool', 'string', 'none'].includes(node.kind)
    || (node.kind === 'unary' && node.operand.kind === 'number')
    || (node.kind === 'name' && (schema.symbols.has(node.name) || schema.roles.has(node.name) || schema.teams.has(node.name)
      || schema.zones.has(node.name) || schema.regions.has(node.name)))
    // A list of plain values: `regioni [Asia, "Nord America"]`.
    || (node.kind === 'list' && node.items.every(isConstant));
  // An unknown name is reported as such (name/unknown): calling it "a calculation" as well would only mislead.
  const constant = (node: A.Expr, check: () => void) => {
    const before = diagnostics.length;
    check();
    if (diagnostics.length > before) return;
    if (!isConstant(node)) report(m.notConstant(), node.range);
  };
  for (const variable of [...schema.globals.values(), ...schema.playerVars.values(), ...schema.teamVars.values(), ...schema.zoneVars.values(), ...schema.pieceVars.values()]) {
    frame(variable.decl, (scope) => expr(variable.decl.init, { scope }));
  }
  // Properties of cards and teams are constants, like options.
  for (const set of schema.cardSets.values()) {
    for (const property of [...set.decl.defaults, ...set.decl.cards.flatMap((c) => c.properties)]) {
      frame(property.value, (scope) => constant(property.value, () => expr(property.value, { scope })));
    }
  }
  for (const team of schema.teams.values()) {
    for (const property of team.item.properties) frame(property.value, (scope) => constant(property.value, () => expr(property.value, { scope })));
  }
  for (const set of schema.zoneSets.values()) {
    for (const property of [...set.defaults, ...set.items.flatMap((z) => z.properties)]) {
      frame(property.value, (scope) => constant(property.value, () => expr(property.value, { scope })));
    }
  }
  for (const region of schema.regions.values()) {
    for (const property of region.item.properties) frame(property.value, (scope) => constant(property.value, () => expr(property.value, { scope })));
  }
  // A tile's `when` chooses the board of a variant: a condition over options, checked like one.
  for (const grid of schema.grids.values()) {
    for (const kind of grid.kinds) if (kind.when) frame(kind.when, (scope) => condition(kind.when!, { scope }));
  }
  for (const option of schema.options.values()) frame(option.decl, (scope) => constant(option.decl.value, () => expr(option.decl.value, { scope })));
  for (const variant of schema.variants.values()) {
    for (const setting of variant.settings) frame(setting.value, (scope) => constant(setting.value, () => expr(setting.value, { scope })));
  }
  for (const role of schema.roles.values()) {
    frame(role.item, (scope) => {
      const holder = scope.frame.size++;
      if (role.item.when) condition(role.item.when, { scope });
      if (role.item.goal) condition(role.item.goal, { scope, element: { slot: holder, type: 'player' } });
    });
  }
  // A move open at any time: its player is the block's name; each option's condition and body are checked like a rule's.
  for (const decl of schema.anyTime) {
    for (const option of decl.options) {
      frame(option, (scope) => {
        expect(decl.players, { scope }, 'list<player>', m.expectedKind, 'a list of players');
        annotations.slots.set(decl.variable, scope.define(decl.variable.text, 'player'));
        if (option.condition) condition(option.condition, { scope });
        block(option.body, { scope, inTurns: true, topOfTurns: false, phases: new Set() });
      });
    }
  }
}
