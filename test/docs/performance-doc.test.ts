/**
 * `npm run bench -- --write-docs PART…` rewrites the marked block of docs/performance.md with what
 * the run printed: each part's entry replaced, the others kept, in the bench's order, and nothing
 * outside the markers touched.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { capturePrinted, endMarker, rewriteFigures, startMarker } from '../../bench/performance-doc.ts';

const stamp = { node: 'v20.1.0', date: '2030-01-02' };
const order = ['cli', 'compile', 'playouts', 'copy', 'perft'];
const page = `# Performance\n\nBefore.\n\n${startMarker}\n${endMarker}\n\nAfter, by hand.\n`;

describe('the figures a bench run printed, written into docs/performance.md', () => {
  it('go between the markers with the command, the node version and the day; the rest of the page stays', () => {
    const text = rewriteFigures(page, [{ name: 'copy', lines: ['state copies: 0.24 µs', '  tic-tac-toe 0.21 µs  '] }], stamp, order);
    expect(text).toBe(`# Performance\n\nBefore.\n\n${startMarker}
<!-- bench:part copy -->
#### \`npm run bench -- copy\`

Node v20.1.0, 2030-01-02:

\`\`\`text
state copies: 0.24 µs
  tic-tac-toe 0.21 µs
\`\`\`
${endMarker}\n\nAfter, by hand.\n`);
  });

  it('keep the entries of the parts the run left out, in the order of the bench', () => {
    const first = rewriteFigures(page, [{ name: 'perft', lines: ['perft 0.55 s'] }], stamp, order);
    const second = rewriteFigures(first, [{ name: 'cli', lines: ['regola check 132 ms'] }], { node: 'v22.0.0', date: '2030-02-03' }, order);
    expect(second).toContain('perft 0.55 s');
    expect(second).toContain('Node v20.1.0, 2030-01-02:');
    expect(second).toContain('regola check 132 ms');
    expect(second).toContain('Node v22.0.0, 2030-02-03:');
    expect(second.indexOf('bench:part cli')).toBeLessThan(second.indexOf('bench:part perft'));
    expect(second.endsWith(`${endMarker}\n\nAfter, by hand.\n`)).toBe(true);
  });

  it('replace a part measured again, old figures and all', () => {
    const first = rewriteFigures(page, [{ name: 'compile', lines: ['compile 9.48 ms'] }, { name: 'copy', lines: ['copy 0.6 µs'] }], stamp, order);
    const again = rewriteFigures(first, [{ name: 'compile', lines: ['compile 4.03 ms'] }], stamp, order);
    expect(again).not.toContain('9.48');
    expect(again).toContain('compile 4.03 ms');
    expect(again).toContain('copy 0.6 µs');
    expect(again.match(/bench:part compile/g)).toHaveLength(1);
  });

  it('keep a part the bench no longer lists, after the listed ones', () => {
    const first = rewriteFigures(page, [{ name: 'retired', lines: ['old figure'] }], stamp, [...order, 'retired']);
    const later = rewriteFigures(first, [{ name: 'copy', lines: ['copy 0.3 µs'] }], stamp, order);
    expect(later.indexOf('bench:part copy')).toBeLessThan(later.indexOf('bench:part retired'));
    expect(later).toContain('old figure');
  });

  it('say how loaded the machine was, when the run knows', () => {
    const text = rewriteFigures(page, [{ name: 'cli', lines: ['regola check 132 ms'] }], { ...stamp, load: 3.44, cores: 2 }, order);
    expect(text).toContain('Node v20.1.0, 2030-01-02, load average 3.4 on 2 cores:');
  });

  it('say a part printed nothing rather than leave an empty block', () => {
    expect(rewriteFigures(page, [{ name: 'cli', lines: [] }], stamp, order)).toContain('```text\n(printed nothing)\n```');
  });

  it('are refused, with the reason, by a page without the markers', () => {
    expect(() => rewriteFigures('# Performance\n', [{ name: 'cli', lines: ['x'] }], stamp, order)).toThrow(/bench:start/);
    expect(() => rewriteFigures(`${endMarker}\n${startMarker}\n`, [{ name: 'cli', lines: ['x'] }], stamp, order)).toThrow(/in that order/);
  });

  it('leave docs/performance.md as it is when no part ran: its markers are there and its entries read back', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../docs/performance.md', import.meta.url)), 'utf8');
    expect(doc).toContain(startMarker);
    expect(rewriteFigures(doc, [], stamp, order)).toBe(doc);
  });
});

describe('what a part prints', () => {
  it('is captured line by line, still printed, and console.log is given back after', async () => {
    const original = console.log;
    const shown = vi.fn();
    console.log = shown;
    try {
      const lines = await capturePrinted(async () => {
        console.log('games/s: %d', 12);
        console.log('two\nlines');
      });
      expect(lines).toEqual(['games/s: 12', 'two', 'lines']);
      expect(shown).toHaveBeenCalledTimes(2);
      expect(console.log).toBe(shown);
    } finally {
      console.log = original;
    }
  });
});
