/**
 * The hot-seat table of `regola play`: reads a line of standard input at a time (a move's number or
 * label, undo, redo, log, quit, or `P2 LABEL` for a move open at any time out of turn) until the
 * game ends or the input does; the bots at the table move between the people's choices.
 */
import { createInterface } from 'node:readline';
import type { Match } from '../interpreter/index.ts';
import type { HotSeat } from './hot-seat.ts';
import { say } from './output.ts';
import type { TableBots } from './table-bots.ts';

export async function playAtTable(match: Match, hotSeat: HotSeat, bots: TableBots): Promise<void> {
  // The bots at the table play until a person must choose (or the game ends).
  const promptAfterBots = () => { bots.playUntilPerson(); hotSeat.prompt(); };
  promptAfterBots();
  const lines = match.outcome ? [] : createInterface({ input: process.stdin, terminal: false });
  for await (const raw of lines) {
    const line = raw.trim();
    if (match.outcome) break;
    if (line === '') { hotSeat.prompt(); continue; }
    if (line === 'quit' || line === 'q') break;
    if (line === 'log') {
      for (const entry of match.view(match.toAct ?? 'referee').log) say(`  [${entry.turn}] ${entry.text}${entry.cite ? `  — «${entry.cite}»` : ''}`);
      process.stdout.write('> ');
      continue;
    }
    if (line === 'undo' || line === 'redo') {
      const sealed = line === 'undo' ? hotSeat.undoRefusal() : null;
      if (sealed) { say(`undo refused: ${sealed}`); process.stdout.write('> '); continue; }
      const done = line === 'undo' ? match.undo() : match.redo();
      say(done ? `${line} done` : `nothing to ${line}`);
      hotSeat.afterUndo();
      bots.afterUndo();
      // Undo goes back to the last person's choice: the bots' moves after it are taken back too.
      if (line === 'undo') while (bots.isBot(match.toAct) && match.undo()) hotSeat.afterUndo();
      hotSeat.prompt();
      continue;
    }
    // `P2 chiama`: a move open at any time taken by a player who is not the one choosing.
    const outOfTurn = /^P(\d+)\s+(.+)$/.exec(line);
    if (outOfTurn) {
      const seat = Number(outOfTurn[1]) - 1;
      const open = match.legalMoves(seat).find((m) => m.kind === 'any-time' && m.choice === outOfTurn[2]);
      if (!open) say(`refused: ${outOfTurn[2]} is not a move open at any time to P${outOfTurn[1]} now`);
      else {
        const result = match.apply(open);
        if (!result.ok) say(`refused: ${result.diagnostic.message}`);
      }
      promptAfterBots();
      if (match.outcome) break;
      continue;
    }
    const moves = match.legalMoves();
    const number = /^\d+$/.test(line) ? Number(line) : NaN;
    const move = Number.isInteger(number) ? moves[number - 1] : moves.find((m) => m.choice === line);
    // A pick or a confirm that a selection under a condition refuses: say why, rather than list the choices.
    const tried = !move && /^(pick .+|confirm)$/.test(line) && match.state.pending?.kind === 'select' ? match.apply({ player: match.toAct!, choice: line }) : null;
    if (tried && !tried.ok) {
      say(`refused: ${tried.diagnostic.message}`);
      process.stdout.write('> ');
      continue;
    }
    if (!move) {
      say(`'${line}' is not one of the ${moves.length} choices: type a number from 1 to ${moves.length}, or undo, redo, log, quit`);
      process.stdout.write('> ');
      continue;
    }
    const result = match.apply(move);
    if (!result.ok) say(`refused: ${result.diagnostic.message}`);
    promptAfterBots();
    if (match.outcome) break;
  }
}
