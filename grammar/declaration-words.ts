/**
 * The words that start a top-level declaration, read from the catalogue of constructs
 * (constructs.ts): where the text is cut between declarations without parsing (parse-reusing.ts)
 * and where the parser skips to the next declaration after something that starts none (parse.ts).
 */
export { declarationWords } from './constructs.ts';
