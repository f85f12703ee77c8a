import { describe, expect, it } from "vitest";
import { isForeignQuestion } from "./foreign.js";

describe("a question in another language than the reply's is quoted material", () => {
  it("by script", () => {
    expect(isForeignQuestion("wie spät ist es", "cyrillic")).toBe(true);
    expect(isForeignQuestion("который час", "latin")).toBe(true);
    expect(isForeignQuestion("который час", "cyrillic")).toBe(false);
  });

  it("by Spanish inverted marks and by function words of another Latin-script language", () => {
    expect(isForeignQuestion("¿dónde está el museo", "latin")).toBe(true);
    expect(isForeignQuestion("où est la gare", "latin")).toBe(true);
    expect(isForeignQuestion("wo ist der bahnhof", "latin")).toBe(true);
    expect(isForeignQuestion("where is the station", "latin")).toBe(false);
    expect(isForeignQuestion("celsius or fahrenheit", "latin")).toBe(false);
  });
});
