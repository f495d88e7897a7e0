/** Expressions: the kinds of values, names and members, calls, operators, conditions. */
import { codes } from '../diagnostics.ts';
import { error } from './message.ts';

const expected = (what: string, found: string) => `expected ${what} here, but this is ${found}`;
/** Made by `expect`: `what` the place needs ("a number (the score)"), `found` what it was given. */
export const expectedNumber = error(codes.typeExpectedNumber, expected);
export const expectedPlayer = error(codes.typeExpectedPlayer, expected);
export const expectedKind = error(codes.typeMismatch, expected);
