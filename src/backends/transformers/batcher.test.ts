import { describe, expect, it } from "vitest";
import { Batcher } from "./batcher.js";

function recorder() {
  const batches: string[][] = [];
  const batcher = new Batcher<string, string>(3, async (inputs) => {
    batches.push(inputs);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return inputs.map((input) => input.toUpperCase());
  });
  return { batches, batcher };
}

const signal = () => new AbortController().signal;

describe("Batcher", () => {
  it("decodes requests that arrive together in batches of at most its size, in arrival order", async () => {
    const { batches, batcher } = recorder();
    const answers = await Promise.all(["a", "b", "c", "d", "e"].map((x) => batcher.submit(x, "k", signal())));
    expect(answers).toEqual(["A", "B", "C", "D", "E"]);
    expect(batches).toEqual([
      ["a", "b", "c"],
      ["d", "e"],
    ]);
  });

  it("never mixes keys (settings) in one batch", async () => {
    const { batches, batcher } = recorder();
    await Promise.all([
      batcher.submit("a", "16", signal()),
      batcher.submit("b", "256", signal()),
      batcher.submit("c", "16", signal()),
    ]);
    expect(batches).toEqual([["a", "c"], ["b"]]);
  });

  it("fails every request of a batch whose generation fails, and goes on with the next", async () => {
    let calls = 0;
    const batcher = new Batcher<string, string>(2, async (inputs) => {
      calls++;
      if (calls === 1) throw new Error("out of memory");
      return inputs;
    });
    const results = await Promise.allSettled(["a", "b", "c"].map((x) => batcher.submit(x, "k", signal())));
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "fulfilled"]);
  });

  it("drops a request aborted while it waits, and rejects it with the abort reason", async () => {
    const { batches, batcher } = recorder();
    const controller = new AbortController();
    const first = batcher.submit("a", "k", signal());
    const aborted = batcher.submit("b", "k", controller.signal);
    controller.abort(new Error("stop"));
    await expect(aborted).rejects.toThrow("stop");
    expect(await first).toBe("A");
    expect(batches).toEqual([["a"]]);
  });
});
