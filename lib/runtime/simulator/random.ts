/** A seeded PRNG (mulberry32): the simulator must be deterministic given its seed. */
export type Random = {
  next: () => number;
  between: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (probability: number) => boolean;
};

/** Mixes integers (seed, vehicle, day, purpose...) into one 32-bit seed (FNV-1a over the words). */
export const mixSeed = (...parts: number[]) => {
  let hash = 2_166_136_261;
  for (const part of parts) {
    for (const word of [part | 0, Math.floor(part / 4_294_967_296) | 0]) {
      hash = Math.imul(hash ^ word, 16_777_619);
      hash ^= hash >>> 13;
    }
  }
  return hash >>> 0;
};

export const createRandom = (...parts: number[]): Random => {
  let state = mixSeed(...parts);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    between: (min, max) => min + next() * (max - min),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
  };
};

/** Purposes keep the random streams of one vehicle-day independent of each other. */
export const STREAMS = { plan: 1, motion: 2, fault: 3, refuel: 4, sensor: 5, job: 6 } as const;
