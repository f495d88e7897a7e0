/**
 * Chevrotain checks the grammar itself (ambiguities, unreachable token patterns) each time the
 * lexer and parser are built: a large share of every start of `regola`. The grammar is
 * the same in every run, and the sources (tests, the dev server) keep the checks on; the CLI's
 * bundle (scripts/build-cli.mjs) and the studio's build (vite.config.ts) define REGOLA_BUNDLE and skip them.
 */
declare const REGOLA_BUNDLE: boolean | undefined;

export const skipGrammarChecks: boolean = typeof REGOLA_BUNDLE === 'boolean' && REGOLA_BUNDLE;
