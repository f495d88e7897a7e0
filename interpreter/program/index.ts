/** What program/ offers: the shape of a compiled game (its definition, state and moves) and the small pieces every wing shares. */
export * from './program.ts';
export { reasonText, winnersText, winText } from './outcome-text.ts';
export { RuleError } from './rule-error.ts';
export { stateHash } from './hash.ts';
export { lookOf, type Look } from './look.ts';
