/**
 * Answers already built, by URL. The data never changes under a running database, so a
 * repeated request (the same page for a whole class) costs a map lookup instead of a
 * query and a concatenation. Least recently used answers go first past `maxBytes`.
 * Holds bodies (Buffers) by default, or any value with the size of its bytes.
 */
export class ResponseCache<V = Buffer> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 32 * 2 ** 20,
    private readonly sizeOf: (value: V) => number = (value) => (value as Buffer).length,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: V) {
    if (this.sizeOf(value) > this.maxBytes / 8) return; // one huge page must not flush everything
    const old = this.entries.get(key);
    if (old) this.bytes -= this.sizeOf(old);
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += this.sizeOf(value);
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= this.sizeOf(v);
    }
  }
}
