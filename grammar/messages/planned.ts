/** Constructs docs/planned.md describes: designed, not built yet. */
import { codes } from '../diagnostics.ts';
import { error } from './message.ts';

/** `anchor` is the id of the construct's heading in docs/planned.md, which never changes; `today`: what to write instead. */
export const planned = error(codes.planned, (form: string, anchor: string, today?: string) =>
  `\`${form}\` is planned (docs/planned.md#${anchor}), not built yet${today ? `; today: ${today}` : ''}`);
