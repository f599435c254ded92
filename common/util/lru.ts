/**
 * A map that keeps at most `cap` entries and forgets the least recently used one first, in
 * constant time per call whatever its size: a Map's insertion order is its recency (an entry
 * read or written is moved to the end), so the one to forget is always the first.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly cap: number) {
    if (!(cap >= 1)) throw new RangeError("LruMap: cap must be at least 1");
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Stores the value as the most recently used; past the cap, the least recently used goes. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.cap) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  /** Keys from the least to the most recently used. */
  keys(): IterableIterator<K> {
    return this.entries.keys();
  }
}
