/** Grids and their tiles, pieces, and how things look on the table (`look`). */
import { codes } from '../diagnostics.ts';
import { error } from './message.ts';

export const expectedWord = error(codes.expectedWord, (expected: string, found: string) => `expected '${expected}' here, not '${found}'`);

export const gridTooLarge = error(codes.numberInvalid, (most: number, rows: number, columns: number) =>
  `a grid can be at most ${most} by ${most} cells; this one is ${rows} by ${columns}`);
export const gridWithoutTiles = error(codes.gridLayout, (grid: string, rows: number, columns: number) =>
  `'${grid}' is a grid of cells without tiles: write '${rows} by ${columns} tiles of 2 by 2 cells' to lay it out in tiles`);
export const tileTwice = error(codes.nameDuplicate, (tile: string) => `the tile '${tile}' is already declared in this grid`);
export const tileColours = error(codes.gridLayout, (height: number, width: number, tile: string, listed: number) =>
  `a tile of ${height} by ${width} cells lists ${height * width} colours, row by row; '${tile}' lists ${listed}`);
export const tileNotSquare = error(codes.gridLayout, (tile: string) =>
  `'${tile}' is not square, so a quarter turn would not fit it in its place: mark it fixed`);
export const tileOffGrid = error(codes.gridLayout, (row: number, column: number, rows: number, columns: number) =>
  `(${row}, ${column}) is off the grid: rows go from 1 to ${rows} and columns from 1 to ${columns}`);
export const tilePlaceTaken = error(codes.gridLayout, (row: number, column: number) => `another tile already stands at (${row}, ${column})`);
export const tileCopies = error(codes.gridLayout, (tile: string, places: number, copies: number) =>
  `'${tile}' stands at ${places === 1 ? '1 place, so it has 1 copy' : `${places} places, so it has ${places} copies`}, not ${copies}`);
export const tilesDoNotFill = error(codes.gridLayout, (grid: string, room: number, tiles: number) =>
  `'${grid}' has room for ${room} tiles, but its tiles number ${tiles}`);
export const piecesCount = error(codes.numberInvalid, (count: number) => `a player has from 1 to 1000 pieces of a kind, not ${count}`);

export const lookTarget = error(codes.nameUnknown, (name: string) =>
  `'${name}' is not a token, die face, team, card, kind of piece or variable, so it has no look`);
export const lookEmpty = error(codes.lookInvalid, (name: string) =>
  `say how it looks: look ${name} colour "#d4a017" label "O", or internal for a variable`);
export const lookWord = error(codes.expectedWord, (found: string) => `expected colour, label or internal here, not '${found}'`);
export const internalWithText = error(codes.lookInvalid, () => 'internal takes no text: look spareggio internal');
export const internalThing = error(codes.lookInvalid, () =>
  'only a variable can be internal (shown to the referee, in the details); tokens, faces, teams, cards and pieces are always on the table');
export const lookWithoutText = error(codes.lookInvalid, (word: 'colour' | 'label') =>
  word === 'colour' ? 'a colour is a text: colour "#d4a017" or colour "rosso"' : 'a label is a short text: label "O"');
export const variableLook = error(codes.lookInvalid, (word: string) => `a variable has no ${word}: it is shown as its name and value (it can be internal)`);
export const notAColour = error(codes.lookInvalid, (value: string) =>
  `"${value}" is not a colour: write it as "#d4a017", "#fa0" or a colour word such as "rosso" or "blue"`);
export const labelLength = error(codes.lookInvalid, (most: number, label: string, length: number) =>
  `a label is 1 to ${most} characters (it is drawn inside a small badge); "${label}" has ${length}`);
