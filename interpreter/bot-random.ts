/** The bots' own generator (xorshift32), kept apart from the match's dice so bots never shift the game's luck. */
export interface BotRandom { state: number }

export function advanceBot(random: BotRandom, below: number): number {
  let x = random.state;
  x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
  random.state = x >>> 0;
  return below <= 1 ? 0 : random.state % below;
}
