/**
 * Answers already built, by URL. The data never changes under a running database, so a
 * repeated request (the same page for a whole class) costs a map lookup instead of a
 * query and a concatenation. Least recently used answers go first past `maxBytes`.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 2 ** 20) {}

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, body: Buffer) {
    if (body.length > this.maxBytes / 8) return; // one huge page must not flush everything
    const old = this.entries.get(key);
    if (old) this.bytes -= old.length;
    this.entries.delete(key);
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }
}
