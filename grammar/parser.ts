/**
 * The Regola parser: grammar rules only, building the typed AST with embedded actions.
 * One instance is created and reused (Chevrotain's self-analysis is the expensive part).
 * Error recovery is on, so one pass reports every syntax error; a rule that cannot recover
 * returns an `error` node instead of throwing.
 *
 * The rules come from a chain of grammar modules, each a class adding its constructs (see
 * docs/architecture.md); this last class reads a file as a list of declarations and alone runs
 * Chevrotain's self-analysis.
 */
import type * as A from './ast.ts';
import { ComponentGrammar } from './component-grammar.ts';
import { recovered } from './parser-base.ts';
import { keywords as K } from './tokens.ts';
import { restoreAnalysis } from './prepared-analysis.ts';

export class RulesParser extends ComponentGrammar {
  constructor() {
    super();
    // The CLI's bundle brings the analysis made at build time (prepared-analysis.ts).
    if (!restoreAnalysis(this, () => new RulesParser())) this.performSelfAnalysis();
  }

  // ---- file and declarations -----------------------------------------------------------------
  /** Declarations parsed so far: kept even when recovery gives up near the end of the file. */
  public collected: A.Declaration[] = [];

  public file = this.RULE('file', (): A.RulesFile => {
    const declarations: A.Declaration[] = [];
    this.MANY(() => {
      const declaration = this.SUBRULE(this.declaration);
      // `cite "…"` after a declaration: the sentences it implements (the declaration's range takes them in).
      const cites: string[] = [];
      this.MANY2(() => { this.CONSUME(K.cite); cites.push(this.text()); });
      this.ACTION(() => {
        if (recovered(declaration)) return;
        if (cites.length) Object.assign(declaration, { cites: [...(declaration.cites ?? []), ...cites], range: this.join(declaration.range, this.lastRange()) });
        declarations.push(declaration);
        this.collected.push(declaration);
      });
    });
    return this.ACTION(() => ({
      declarations,
      range: { start: 0, end: declarations.length ? declarations[declarations.length - 1]?.range.end ?? 0 : 0 },
    }));
    // No file when recovery gives up at the top: parse.ts then keeps the declarations collected so far.
  }, { recoveryValueFunc: () => undefined as unknown as A.RulesFile });

  protected declaration = this.RULE('declaration', (): A.Declaration => this.OR(this.alternatives<A.Declaration>('declaration', () => [
    { ALT: () => this.SUBRULE(this.gameDecl) },
    { ALT: () => this.SUBRULE(this.tokensDecl) },
    { ALT: () => this.SUBRULE(this.dieDecl) },
    { ALT: () => this.SUBRULE(this.diceDecl) },
    { ALT: () => this.SUBRULE(this.rolesDecl) },
    { ALT: () => this.SUBRULE(this.varDecl) },
    { ALT: () => this.SUBRULE(this.optionDecl) },
    { ALT: () => this.SUBRULE(this.variantDecl) },
    { ALT: () => this.SUBRULE(this.setupDecl) },
    { ALT: () => this.SUBRULE(this.turnsDecl) },
    { ALT: () => this.SUBRULE(this.ruleDecl) },
    { ALT: () => this.SUBRULE(this.teamsDecl) },
    { ALT: () => this.SUBRULE(this.cardsDecl) },
    { ALT: () => this.SUBRULE(this.pileDecl) },
    { ALT: () => this.SUBRULE(this.zonesDecl) },
    { ALT: () => this.SUBRULE(this.mapDecl) },
    { ALT: () => this.SUBRULE(this.gridDecl) },
    { ALT: () => this.SUBRULE(this.piecesDecl) },
    { ALT: () => this.SUBRULE(this.thresholdsDecl) },
    { GATE: () => this.startsAnyTime(), ALT: () => this.SUBRULE(this.anyTimeDecl) },
    { GATE: () => this.startsAtTurnLimit(), ALT: () => this.SUBRULE(this.atTurnLimitDecl) },
    { GATE: () => this.startsLook(), ALT: () => this.SUBRULE(this.lookDecl) },
    { GATE: () => this.startsEstimate(), ALT: () => this.SUBRULE(this.estimateDecl) },
    { GATE: () => this.startsDefine(), ALT: () => this.SUBRULE(this.defineDecl) },
  ])));
}
