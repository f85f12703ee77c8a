import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAlternatives } from "./expected.js";
import { matchExpected } from "./structural.js";

const hasAlternatives = (value: unknown): boolean =>
  isAlternatives(value) ||
  (typeof value === "object" && value !== null && Object.values(value).some((v) => hasAlternatives(v)));

describe("matchExpected properties", () => {
  it("never throws, whatever the expected and actual values", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (expected, actual) => {
        matchExpected(undefined, expected, actual, "arg");
      }),
    );
  });

  it("matches every plain JSON value to itself, and to its JSON text (as the plain protocol sends it)", () => {
    fc.assert(
      fc.property(
        fc.jsonValue().filter((v) => !hasAlternatives(v)),
        (value) => {
          expect(matchExpected(undefined, value, value, "arg").ok).toBe(true);
          if (typeof value === "object" && value !== null) {
            expect(matchExpected(undefined, value, JSON.stringify(value), "arg").ok).toBe(true);
          }
        },
      ),
    );
  });
});
