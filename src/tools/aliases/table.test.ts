import { describe, expect, it } from "vitest";
import { buildAliasMap, forms, lookupKey } from "./table.js";

describe("buildAliasMap", () => {
  it("maps each alias and the canonical value itself, folded like input", () => {
    const map = buildAliasMap("test", [["saint petersburg", ["St. Petersburg", "СПб", "«Питер»"]]]);
    expect(map.get(lookupKey("Saint Petersburg"))).toBe("saint petersburg");
    expect(map.get(lookupKey("st petersburg"))).toBe("saint petersburg");
    expect(map.get(lookupKey("спб"))).toBe("saint petersburg");
    expect(map.get(lookupKey("питер"))).toBe("saint petersburg");
  });

  it("throws at build time when two rows claim one alias", () => {
    expect(() =>
      buildAliasMap("test", [
        ["a", ["x"]],
        ["b", ["X."]],
      ]),
    ).toThrow('test alias "X." maps to both "a" and "b"');
  });

  it("allows a row to repeat an alias", () => {
    expect(buildAliasMap("test", [["a", ["x", "x", "A"]]]).get("x")).toBe("a");
  });
});

describe("forms", () => {
  it("appends each ending to the stem", () => {
    expect(forms("рубл", ["ь", "я", "ей"])).toEqual(["рубль", "рубля", "рублей"]);
  });
});

describe("lookupKey", () => {
  it("folds case, quotes, dots, hyphens and final punctuation", () => {
    expect(lookupKey(" «Санкт-Петербург». ")).toBe("санкт петербург");
    expect(lookupKey("U.S. Dollars")).toBe("us dollars");
  });
});
