/**
 * A table a designer can read (issue 9): the rules' own colours and labels on the badges, teams
 * and cards; the rules' internal variables off the table (the referee finds them in a fold); and
 * "place N", one click that gives the same answer several times while the same question comes back.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, type GameDefinition } from '../../interpreter/index.ts';
import { playOn, startMatch } from '../support/studio-match.ts';
import { cardFaces, globalRows, playerCards, symbolPalette, teamCards, teamStyles, zoneCards } from '../../studio/src/playtest/view-model.ts';
import { hexColour, inkOn, internalNames, lookedFaces, lookedPalette, lookedTeams, splitInternal } from '../../studio/src/playtest/table-looks.ts';
import { playRepeated } from '../../studio/src/playtest/repeat-move.ts';

const rulesText = (name: string) => readFileSync(fileURLToPath(new URL(`../../rules/${name}`, import.meta.url)), 'utf8');
function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

describe('colours and labels from the rules', () => {
  it('No Tav: three kinds of pawn, three labels (they all showed "Pe"), in the teams\' red and blue', () => {
    const notav = compile(rulesText('notav.rules'));
    const palette = lookedPalette(symbolPalette(notav), notav);
    expect(['PedinaNoTav', 'PedinaPoliziotto', 'PedinaSindaco', 'PedinaQuestore'].map((name) => palette.get(name)?.monogram)).toEqual(['NT', 'Po', 'S', 'Q']);
    expect(palette.get('PedinaSindaco')?.colour).toBe('#c62828');
    expect(palette.get('PedinaQuestore')?.colour).toBe('#1e4fc2');
    const teams = lookedTeams(teamStyles(notav), notav);
    expect(teams.get('NoTav')?.hue).toBe(hexColour('#c62828').hue);
    expect(teams.get('Poliziotti')?.hue).toBe(hexColour('#1e4fc2').hue);
  });

  it('a colour as hue, saturation and lightness; dark letters on a pale colour, white on a strong one', () => {
    expect(hexColour('#ff0000')).toEqual({ hue: 0, saturation: 100, lightness: 50 });
    expect(hexColour('#1e4fc2').hue).toBe(222);
    expect(inkOn('#f2f0ea')).toBe('#1f2328');
    expect(inkOn('#1e4fc2')).toBe('#ffffff');
  });

  it('a card takes its colour and its label in the corner; a game without looks keeps the defaults', () => {
    const text = `game "Carte" { players 2 }
cards Mazzo with valore = 0 { Asso { valore 11 }  Re { valore 4 } }
pile Tavolo of Mazzo public
turns { end game }
look Asso colour "#1e4fc2" label "A"`;
    const definition = compile(text);
    const faces = lookedFaces(cardFaces(definition), definition);
    expect(faces.get('Asso')).toMatchObject({ hue: 222, corner: 'A' });
    expect(faces.get('Re')).toEqual(cardFaces(definition).get('Re'));
    const plain = compile(text.replace(/look .*$/, ''));
    expect(lookedFaces(cardFaces(plain), plain)).toEqual(cardFaces(plain));
  });
});

describe('internal variables', () => {
  const risiko = compile(rulesText('risiko.rules'));
  const match = startMatch(risiko, { players: 4, seed: 1, variant: null });
  const tableFor = (viewer: number | 'referee') => {
    const view = match.view(viewer);
    const palette = symbolPalette(risiko);
    return splitInternal({
      players: playerCards(view, palette), teams: teamCards(view, new Map(), new Map()), zones: zoneCards(view, palette), globals: globalRows(view),
    }, internalNames(risiko), viewer === 'referee');
  };

  it('Risiko!: the counts kept for scoring are off the players\' table; the referee finds them, per player, in the details', () => {
    const referee = tableFor('referee');
    const columns = referee.players[0].variables.map((v) => v.name);
    expect(columns).toContain('dotazione');
    for (const name of ['conquiste', 'decine', 'carriUsati', 'armateObiettivo']) expect(columns).not.toContain(name);
    expect(referee.details.filter((row) => row.name === 'decine').map((row) => row.owner)).toEqual(['P1', 'P2', 'P3', 'P4']);
  });

  it('a player sees neither the columns nor the details', () => {
    const player = tableFor(0);
    expect(player.players[0].variables.map((v) => v.name)).not.toContain('decine');
    expect(player.details).toEqual([]);
  });
});

describe('place N: one click, the same answer while the same question comes back', () => {
  it('Risiko!\'s setup: three armies on one territory in one click, then the next player is asked', () => {
    const risiko = compile(rulesText('risiko.rules'));
    const match = startMatch(risiko, { players: 4, seed: 1, variant: null });
    const chooser = match.toAct!;
    const first = match.legalMoves(chooser)[0];
    const territory = risiko.zones.findIndex((zone) => zone.name === first.choice);
    const armies = () => match.view('referee').zones[territory].tokens.find((t) => t.token === 'Armata')!.count;
    const before = armies();
    expect(playRepeated(match, playOn(match), first, 5)).toEqual({ played: 3, refusal: null });
    // The rules hand out three armies a turn: the fourth question is another player's.
    expect(armies()).toBe(before + 3);
    expect(match.toAct).not.toBe(chooser);
    expect(match.moves).toHaveLength(3);
  });

  it('once is once: a repeat of 1 plays one move', () => {
    const risiko = compile(rulesText('risiko.rules'));
    const match = startMatch(risiko, { players: 4, seed: 1, variant: null });
    expect(playRepeated(match, playOn(match), match.legalMoves(match.toAct!)[0], 1).played).toBe(1);
    expect(match.moves).toHaveLength(1);
  });
});
