/**
 * A text inside the `{…}` of a text: `log "Hai {c.name == "Asso"}"`. The lexer cannot know that the
 * second quote was meant inside the braces, so it ends the outer text there and the rest of the line
 * reads as stray words. This pass, run on the tokens before parsing, finds that case, reports it at
 * the quote that ended the text (the cause) with how to write it, and joins the pieces back into one
 * text so the parser does not report every stray piece after it.
 */
import { type IToken } from 'chevrotain';
import { StringLiteral } from './tokens.ts';
import type { Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';

/** Whether a text's image has a `{` (not written `\{`) that is not closed before its end. */
function opensValue(image: string): boolean {
  let open = false;
  for (let i = 1; i < image.length - 1; i++) {
    if (image[i] === '\\') { i++; continue; }
    if (image[i] === '{') open = true;
    else if (image[i] === '}') open = false;
  }
  return open;
}

/** Whether a text's image has a `}` (not written `\}`). */
function closesValue(image: string): boolean {
  for (let i = 1; i < image.length - 1; i++) {
    if (image[i] === '\\') { i++; continue; }
    if (image[i] === '}') return true;
  }
  return false;
}

export function joinNestedTexts(text: string, tokens: IToken[], diagnostics: Diagnostic[]): IToken[] {
  const out: IToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    out.push(token);
    if (token.tokenType !== StringLiteral || !opensValue(token.image)) continue;
    // The text that closes the braces, on the same line: everything between was meant inside them.
    let j = i + 1;
    while (j < tokens.length && tokens[j].startLine === token.endLine && !(tokens[j].tokenType === StringLiteral && closesValue(tokens[j].image))) j++;
    if (j >= tokens.length || tokens[j].startLine !== token.endLine) continue;
    const quote = token.endOffset as number;
    diagnostics.push(m.at(m.textInText(), { start: quote, end: quote + 1 }));
    const last = tokens[j];
    out[out.length - 1] = { ...token, image: text.slice(token.startOffset, (last.endOffset as number) + 1), endOffset: last.endOffset, endLine: last.endLine, endColumn: last.endColumn };
    i = j;
  }
  return out;
}
