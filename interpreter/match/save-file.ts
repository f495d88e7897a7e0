/**
 * The saved-game format (`regola-save/1`), declared once as a JSON Schema and checked with Ajv, so
 * that `replay` says exactly what is wrong with a file instead of failing somewhere inside a replay.
 */
import AjvModule, { type ErrorObject } from 'ajv';
import type { SavedGame } from './match.ts';

/** The largest seed: seeds are 32-bit (the engine keeps `seed >>> 0`). */
const maxSeed = 0xffffffff;

export const savedGameSchema = {
  $id: 'regola-save/1',
  type: 'object',
  required: ['format', 'title', 'players', 'seed', 'variant', 'moves', 'stateHash', 'outcome'],
  additionalProperties: false,
  properties: {
    format: { const: 'regola-save/1' },
    title: { type: 'string' },
    players: { type: 'integer', minimum: 1, maximum: 100 },
    seed: { type: 'integer', minimum: 0, maximum: maxSeed },
    variant: { type: ['string', 'null'] },
    // A game of a series (`carry layout`): the tiles it started from, as whole numbers; whether they
    // fit the rules' grids is checked when the game is rebuilt.
    layout: {
      type: 'object',
      required: ['tileKinds', 'tileTurns'],
      additionalProperties: false,
      properties: {
        tileKinds: { type: 'array', items: { type: 'integer', minimum: 0 } },
        tileTurns: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 3 } },
      },
    },
    moves: {
      type: 'array',
      items: {
        type: 'object',
        required: ['player', 'choice'],
        additionalProperties: false,
        // `play` saves the legal move it played, kind included.
        properties: { player: { type: 'integer', minimum: 0, maximum: 99 }, choice: { type: 'string' }, kind: { enum: ['choose', 'pick', 'unpick', 'confirm', 'any-time'] } },
      },
    },
    stateHash: { type: 'string', pattern: '^[0-9a-f]{8}$' },
    outcome: {
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['kind', 'winners', 'reason'],
          properties: {
            kind: { enum: ['win', 'draw', 'aborted'] },
            winners: { type: 'array', items: { type: 'integer', minimum: 0 } },
            reason: { type: 'string' },
            cite: { type: 'integer' },
            team: { type: 'string' },
            detail: { type: 'string' },
          },
        },
      ],
    },
  },
} as const;

// Ajv is a CommonJS module: its class is the default export's `default` under some loaders.
const Ajv = ((AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule) as typeof AjvModule;
let validate: ReturnType<InstanceType<typeof Ajv>['compile']> | undefined;

/** A saved game read from JSON, or every way it differs from the format, in plain words. */
export function readSavedGame(data: unknown): { ok: true; saved: SavedGame } | { ok: false; problems: string[] } {
  validate ??= new Ajv({ allErrors: true, strict: true }).compile(savedGameSchema);
  if (validate(data)) return { ok: true, saved: data as unknown as SavedGame };
  return { ok: false, problems: plain(validate.errors ?? []) };
}

/** Ajv's errors as a designer reads them: where in the file, then what was expected. */
function plain(errors: ErrorObject[]): string[] {
  const said = new Set<string>();
  for (const error of errors) {
    // The branches of oneOf each complain; the summary line says enough.
    if (error.schemaPath.includes('/oneOf/')) continue;
    const where = error.instancePath === '' ? 'the file' : error.instancePath.slice(1).replace(/\/(\d+)/g, '[$1]').replace(/\//g, '.');
    const p = error.params as Record<string, unknown>;
    const what = error.keyword === 'required' ? `lacks '${p.missingProperty}'`
      : error.keyword === 'additionalProperties' ? `has '${p.additionalProperty}', which a save does not have`
        : error.keyword === 'type' ? `must be ${article(String(p.type))}`
          : error.keyword === 'const' ? `must be '${p.allowedValue}'`
            : error.keyword === 'oneOf' ? 'must be null or an outcome (kind, winners, reason)'
              : error.keyword === 'pattern' ? 'must be 8 hexadecimal digits'
                : error.keyword === 'minimum' ? `must be at least ${p.limit}`
                  : error.keyword === 'maximum' ? `must be at most ${p.limit}`
                : error.keyword === 'enum' ? `must be one of ${(p.allowedValues as unknown[]).join(', ')}`
                  : error.message ?? error.keyword;
    said.add(`${where} ${what}`);
  }
  // A save with a thousand bad moves needs the first few named, not all of them.
  const all = [...said];
  return all.length > 10 ? [...all.slice(0, 10), `… and ${all.length - 10} more`] : all;
}

function article(type: string): string {
  return type.split(',').map((t) => ({ integer: 'a whole number', string: 'a text', null: 'null', object: 'an object', array: 'a list' } as Record<string, string>)[t] ?? t).join(' or ');
}
