/**
 * Memoizes a pure one-argument function in a bounded cache of two generations: hits are looked up in
 * the young Map, then the old one (and promoted); when the young Map reaches `capacity` it becomes the
 * old one and the previous old one is dropped. Memory stays within 2 × `capacity` entries however many
 * distinct keys a long-running process sees, keys in use survive, and a hit costs one Map lookup
 * (an exact LRU would reorder the Map on every hit).
 */
export const boundedMemo = <K, V>(compute: (key: K) => V, capacity: number): ((key: K) => V) => {
  let young = new Map<K, V>();
  let old = new Map<K, V>();
  return (key) => {
    const hit = young.get(key);
    if (hit !== undefined) return hit;
    const value = old.get(key) ?? compute(key);
    if (young.size >= capacity) {
      old = young;
      young = new Map();
    }
    young.set(key, value);
    return value;
  };
};
