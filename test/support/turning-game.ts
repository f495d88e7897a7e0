/**
 * A small game of pieces on tiles that turn: each turn a player places a piece, then turns a tile
 * with the pieces on it or captures the pieces on the cell just taken. Pieces without variables,
 * whose records copies share: moved, captured and turned with their tile. The tests of state
 * copies (state-copy) and of moves undone without copying the board (undo-move) play it.
 */
export const turningGame = `game "Giro" { players 2 }
grid Tavola: 2 by 2 tiles of 2 by 2 cells {
  4 Pezzo cells Chiaro, Scuro, Scuro, Chiaro
}
pieces Pedina: 4 per player
turns {
  choose c from Tavola where count(pieces) == 0 by current prompt "Dove?"
  move top(Pedina where owner == current and cell == none and not captured) to c
  choose t from tiles(Tavola) by current prompt "Quale tassello?"
  choose by current prompt "Come?" {
    option "gira" { rotate t clockwise }
    option "togli" { for each y in c.pieces { capture y } }
  }
  if count(Pedina where owner == current and cell == none and not captured) == 0 { end game "finite" }
  if round >= 12 { end game "tempo" }
}
`;
