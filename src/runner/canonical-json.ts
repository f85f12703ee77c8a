/** Canonical JSON (sorted keys, no spaces): equal values always hash the same. */
import { hash } from "node:crypto";

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** The sha256 of a text, in hex: one call (a cached re-run hashes some two thousand short texts). */
export function sha256(text: string): string {
  return hash("sha256", text, "hex");
}
