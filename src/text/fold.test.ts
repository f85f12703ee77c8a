import { describe, expect, it } from "vitest";
import { foldText } from "./fold.js";

describe("foldText", () => {
  it("folds width, case and ё alike", () => {
    expect(foldText("ＡБЁ")).toBe("aбе"); // a Latin a: NFKC turns the full-width Ａ into it
    expect(foldText("Ёлка")).toBe(foldText("елка"));
    expect(foldText("ﬁ")).toBe("fi");
  });
});
