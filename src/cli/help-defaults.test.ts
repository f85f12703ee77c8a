/** Issue 30 item 6: help prints numeric defaults as numbers, never as quoted strings. */
import { describe, expect, it } from "vitest";
import { captureIo } from "../test-support/capture-io.js";
import { main } from "./main.js";

describe("help", () => {
  it("prints numeric defaults as numbers", async () => {
    for (const argv of [
      ["run", "--help"],
      ["plan", "generate", "--help"],
      ["plan", "refine", "--help"],
    ]) {
      const io = captureIo();
      await main(argv, io);
      expect(io.out, argv.join(" ")).toMatch(/\(default: \d+\)/);
      expect(io.out, argv.join(" ")).not.toMatch(/\(default: "\d+(\.\d+)?"\)/);
    }
  });
});
