/**
 * Hot-seat play at one terminal: before each prompt, the new log lines as the player about to
 * choose may read them, then the game as that player sees it and their numbered moves. When
 * several players choose at once (a `simultaneously` block) and the chooser changes, a separator
 * tells the last one to pass the keyboard; nothing printed after it shows another player's
 * answer, because every line is read through the next chooser's view. An answer printed sealed
 * ("P3 answers …") is printed again, in full, once every player of the block has answered.
 * Undo takes back only the chooser's own answers while the block is open: taking back another
 * player's sealed answer would show the keyboard's holder that player's screen and let them change it.
 */
import { playerName, type Match } from '../interpreter/index.ts';
import { renderMoves, renderView } from './render.ts';

export class HotSeat {
  /** How many log entries have been printed. */
  private printed = 0;
  /** Entries printed while still sealed (an answer in an open block), with the text printed. */
  private readonly sealed = new Map<number, string>();
  private lastChooser: number | null = null;

  constructor(private readonly match: Match, private readonly say: (text: string) => void) {}

  /** Prints the log lines written since the last call, as the player to choose (or, at the end, the referee) sees them. */
  printNewLog(): void {
    const entries = this.match.state.log;
    const seen = this.match.view(this.match.toAct ?? 'referee').log;
    for (const [index, text] of [...this.sealed].sort((a, b) => a[0] - b[0])) {
      if (index >= entries.length) { this.sealed.delete(index); continue; }
      if (entries[index].sealedFor !== undefined) continue;
      this.sealed.delete(index);
      if (seen[index].text !== text) this.say(`  · ${seen[index].text}`);
    }
    for (let i = this.printed; i < seen.length; i++) {
      this.say(`  · ${seen[i].text}`);
      if (entries[i].sealedFor !== undefined) this.sealed.set(i, seen[i].text);
    }
    this.printed = seen.length;
  }

  /**
   * Why `undo` may not take back the last move now, or null when it may: the move is another
   * player's answer in the simultaneous block still open (sealed: its line is still theirs alone).
   */
  undoRefusal(): string | null {
    return this.match.sealedUndo();
  }

  /** The log went back (undo, redo): what is in it now counts as printed. */
  afterUndo(): void {
    this.printed = this.match.state.log.length;
    for (const index of this.sealed.keys()) if (index >= this.printed) this.sealed.delete(index);
  }

  /** The separator when the keyboard goes to another player of a simultaneous block, the new log, the view and the moves. */
  prompt(): void {
    const chooser = this.match.toAct;
    const pending = this.match.state.pending;
    if (this.match.outcome || chooser === null || !pending) { this.printNewLog(); return; }
    if (this.lastChooser !== null && chooser !== this.lastChooser && this.match.state.simultaneous) this.say(`— pass to ${playerName(chooser)} —`);
    this.lastChooser = chooser;
    this.printNewLog();
    const looks = this.match.definition.looks;
    const internal = new Set(looks.filter((look) => look.internal).map((look) => look.name));
    const pieceLabels = new Map(looks.filter((look) => look.target === 'piece' && look.label).map((look) => [look.name, look.label!]));
    this.say(renderView(this.match.view(chooser), internal, pieceLabels));
    this.say(renderMoves(pending.prompt, playerName(chooser), this.match.legalMoves()));
    process.stdout.write('> ');
  }
}
