/**
 * Keystroke rebuilds off the main thread (issue 9): the worker compiles and replays
 * (`answerPlaytest`), the main thread adopts its game on its own definition without replaying
 * (`adoptRebuilt`, `Match.fromPlain`) — the same game as a rebuild on the main thread, down to
 * undo, the log and the next move. `LiveRebuild` never shows an answer for older inputs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRules, Match, randomPlayout, type Move } from '../../interpreter/index.ts';
import { compileText as compile } from '../support/scenario.ts';
import { adoptRebuilt, answerPlaytest, rebuildMatch, type PlaytestAnswer, type PlaytestRequest } from '../../studio/src/lib/playtest.ts';
import { LiveRebuild, sameRequest } from '../../studio/src/lib/live-rebuild.ts';

const rules = (name: string) => readFileSync(new URL(`../../rules/${name}`, import.meta.url), 'utf8');

const risikoText = rules('risiko.rules');
const mortadellaText = rules('mortadella.rules');
const risikoSettings = { players: 5, seed: 3, variant: null as string | null };
const mortadellaSettings = { players: 4, seed: 11, variant: null as string | null };
const risikoMoves = randomPlayout(compile(risikoText), { ...risikoSettings, keepMoves: true, maxRounds: 60 }).moves.slice(0, 300);
const mortadellaMoves = randomPlayout(compile(mortadellaText), { ...mortadellaSettings, keepMoves: true }).moves;

/** What the main thread does with the worker's answer: its own compile of the text, the game adopted. */
function adopted(request: PlaytestRequest) {
  // The answer crosses threads as a structured clone.
  const answer = structuredClone(answerPlaytest(request));
  if (!answer.compiled) throw new Error('does not compile');
  const rebuilt = adoptRebuilt(compile(request.text), answer.rebuilt, request.moves);
  if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
  return rebuilt;
}

function onMainThread(request: PlaytestRequest) {
  const rebuilt = rebuildMatch(compile(request.text), request.settings, request.moves);
  if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
  if (request.position < rebuilt.applied) rebuilt.match.rewindTo(request.position);
  return rebuilt;
}

function expectSameGame(a: Match, b: Match): void {
  expect(a.hash()).toBe(b.hash());
  expect(a.moves).toEqual(b.moves);
  expect(a.view('referee')).toEqual(b.view('referee'));
  expect(a.view(0)).toEqual(b.view(0));
  expect(a.legalMoves()).toEqual(b.legalMoves());
  expect(a.machineState).toBe(b.machineState);
}

describe('a rebuild in the worker, adopted on the main thread', () => {
  for (const [name, text, settings, moves] of [
    ['Risiko! (300 moves)', risikoText, risikoSettings, risikoMoves],
    ['Mortadella (a whole game)', mortadellaText, mortadellaSettings, mortadellaMoves],
  ] as const) {
    it(`${name}: the same game as replaying on the main thread, with undo, the log and the next move`, () => {
      expect(moves.length).toBeGreaterThan(250);
      const request = { text, settings, moves: moves.slice(), position: moves.length };
      const worker = adopted(request);
      const main = onMainThread(request);
      expect(worker.applied).toBe(moves.length);
      expect(worker.refused).toBeNull();
      expectSameGame(worker.match, main.match);
      // The log's lines still rewind to the move that wrote them.
      for (const line of [0, 17, 150, worker.match.state.log.length - 1]) expect(worker.match.movesAtLogLine(line)).toBe(main.match.movesAtLogLine(line));
      // Undo rebuilds the states no checkpoint crossed, again and again, as the main thread's match does.
      for (let back = 1; back <= 70; back++) {
        expect(worker.match.undo()).toBe(main.match.undo());
        if (back % 23 === 0) expectSameGame(worker.match, main.match);
      }
      expect(worker.match.redo()).toBe(true);
      expect(main.match.redo()).toBe(true);
      expectSameGame(worker.match, main.match);
      const next = main.match.legalMoves()[0];
      if (next) {
        expect(worker.match.apply(next)).toEqual(main.match.apply(next));
        expectSameGame(worker.match, main.match);
      }
    });
  }

  it('after an undo or a rewind the game stands where the designer does; the later moves are still counted', () => {
    const request = { text: risikoText, settings: risikoSettings, moves: risikoMoves.slice(0, 200), position: 77 };
    const worker = adopted(request);
    expect(worker.applied).toBe(200);
    expect(worker.match.moves).toHaveLength(77);
    expectSameGame(worker.match, onMainThread(request).match);
  });

  it('an edit the moves no longer fit: the same move refused, for the same reason, the game kept up to it', () => {
    const text = risikoText.replace('let iniziali = 25', 'let iniziali = 2');
    const request = { text, settings: risikoSettings, moves: risikoMoves.slice(0, 80), position: 80 };
    const worker = adopted(request);
    const main = onMainThread(request);
    expect(worker.applied).toBeLessThan(80);
    expect(worker.applied).toBe(main.applied);
    expect(worker.refused).toBe(main.refused);
    expect(worker.dropped).toEqual(risikoMoves.slice(worker.applied, 80));
    expectSameGame(worker.match, main.match);
  });

  it('a text that does not compile: its diagnostics, and no game', () => {
    const text = risikoText.replace('let iniziali = 25', 'let iniziali = ');
    const answer = answerPlaytest({ text, settings: risikoSettings, moves: [], position: 0 });
    expect(answer.compiled).toBe(false);
    expect(answer.diagnostics).toEqual(compileRules(text).diagnostics);
    expect(answer.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });
});

/** A worker that answers when the test says so, in the order asked. */
function fakeWorker() {
  const asked: { request: PlaytestRequest; answer: (answer: PlaytestAnswer | null, ms: number) => void }[] = [];
  return {
    asked,
    playtest(request: PlaytestRequest, answer: (answer: PlaytestAnswer | null, ms: number) => void) { asked.push({ request, answer }); return true; },
    /** Answers the oldest request still waiting, as the real worker would. */
    answerNext(failed = false) {
      const { request, answer } = asked.shift()!;
      answer(failed ? null : answerPlaytest(request), 1);
    },
  };
}

function studio(text: string, moves: Move[] = []) {
  const held = { text, settings: { players: 4, seed: 1, variant: null as string | null }, moves, position: moves.length };
  const shown: PlaytestRequest[] = [];
  const prepared: string[] = [];
  let fellBack = 0;
  const worker = fakeWorker();
  const live = new LiveRebuild(worker, {
    current: () => held,
    prepare: (t) => prepared.push(t),
    answered: (request) => shown.push(request),
    fallBack: () => fellBack++,
  });
  return { held, shown, prepared, worker, live, fellBack: () => fellBack };
}

describe('LiveRebuild: only the newest keystroke is ever shown', () => {
  const texts = ['a', 'ab', 'abc', 'abcd'].map((suffix) => `${mortadellaText}\n# ${suffix}\n`);

  it('keystrokes while the worker is busy are coalesced; the answers for older texts are never shown', () => {
    const s = studio(texts[0]);
    s.live.changed();
    expect(s.worker.asked).toHaveLength(1);
    for (const text of texts.slice(1)) { s.held.text = text; s.live.changed(); }
    expect(s.worker.asked).toHaveLength(1); // one in flight; the rest wait as one
    expect(s.live.busy).toBe(true);
    s.worker.answerNext();
    expect(s.shown).toEqual([]); // the answer for texts[0] is stale
    expect(s.worker.asked).toHaveLength(1);
    expect(s.worker.asked[0].request.text).toBe(texts[3]); // straight to the newest
    s.worker.answerNext();
    expect(s.shown.map((r) => r.text)).toEqual([texts[3]]);
    expect(s.live.busy).toBe(false);
  });

  it('a move played while the worker replays makes its answer stale: the new moves are asked for', () => {
    const s = studio(texts[0]);
    s.live.changed();
    s.held.moves = [mortadellaMoves[0]];
    s.held.position = 1;
    s.worker.answerNext();
    expect(s.shown).toEqual([]);
    expect(s.worker.asked[0].request.moves).toEqual([mortadellaMoves[0]]);
    s.worker.answerNext();
    expect(s.shown).toHaveLength(1);
    expect(sameRequest(s.shown[0], s.held)).toBe(true);
  });

  it('the same inputs again (a character typed and deleted) are shown; a cancelled request is not', () => {
    const s = studio(texts[0]);
    s.live.changed();
    s.held.text = texts[1];
    s.live.changed();
    s.held.text = texts[0];
    s.live.changed();
    s.worker.answerNext();
    s.worker.answerNext();
    expect(s.shown.map((r) => r.text)).toEqual([texts[0]]);
    s.held.text = texts[2];
    s.live.changed();
    s.live.cancel();
    s.worker.answerNext();
    expect(s.shown).toHaveLength(1);
    expect(s.live.busy).toBe(false);
  });

  it('the main thread compiles in a task of its own, the newest text, once per request', async () => {
    const s = studio(texts[0]);
    s.live.changed();
    expect(s.prepared).toEqual([]); // not in the keystroke's task
    s.held.text = texts[1];
    s.live.changed();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(s.prepared).toEqual([texts[1]]);
  });

  it('settings with `layout: null` are the settings without a layout: the answer is shown, not asked for again', () => {
    const s = studio(texts[0]);
    (s.held.settings as { layout?: null }).layout = null;
    s.live.changed();
    s.worker.answerNext();
    expect(s.shown).toHaveLength(1);
    expect(s.worker.asked).toHaveLength(0);
  });

  it('a worker that fails: the studio rebuilds on the main thread instead', () => {
    const s = studio(texts[0]);
    s.live.changed();
    s.worker.answerNext(true);
    expect(s.fellBack()).toBe(1);
    expect(s.shown).toEqual([]);
    const refusing = new LiveRebuild({ playtest: () => false }, { current: () => s.held, prepare: () => {}, answered: () => {}, fallBack: () => s.shown.push(s.held) });
    refusing.changed();
    expect(s.shown).toHaveLength(1);
  });
});
