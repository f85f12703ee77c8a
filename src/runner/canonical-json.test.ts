/**
 * canonicalJson writes plain data directly and everything else through JSON.stringify's replacer: the two must give
 * the same text for every value, or a cache key, a verdict key or a journal's digest would change with the path.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, sha256 } from "./canonical-json.js";

/** The definition every earlier version used: the oracle. */
const reference = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );

const same = (value: unknown) => {
  expect(canonicalJson(value)).toBe(reference(value));
};

describe("canonicalJson", () => {
  it("gives the reference's text for any JSON value", () => {
    fc.assert(fc.property(fc.jsonValue(), same), { numRuns: 3000, seed: 28 });
  });

  it("gives the reference's text for any value at all (boxed, dates, maps, holes, null prototypes…)", () => {
    const anything = fc.anything({
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withSparseArray: true,
      withTypedArray: true,
      withObjectString: true,
      key: fc.oneof(fc.string(), fc.constantFrom("0", "1", "10", "01", "9a", "__proto__", "toJSON", "")),
    });
    fc.assert(
      fc.property(anything, (value) => {
        // BigInt is refused by both, alike.
        let expected: string | undefined;
        try {
          expected = reference(value);
        } catch {
          expect(() => canonicalJson(value)).toThrow();
          return;
        }
        expect(canonicalJson(value)).toBe(expected);
      }),
      { numRuns: 3000, seed: 28 },
    );
  });

  it("orders keys as the reference does where JSON.stringify lists array-index keys first", () => {
    same({ b: 1, 10: 2, 9: 3, a: { 2: [], "02": null, z: "x" } });
    same({ toJSON: () => "replaced", a: 1 });
    same([undefined, () => 1, Symbol("s"), Number.NaN, -0, 1e21]);
    // biome-ignore lint/suspicious/noSparseArray: a hole is one of the values under test
    same({ a: undefined, b: [1, , 3] });
    same("\ud800 lone surrogate");
  });

  it("refuses a cycle as the reference does (it never ends: its copies are new objects)", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(() => reference(cyclic)).toThrow(RangeError);
    expect(() => canonicalJson(cyclic)).toThrow(RangeError);
  });

  it("hashes as sha256 in hex", () => {
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
