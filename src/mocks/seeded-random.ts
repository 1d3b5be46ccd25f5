/** A deterministic source of numbers in [0, 1); the same seed always yields the same sequence. */
export type Rng = () => number;

/**
 * mulberry32: tiny and fast, with good enough statistics for test data. Not for anything secret
 * (request ids and token ids use `crypto.getRandomValues` instead).
 */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max], both inclusive. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick() needs a non-empty list');
  return item;
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A lowercase alphanumeric string, the shape of the suffix in `user_<suffix>`. */
export function randomSuffix(rng: Rng, length: number): string {
  let suffix = '';
  for (let i = 0; i < length; i += 1) suffix += ALPHANUMERIC[Math.floor(rng() * 36)];
  return suffix;
}
