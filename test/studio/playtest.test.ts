/**
 * The playtest pane's view model and the edit-and-play loop, on real games compiled from
 * rules/mortadella.rules: what a designer sees at the table, whose choice it is, what stays
 * hidden from a seat, and where the game stands after the rules are edited mid-game.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, type GameDefinition, type Match, type Move } from '../../interpreter/index.ts';
import { rebuildMatch, type PlaytestSettings } from '../../studio/src/lib/playtest.ts';
import { IntendedMoves } from '../../studio/src/lib/intended.ts';
import { playOn, playUntil, startMatch } from '../support/studio-match.ts';
import {
  autoPlay, choicePanel, diceGroups, fitViewer, globalRows, headline, logGroups, outcomeBanner, playerCards, playerCountOptions,
  reserveChips, segments, statusNotes, symbolPalette, variantOptions, viewerOptions, type ChoicePanel,
} from '../../studio/src/playtest/view-model.ts';

const rulesText = (name: string) => readFileSync(fileURLToPath(new URL(`../../rules/${name}`, import.meta.url)), 'utf8');
const mortadellaText = rulesText('mortadella.rules');

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

const mortadella = compile(mortadellaText);
const palette = symbolPalette(mortadella);
const settings: PlaytestSettings = { players: 4, seed: 7, variant: null };
const ROLES = ['Principe dei Tortellini', 'Magnifico Rettore', 'Signore della Seta', 'Capitano di Ventura', 'Il Cardinale', 'Maestro dei Locandieri'];

const start = (definition = mortadella, options = settings, moves: Move[] = []) => startMatch(definition, options, moves);
const play = playOn;

function panel(match: Match, viewer: number | 'referee'): ChoicePanel {
  return choicePanel(match.view(viewer), match, palette);
}

describe('the toolbar', () => {
  it('views the game as the referee or any seat, offers the players the game allows and its variants', () => {
    expect(viewerOptions(4).map((o) => o.label)).toEqual(['Referee', 'P1', 'P2', 'P3', 'P4']);
    expect(playerCountOptions(mortadella)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(variantOptions(mortadella)).toEqual([{ value: '', label: 'no variant' }, { value: 'base', label: 'base' }]);
  });

  it('falls back to the referee when the seat being viewed no longer exists after a restart', () => {
    expect(fitViewer(5, 4)).toBe('referee');
    expect(fitViewer(2, 4)).toBe(2);
    expect(fitViewer('referee', 2)).toBe('referee');
  });
});

describe('the table as each viewer sees it', () => {
  it('shows the referee every role face up, and a player only their own: the others are face-down cards', () => {
    const match = start();
    const referee = playerCards(match.view('referee'), palette);
    expect(referee.map((p) => p.role?.kind)).toEqual(['visible', 'visible', 'visible', 'visible']);
    expect(referee.every((p) => p.role?.kind === 'visible' && ROLES.includes(p.role.name))).toBe(true);

    const asP2 = playerCards(match.view(1), palette);
    expect(asP2.map((p) => p.role?.kind)).toEqual(['hidden', 'visible', 'hidden', 'hidden']);
    const roleOf = (card: (typeof referee)[number]) => (card.role?.kind === 'visible' ? card.role.name : '');
    const own = roleOf(referee[1]);
    expect(asP2[1].role).toEqual({ kind: 'visible', name: own, note: 'your role' });
    expect(asP2[1].badges).toContain('you');
    // Nothing P2 is shown names another player's role: not the cards, not the log.
    const others = referee.filter((p) => p.seat !== 1).map(roleOf);
    const shown = JSON.stringify([asP2, logGroups(match.view(1))]);
    for (const role of others) if (role !== own) expect(shown).not.toContain(role);
  });

  it('counts each player\'s tokens and the reserve as chips, and lists player and game variables', () => {
    const match = start(mortadella, { players: 6, seed: 7, variant: null });
    const view = match.view('referee');
    // In a 6-player game everyone starts with 1 Popolo and 1 Mortadella.
    const cards = playerCards(view, palette);
    expect(cards[0].tokens.map((t) => `${t.token} ${t.count}`)).toEqual(['Popolo 1', 'Torre 0', 'Libro 0', 'Mortadella 1']);
    expect(cards[0].variables).toEqual([{ name: 'salta', text: 'false' }]);
    expect(reserveChips(view, palette).map((r) => `${r.token} ${r.text}`)).toEqual(['Popolo 34', 'Torre 40', 'Libro 40', 'Mortadella 34']);
    const rows = globalRows(view);
    expect(rows.find((r) => r.name === 'carnevale')).toEqual({ name: 'carnevale', text: 'false', kind: 'variable' });
    expect(rows.find((r) => r.name === 'deus')?.text).toMatch(/^P[1-6]$/);
    expect(rows.find((r) => r.name === 'regoleAggiuntive')).toEqual({ name: 'regoleAggiuntive', text: 'true', kind: 'option' });
  });

  it('says whose turn it is and marks the player who must choose, who may be someone else (the Deus Ex-Machina holder)', () => {
    const match = start();
    const view = match.view('referee');
    const cards = playerCards(view, palette);
    const current = cards.find((p) => p.isCurrent)!;
    expect(headline(view)).toEqual({ title: 'Il Trono di Mortadella', turn: 'Turn 1 · round 1', phase: 'Fase 1', current: `${current.name}'s turn` });
    expect(view.pending?.prompt).toBe('Usare il Deus Ex-Machina?');
    const chooser = cards.find((p) => p.isChoosing)!;
    // The token goes to the player on the right of the first player.
    expect(chooser.name).not.toBe(current.name);
    expect(current.badges).toEqual(['turn']);
    expect(chooser.badges).toEqual(['choosing']);
  });

  it('shows each die with its face as a symbol and its marks: the three dice kept are marked tenuto', () => {
    const match = start();
    playUntil(match, 'I tre dadi da tenere');
    const player = match.toAct!;
    const before = diceGroups(match.view('referee'), palette);
    expect(before).toHaveLength(1);
    expect(before[0].pool).toBe('Dadi');
    expect(before[0].dice.map((d) => d.number)).toEqual([1, 2, 3, 4, 5]);
    expect(before[0].dice.every((d) => d.symbol?.name === d.face && d.marks.includes('lanciato'))).toBe(true);
    for (const choice of ['pick Dado 1: ', 'pick Dado 3: ', 'pick Dado 5: ']) {
      const move = match.legalMoves(player).find((m) => m.choice.startsWith(choice))!;
      expect(play(match)(move)).toBeNull();
    }
    expect(play(match)({ player, choice: 'confirm' })).toBeNull();
    const after = diceGroups(match.view('referee'), palette)[0].dice;
    // Kept dice may already be resolved by then; the two others are not kept.
    expect(after.filter((d) => d.marks.includes('tenuto')).map((d) => d.number)).toEqual([1, 3, 5]);
    expect(after.filter((d) => !d.marks.includes('tenuto')).map((d) => d.number)).toEqual([2, 4]);
  });

  it("shows each player's cup apart, the viewer's own faces and the others' dice as unknown until revealed", () => {
    const bugie = compile(rulesText('examples/bugie.rules'));
    const match = start(bugie, { players: 2, seed: 3, variant: null });
    const groups = diceGroups(match.view(0), symbolPalette(bugie));
    expect(groups.map((g) => g.pool)).toEqual(['Coppa · P1', 'Coppa · P2']);
    expect(groups[0].dice.map((d) => d.number)).toEqual([1, 2, 3, 4, 5]);
    expect(groups[0].dice.every((d) => d.face !== null && /^[1-6]$/.test(d.face))).toBe(true);
    expect(groups[1].dice.map((d) => d.face)).toEqual([null, null, null, null, null]);
    expect(groups[1].dice.every((d) => d.symbol === null)).toBe(true);
    expect(diceGroups(match.view('referee'), symbolPalette(bugie))[1].dice.every((d) => d.face !== null)).toBe(true);
  });
});

describe('the choice in front of a player', () => {
  it('gives the chooser and the referee the legal moves as buttons, and tells anyone else whom they are waiting for', () => {
    const match = start();
    const chooser = match.toAct!;
    const name = `P${chooser + 1}`;
    const labels = match.legalMoves().map((m) => m.choice);
    expect(labels).toEqual(['non usare il Deus Ex-Machina', 'usa il Deus Ex-Machina']);

    const own = panel(match, chooser);
    expect(own).toMatchObject({ kind: 'choose', heading: `Your choice, ${name}`, prompt: 'Usare il Deus Ex-Machina?' });
    expect(own.kind === 'choose' && own.moves.map((m) => m.label)).toEqual(labels);

    const referee = panel(match, 'referee');
    expect(referee).toMatchObject({ kind: 'choose', heading: `${name} chooses` });
    expect(referee.kind === 'choose' && referee.moves.every((m) => m.move.player === chooser)).toBe(true);

    const other = (chooser + 1) % 4;
    expect(panel(match, other)).toEqual({
      kind: 'waiting', chooser: name, prompt: 'Usare il Deus Ex-Machina?', text: `waiting for ${name} — Usare il Deus Ex-Machina?`,
    });
  });

  it('builds a selection with toggles: picked dice can be taken back, Confirm only once three are picked', () => {
    const match = start();
    playUntil(match, 'I tre dadi da tenere');
    const chooser = match.toAct!;
    const at = () => {
      const p = panel(match, chooser);
      if (p.kind !== 'pick') throw new Error(`expected a pick, got ${p.kind}`);
      return p;
    };
    expect(at()).toMatchObject({ picked: 0, need: 3, confirm: null });
    expect(at().picks.map((p) => p.label)).toEqual([1, 2, 3, 4, 5].map((n) => expect.stringMatching(new RegExp(`^Dado ${n}: `))));
    expect(at().picks.every((p) => !p.picked && p.move?.kind === 'pick')).toBe(true);

    for (const index of [0, 3]) play(match)(at().picks[index].move!);
    expect(at().picks.map((p) => p.picked)).toEqual([true, false, false, true, false]);
    expect(at().picks[0].move?.kind).toBe('unpick');
    expect(at().confirm).toBeNull();

    play(match)(at().picks[4].move!);
    // Three picked: the others can no longer be picked, and Confirm is on offer.
    expect(at().picks.map((p) => p.move?.kind ?? null)).toEqual(['unpick', null, null, 'unpick', 'unpick']);
    expect(at().confirm).toMatchObject({ kind: 'confirm', player: chooser });

    play(match)(at().picks[3].move!);
    expect(at()).toMatchObject({ picked: 2, confirm: null });
    expect(at().picks[1].move?.kind).toBe('pick');
  });

  it('draws the symbols a choice names as chips, each with its own colour and letter', () => {
    expect(segments('Dado 2: Vino', palette)).toEqual([{ text: 'Dado 2: ', symbol: null }, { text: 'Vino', symbol: palette.get('Vino') }]);
    expect(segments('acquisisci 2 Popolo', palette).map((s) => s.symbol?.name ?? null)).toEqual([null, 'Popolo']);
    const symbols = ['Popolo', 'Torre', 'Libro', 'Mortadella', 'Vino', 'Ratto'].map((name) => palette.get(name)!);
    expect(symbols.map((s) => s.monogram)).toEqual(['P', 'T', 'L', 'M', 'V', 'R']);
    expect(new Set(symbols.map((s) => s.hue)).size).toBe(6);
    // A numbered die shows its number.
    const race = symbolPalette(compile(rulesText('examples/race.rules')));
    expect(race.get('6')).toMatchObject({ monogram: '6', numeric: true });
  });

  it('lets bots play the other seats until it is the viewer\'s choice', () => {
    const match = start();
    const result = autoPlay(match, play(match), { state: 3 }, (toAct) => toAct === 2);
    expect(result.refusal).toBeNull();
    expect(result.played).toBeGreaterThan(0);
    expect(match.toAct).toBe(2);
    expect(panel(match, 2).kind === 'choose' || panel(match, 2).kind === 'pick').toBe(true);
  });
});

describe('the end of the game', () => {
  it('announces the winner and the reason, stops offering moves and turns every role face up', () => {
    const match = start(mortadella, { players: 3, seed: 5, variant: null });
    autoPlay(match, play(match), { state: 11 }, undefined, 5000);
    expect(match.outcome).not.toBeNull();
    const view = match.view(0);
    const banner = outcomeBanner(view)!;
    const winners = view.outcome!.winnerNames;
    expect(banner.reason).toBe(view.outcome!.reason);
    if (view.outcome!.kind === 'win') {
      expect(banner.title).toBe(`${winners[0]} wins`);
      expect(playerCards(view, palette).find((p) => p.name === winners[0])?.badges).toContain('winner');
    }
    expect(panel(match, 0)).toEqual({ kind: 'over' });
    expect(headline(view).turn).toBe(`Game over after turn ${view.turn}`);
    expect(playerCards(view, palette).every((p) => p.role?.kind === 'visible')).toBe(true);
  });

  it('a turn limit that is part of play shows beside the turn; a hidden one does not', () => {
    const text = (limit: string) => `game "Tempo" { players 2 turn limit ${limit} }\ntokens Punto\nturns { choose n from [1, 2] by current prompt "?"  gain n Punto }\nat turn limit { end game "tempo" }\n`;
    const open = start(compile(text('12')), { players: 2, seed: 1, variant: null });
    expect(headline(open.view(0)).turn).toBe('Turn 1 of 12 · round 1');
    const hidden = start(compile(text('12 to 20 hidden')), { players: 2, seed: 1, variant: null });
    expect(headline(hidden.view(0)).turn).toBe('Turn 1 · round 1');
  });
});

describe('the log', () => {
  it('reads in turns, oldest first and newest last, each line with the rulebook sentence behind it', () => {
    const match = start();
    autoPlay(match, play(match), { state: 5 }, undefined, 40);
    const view = match.view('referee');
    const { groups, earlier, total } = logGroups(view);
    expect(earlier).toBe(0);
    expect(total).toBe(view.log.length);
    expect(groups[0].heading).toBe('Setup');
    const first = view.log.find((e) => e.turn === 1)!;
    expect(groups[1].heading).toBe(`Turn 1 · ${first.player}`);
    expect(groups.map((g) => g.turn)).toEqual([...new Set(view.log.map((e) => e.turn))]);
    const lines = groups.flatMap((g) => g.lines);
    expect(lines[lines.length - 1].text).toBe(view.log[view.log.length - 1].text);
    const dealt = lines.find((l) => l.text.includes('is dealt the role'))!;
    expect(dealt.cite).toBe('per decidere qual è questo ruolo ciascun giocatore pesca una carta Ruolo, che non dovrà mostrare mai agli altri per nessun motivo fino alla fine della partita.');
    // The line points at the statement behind it, so a click can show the rule in the editor.
    expect(mortadellaText.slice(dealt.at!, dealt.at! + 'deal roles'.length)).toBe('deal roles');
  });

  it('keeps only the newest lines of a long game, counting the earlier ones', () => {
    const match = start();
    autoPlay(match, play(match), { state: 5 }, undefined, 200);
    const view = match.view('referee');
    const { groups, earlier, total } = logGroups(view, 50);
    expect(total).toBe(view.log.length);
    expect(earlier).toBe(total - 50);
    const lines = groups.flatMap((g) => g.lines);
    expect(lines[lines.length - 1].index).toBe(total - 1);
    expect(lines[0].index).toBeGreaterThanOrEqual(earlier);
  });
});

describe('editing the rules mid-game', () => {
  function playedGame(moves = 60): Match {
    const match = start();
    autoPlay(match, play(match), { state: 9 }, undefined, moves);
    expect(match.moves).toHaveLength(moves);
    return match;
  }

  it('an edit that keeps the game compiling rebuilds it with the same seed and moves, to the same position', () => {
    const match = playedGame();
    const edited = compile(mortadellaText.replace('# Random bots rarely hit', '# Random bots seldom hit'));
    const rebuilt = rebuildMatch(edited, settings, match.moves);
    expect(rebuilt.ok && rebuilt.applied).toBe(60);
    expect(rebuilt.ok && rebuilt.dropped).toEqual([]);
    expect(rebuilt.ok && rebuilt.match.hash()).toBe(match.hash());
  });

  it('a reworded rulebook sentence keeps the position, and the log cites the new wording', () => {
    const match = playedGame();
    const old = 'per decidere qual è questo ruolo ciascun giocatore pesca una carta Ruolo, che non dovrà mostrare mai agli altri per nessun motivo fino alla fine della partita.';
    const reworded = 'per decidere quale sia il suo ruolo ciascun giocatore pesca una carta Ruolo, che non mostrerà mai agli altri per nessun motivo fino alla fine della partita.';
    const rebuilt = rebuildMatch(compile(mortadellaText.replace(old, reworded)), settings, match.moves);
    if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
    expect(rebuilt.dropped).toEqual([]);
    const [before, after] = [match.view('referee'), rebuilt.match.view('referee')];
    expect(after.players).toEqual(before.players);
    expect(after.dice).toEqual(before.dice);
    // Offsets move with the reworded text; everything else about the choice is the same.
    expect({ ...after.pending, at: 0 }).toEqual({ ...before.pending, at: 0 });
    expect(after.log.map((e) => e.text)).toEqual(before.log.map((e) => e.text));
    const cites = logGroups(after).groups.flatMap((g) => g.lines).map((l) => l.cite);
    expect(cites).toContain(reworded);
    expect(cites).not.toContain(old);
  });

  it('an edit that changes a rule mid-game replays the moves still legal and says where and why the rest stop', () => {
    const match = playedGame();
    // Keep two dice instead of three: the first third pick is no longer legal.
    const edited = compile(mortadellaText.replace('choose 3 scelti from Dadi', 'choose 2 scelti from Dadi'));
    const rebuilt = rebuildMatch(edited, settings, match.moves);
    if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
    const thirdPick = match.moves.findIndex((m, i) => m.choice.startsWith('pick ') && match.moves[i - 1]?.choice.startsWith('pick ') && match.moves[i - 2]?.choice.startsWith('pick '));
    expect(rebuilt.applied).toBe(thirdPick);
    expect(rebuilt.match.moves).toEqual(match.moves.slice(0, thirdPick));
    expect(rebuilt.dropped).toEqual(match.moves.slice(thirdPick));
    // The game goes on from there: two dice picked, Confirm on offer.
    const now = choicePanel(rebuilt.match.view('referee'), rebuilt.match, palette);
    expect(now).toMatchObject({ kind: 'pick', picked: 2, need: 2 });
    expect(now.kind === 'pick' && now.confirm).not.toBeNull();

    expect(rebuilt.refused).toBeTruthy();
    const intended = new IntendedMoves();
    intended.reset(match.moves);
    intended.replayed(rebuilt.applied, rebuilt.refused);
    const notes = statusNotes({ compiles: true, errorCount: 0, hasDefinition: true, hasMatch: true, message: null, divergence: intended.divergence });
    expect(notes).toHaveLength(1);
    const refusedMove = `P${match.moves[thirdPick].player + 1}: ${match.moves[thirdPick].choice}`;
    expect(notes[0]).toMatchObject({ kind: 'warning', action: 'drop-rest', detailTitle: `${60 - thirdPick} moves kept` });
    expect(notes[0].text).toBe(`The rules refuse move ${thirdPick + 1} (${refusedMove}): ${rebuilt.refused}. The game stops before it; ${60 - thirdPick} moves from there on are kept and replay as soon as an edit makes them legal again.`);
    expect(notes[0].detail?.[0]).toBe(refusedMove);
    expect(notes[0].detail).toHaveLength(60 - thirdPick);
  });

  it('when the text stops compiling, the note says the last good game is still playable', () => {
    const broken = compileRules(mortadellaText.replace('Mortadella >= 5', 'Mortadela >= 5'));
    expect(broken.definition).toBeNull();
    const errorCount = broken.diagnostics.filter((d) => d.severity === 'error').length;
    const notes = statusNotes({ compiles: false, errorCount, hasDefinition: true, hasMatch: true, message: null, divergence: null });
    expect(notes).toEqual([{ kind: 'warning', text: 'The rules have 1 error: you are playing the last version that compiled. Fix them and the game updates in place.' }]);
    expect(statusNotes({ compiles: false, errorCount: 2, hasDefinition: false, hasMatch: false, message: null, divergence: null })[0])
      .toEqual({ kind: 'error', text: 'The rules do not compile yet (2 errors): fix them to play.' });
  });
});
