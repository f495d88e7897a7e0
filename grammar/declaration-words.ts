/**
 * The words that start a top-level declaration, at the start of a line: keywords (`game`, `rule`,
 * `player var`…) and the plain names that start one (`look`, `estimate`, `define`, `at any time`).
 * Used where the text is cut between declarations without parsing (parse-reusing.ts) and where the
 * parser skips to the next declaration after something that starts none (parse.ts).
 */
export const declarationWords: ReadonlySet<string> = new Set([
  'game', 'tokens', 'die', 'dice', 'roles', 'var', 'player', 'hidden', 'team', 'zone', 'piece', 'option', 'variant',
  'setup', 'turns', 'rule', 'teams', 'cards', 'pile', 'zones', 'map', 'grid', 'pieces', 'thresholds', 'at', 'look', 'estimate', 'define', 'secret',
]);
