/** The bots' own generator (xorshift32), kept apart from the match's dice so bots never shift the game's luck. */
export interface BotRandom { state: number }

export function advanceBot(random: BotRandom, below: number): number {
  let x = random.state;
  x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
  const next = x >>> 0;
  random.state = next;
  if (below <= 1) return 0;
  // The same remainder in two steps of small integers: \`next\` is often past 2^31, where V8 divides
  // in floating point (a call, at every decision of a playout).
  if (below > 0x7fff) return next % below;
  return ((((next >>> 16) % below) << 16) + (next & 0xffff)) % below;
}
