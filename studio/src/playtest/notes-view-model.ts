/** The outcome banner, and the notes on the studio's state (rules that do not compile, a replay that stops). */
import { reasonText, type Move, type PlayerView } from '../../../interpreter/index.ts';
import { seatName } from './toolbar-view-model.ts';

export interface OutcomeBanner { kind: 'win' | 'draw' | 'aborted'; title: string; reason: string }

export function outcomeBanner(view: PlayerView): OutcomeBanner | null {
  const outcome = view.outcome;
  if (!outcome) return null;
  const names = outcome.winnerNames;
  const together = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
  // A team wins by its name, its members beside it.
  const title = outcome.kind === 'win'
    ? outcome.team !== undefined ? `${outcome.team} wins (${together})` : `${together} win${names.length > 1 ? '' : 's'}`
    : outcome.kind === 'draw' ? 'A draw' : 'The game was stopped';
  return { kind: outcome.kind, title, reason: reasonText(outcome) };
}

/** A move as a log line would say it. */
export function moveText(move: Move): string { return `${seatName(move.player)}: ${move.choice}`; }

/** `detail`: lines under a fold titled `detailTitle`; `action`: a button the note offers. */
export interface Note { kind: 'error' | 'warning' | 'info'; text: string; detail?: string[]; detailTitle?: string; action?: 'drop-rest' }

/** What the studio's state says about the game being played. */
export function statusNotes(studio: {
  compiles: boolean; errorCount: number; hasDefinition: boolean; hasMatch: boolean; message: string | null;
  /** Where the replay of the designer's moves stops under the current rules. */
  divergence: { index: number; move: Move; reason: string; later: readonly Move[] } | null;
}): Note[] {
  const notes: Note[] = [];
  if (!studio.hasDefinition) {
    notes.push({ kind: 'error', text: studio.errorCount ? `The rules do not compile yet (${plural(studio.errorCount, 'error')}): fix them to play.` : 'No game loaded.' });
  } else if (!studio.compiles && studio.errorCount > 0) {
    notes.push({ kind: 'warning', text: `The rules have ${plural(studio.errorCount, 'error')}: you are playing the last version that compiled. Fix them and the game updates in place.` });
  }
  if (studio.message) notes.push({ kind: studio.hasMatch ? 'info' : 'error', text: studio.message });
  const stop = studio.divergence;
  if (stop && studio.hasMatch) {
    notes.push({
      kind: 'warning',
      text: `The rules refuse move ${stop.index + 1} (${moveText(stop.move)}): ${stop.reason}. The game stops before it; `
        + `${plural(stop.later.length, 'move')} from there on ${stop.later.length === 1 ? 'is' : 'are'} kept and replay as soon as an edit makes them legal again.`,
      detail: stop.later.map(moveText), detailTitle: `${plural(stop.later.length, 'move')} kept`, action: 'drop-rest',
    });
  }
  return notes;
}

function plural(count: number, word: string): string { return `${count} ${word}${count === 1 ? '' : 's'}`; }
