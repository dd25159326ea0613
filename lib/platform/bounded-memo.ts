/**
 * A cache bounded by two generations: hits are looked up in the young Map, then the old one (and
 * promoted); when the young Map reaches `capacity` it becomes the old one and the previous old one
 * is dropped. Memory stays within 2 × `capacity` entries however many distinct keys a long-running
 * process sees, keys in use survive, and a hit costs one Map lookup (an exact LRU would reorder the
 * Map on every hit).
 */
export class BoundedCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }

  set(key: K, value: V) {
    if (this.young.size >= this.capacity) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  delete(key: K) {
    this.young.delete(key);
    this.old.delete(key);
  }

  clear() {
    this.young.clear();
    this.old.clear();
  }
}

/** Memoizes a pure one-argument function in a BoundedCache of `capacity`. */
export const boundedMemo = <K, V>(compute: (key: K) => V, capacity: number): ((key: K) => V) => {
  const cache = new BoundedCache<K, V>(capacity);
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = compute(key);
      cache.set(key, value);
    }
    return value;
  };
};
