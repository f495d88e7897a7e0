#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so the repository needs no build step.
import { register } from 'tsx/esm/api';

register();
// `regola … | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error) => { if (error.code === 'EPIPE') process.exit(0); else throw error; });
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
