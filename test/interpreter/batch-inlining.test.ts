// Batch mode runs the rules with their calls inlined (interpreter/lowering/inline.ts); a logged match keeps a
// frame per call. These rules stress what inlining must keep: an eliminated player's turn ending only
// once control is back in the turn, rules calling themselves, and the step limit stopping at the same place.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRules, fitPlayerCount } from '../../interpreter/index.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';

function bothModes(rules: string, players = 4, seeds = 20) {
  const { definition, diagnostics } = compileRules(rules);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return Array.from({ length: seeds }, (_, i) => ({
    quiet: randomPlayout(definition!, { players, seed: i + 1, keepMoves: false }).state,
    logged: randomPlayout(definition!, { players, seed: i + 1, keepMoves: true }).state,
  }));
}

describe('batch mode with rules inlined plays the games of a logged match', () => {
  it('a player put out inside a rule the turn called finishes that rule, then their turn ends', () => {
    const games = bothModes(`
      game "Fuori" { players 3 to 4 }
      var dopo = 0
      var nelTurno = 0
      turns {
        choose by current prompt "colpo?" { option "sì" { do Colpo(current) } option "no" { } }
        set nelTurno = nelTurno + 1
        if round > 20 { end game "fine" }
      }
      rule Colpo(p) { do Fuori(p)  set dopo = dopo + 1 }
      rule Fuori(p) { if round > 1 { eliminate p "fuori" } }
    `);
    for (const { quiet, logged } of games) {
      expect(quiet.outcome).toEqual(logged.outcome);
      expect(quiet.globals).toEqual(logged.globals);
      expect(quiet.players).toEqual(logged.players);
      expect([quiet.turn, quiet.moveCount]).toEqual([logged.turn, logged.moveCount]);
    }
    // Every blow runs `set dopo` (even the one that puts the player out); `set nelTurno` is skipped then.
    const eliminated = games[0].logged.players.filter((p) => !p.active).length;
    expect(eliminated).toBeGreaterThan(0);
    expect(games[0].logged.globals[1]).toBe(games[0].logged.turn - eliminated);
  });

  it('a rule calling itself is called for real and counts the same', () => {
    const games = bothModes(`
      game "Conta" { players 2 }
      var totale = 0
      turns {
        choose n from [1, 2, 3] prompt "quanti?"
        do Conta(n)
        if totale > 30 { win current "conta" }
      }
      rule Conta(n) { if n > 0 { set totale = totale + n  do Conta(n - 1) } }
    `, 2);
    for (const { quiet, logged } of games) {
      expect(quiet.outcome).toEqual(logged.outcome);
      expect(quiet.globals).toEqual(logged.globals);
      expect(quiet.moveCount).toBe(logged.moveCount);
    }
  });

  it('the step limit stops rules that call each other forever at the same statement in both modes', () => {
    for (const { quiet, logged } of bothModes(`
      game "Sempre" { players 2 }
      var n = 0
      turns { do Uno }
      rule Uno { set n = n + 1  do Due }
      rule Due { do Uno }
    `, 2, 2)) {
      expect(quiet.error).toEqual(logged.error);
      expect(quiet.error?.code).toBe('run/step-limit');
      expect(quiet.globals).toEqual(logged.globals);
    }
  });

  it('rules reached only by a call for real from inside an inlined rule (each calling the other) play the same in both modes', () => {
    // Turn inlines Passa, which inlines Rimbalza; Rimbalza's call back to Passa is for real, and
    // Passa's program then inlines Rimbalza again: batch mode lowers just the rules it calls for real.
    const games = bothModes(`
      game "Rimbalzi" { players 3 }
      var colpi = 0
      turns {
        choose n from [1, 2, 3, 4] prompt "quanti?"
        do Passa(n)
        if colpi > 40 { win current "rimbalzi" }
      }
      rule Passa(n) { if n > 0 { set colpi = colpi + 1  do Rimbalza(n - 1) } }
      rule Rimbalza(n) { gain 1 Oro  do Passa(n) }
      tokens Oro
    `, 3);
    for (const { quiet, logged } of games) {
      expect(quiet.outcome).toEqual(logged.outcome);
      expect(quiet.globals).toEqual(logged.globals);
      expect(quiet.players).toEqual(logged.players);
      expect(quiet.moveCount).toBe(logged.moveCount);
    }
    expect(games[0].logged.outcome).not.toBeNull();
  });

  it('every game of rules/ plays the same games in both modes (batch mode runs only the programs it lowered)', () => {
    const folder = new URL('../../rules/', import.meta.url);
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.rules'))) {
      const { definition } = compileRules(readFileSync(new URL(file, folder), 'utf8'));
      const players = fitPlayerCount(definition!, 4);
      for (let seed = 1; seed <= 4; seed++) {
        const quiet = randomPlayout(definition!, { players, seed, keepMoves: false }).state;
        const logged = randomPlayout(definition!, { players, seed, keepMoves: true }).state;
        expect([file, quiet.outcome, quiet.error, quiet.moveCount]).toEqual([file, logged.outcome, logged.error, logged.moveCount]);
        expect(quiet.players).toEqual(logged.players);
      }
    }
  });

  it('the step limit stops a loop that never ends at the same pass in both modes', () => {
    for (const { quiet, logged } of bothModes(`
      game "Giro" { players 2 }
      var n = 0
      turns { while true { do Uno } }
      rule Uno { set n = n + 1 }
    `, 2, 1)) {
      expect(quiet.error?.code).toBe('run/step-limit');
      expect(quiet.globals).toEqual(logged.globals);
      expect(quiet.globals[0]).toBe(100_000);
    }
  });
});
