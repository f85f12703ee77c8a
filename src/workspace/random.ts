/**
 * Seeded randomness for the workspace generator: no Math.random, no clock. Every draw comes from a stream named by
 * the seed and a label, so adding a field to one table never shifts the values of another.
 */

/** FNV-1a over the parts, then a murmur3 finaliser: a 32-bit seed that changes with every part. */
export function hashParts(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${String(part)}\u0000`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A weighted choice: the value and its relative weight (need not sum to 1). */
export type Weighted<T> = readonly (readonly [T, number])[];

/**
 * sfc32 (Chris Doty-Humphrey's small fast counter): 128 bits of state, passes PractRand to 2^60 bytes, and is a
 * few lines; its four words are seeded through splitmix32 so that nearby seeds give unrelated streams.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** A stream for one purpose: the same seed and label always give the same draws. */
  static of(...parts: readonly (string | number)[]): Random {
    return new Random(hashParts(...parts));
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(values: readonly T[]): T {
    if (values.length === 0) throw new Error("pick from an empty list");
    return values[Math.floor(this.next() * values.length)] as T;
  }

  weighted<T>(choices: Weighted<T>): T {
    let total = 0;
    for (const [, weight] of choices) total += weight;
    let point = this.next() * total;
    for (const [value, weight] of choices) {
      point -= weight;
      if (point < 0) return value;
    }
    const last = choices[choices.length - 1];
    if (!last) throw new Error("weighted choice from an empty list");
    return last[0];
  }

  /** Standard normal (Box–Muller; the second value is dropped to keep the stream simple). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given median and log-space spread. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** A copy of `values` in random order (Fisher–Yates). */
  shuffle<T>(values: readonly T[]): T[] {
    const out = [...values];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

/** Clamps `value` into [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
