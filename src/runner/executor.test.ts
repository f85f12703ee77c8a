import { describe, expect, it } from "vitest";
import { type Backend, FatalBackendError, type ModelRequest } from "../backends/types.js";
import { createExecutor, request } from "./executor.js";

const ask: ModelRequest = {
  messages: [{ role: "user", content: "hi" }],
  settings: { temperature: 0, max_tokens: 8, enable_thinking: null, seed: null },
};

function backend(complete: () => Promise<string>): Backend {
  return {
    kind: "test",
    model: "m",
    cacheable: false,
    complete: async () => ({
      text: await complete(),
      finish_reason: "stop",
      prompt_tokens: 1,
      completion_tokens: 1,
    }),
  };
}

const policy = (b: Backend) => ({
  backend: b,
  retries: 1,
  cache: null,
  signal: new AbortController().signal,
});

describe("request", () => {
  it("returns the answer with its attempts", async () => {
    const outcome = await request(ask, undefined, policy(backend(async () => "yes")), "r");
    expect(outcome).toMatchObject({ ok: true, completion: { text: "yes" }, attempts: 1, cached: false });
  });

  it("turns a request that fails after its retries into a value, never an exception", async () => {
    const outcome = await request(
      ask,
      undefined,
      policy(backend(async () => Promise.reject(new Error("boom")))),
      "r",
    );
    expect(outcome).toMatchObject({ ok: false, error: "Error: boom", attempts: 2 });
  });

  it("throws a fatal backend error: no record can fix it", async () => {
    const fatal = backend(async () => Promise.reject(new FatalBackendError("bad key")));
    await expect(request(ask, undefined, policy(fatal), "r")).rejects.toThrow("bad key");
  });
});

describe("createExecutor", () => {
  it("stops on the first failure: queued tasks never start and finish rethrows that failure", async () => {
    const executor = createExecutor({ concurrency: 1, signal: new AbortController().signal });
    const started: number[] = [];
    const tasks = [1, 2, 3].map((n) =>
      executor.run(async () => {
        started.push(n);
        if (n === 1) throw new TypeError("bug in a callback");
        return n;
      }),
    );
    const settled = await Promise.allSettled(tasks);
    expect(started).toEqual([1]);
    expect(settled.every((s) => s.status === "rejected")).toBe(true);
    expect(() => executor.finish()).toThrow("bug in a callback");
  });

  it("reports the caller's abort, not the aborted requests' errors", async () => {
    const caller = new AbortController();
    const executor = createExecutor({ concurrency: 2, signal: caller.signal });
    const task = executor.run(
      (signal) =>
        new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("cut")))),
    );
    caller.abort(new Error("interrupted"));
    await expect(task).rejects.toThrow();
    expect(() => executor.finish()).toThrow("interrupted");
  });

  it("runs every task and finishes quietly when nothing fails", async () => {
    const executor = createExecutor({ concurrency: 2, signal: new AbortController().signal });
    expect(await Promise.all([1, 2, 3].map((n) => executor.run(async () => n * 2)))).toEqual([2, 4, 6]);
    expect(() => executor.finish()).not.toThrow();
  });
});
