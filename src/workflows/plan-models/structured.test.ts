import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type MockServer, startMockServer } from "../../mock-server/openai-server.js";
import { openSession } from "../../runner/session.js";
import { tempDir } from "../../test-support/temp.js";
import { replyObject } from "../reply-object.js";
import { askStructured, readStructured } from "./structured.js";

describe("replyObject", () => {
  it("reads a bare object, a fenced one and one inside prose", () => {
    expect(replyObject('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(replyObject('Here:\n```json\n{"a": 2}\n```\nDone.')).toEqual({ ok: true, value: { a: 2 } });
    expect(replyObject('My verdict {"a": 3} as asked.')).toEqual({ ok: true, value: { a: 3 } });
  });

  it("is not fooled by braces inside strings or by a brace in the prose before", () => {
    expect(replyObject('The set {x} is empty. {"reason": "a } b {", "n": 1}')).toEqual({
      ok: true,
      value: { reason: "a } b {", n: 1 },
    });
  });

  it("looks outside a fence that holds no object", () => {
    expect(replyObject('```text\nok\n```\n{"a": 4}')).toEqual({ ok: true, value: { a: 4 } });
  });

  it("says why when there is no object", () => {
    expect(replyObject("score: 20")).toEqual({ ok: false, message: "no JSON object in the answer" });
    const bad = replyObject("{score: 20}");
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^invalid JSON/);
  });
});

describe("readStructured", () => {
  const spec = {
    schema: z.strictObject({ score: z.number() }),
    check: (v: { score: number }) => (v.score > 10 ? `score ${v.score} is outside 0–10` : null),
  };
  it("separates shape errors from range errors", () => {
    expect(readStructured('{"score": 5}', spec)).toEqual({ ok: true, value: { score: 5 } });
    expect(readStructured('{"score": "5"}', spec)).toMatchObject({ ok: false, code: "malformed" });
    expect(readStructured('{"score": 5, "extra": 1}', spec)).toMatchObject({ ok: false, code: "malformed" });
    expect(readStructured('{"score": 50}', spec)).toMatchObject({ ok: false, code: "out-of-range" });
  });
});

describe("askStructured", () => {
  let server: MockServer | undefined;
  let cache: ReturnType<typeof tempDir>;
  beforeEach(() => {
    cache = tempDir();
  });
  afterEach(async () => {
    await server?.close();
    cache.remove();
  });
  const spec = { schema: z.strictObject({ score: z.number() }) };
  const prompt = { key: "k", messages: [{ role: "user" as const, content: "judge" }] };

  it("sends one repair request with the error and accepts the repaired answer", async () => {
    server = await startMockServer({
      script: (body) => ({ content: body.messages.length > 1 ? '{"score": 7}' : "It is a seven." }),
    });
    const session = await openSession({ model: "mock-model", baseUrl: server.url, cacheDir: cache.path });
    const result = await askStructured(session, prompt, spec);
    expect(result).toEqual({ ok: true, value: { score: 7 }, raw: ["It is a seven.", '{"score": 7}'] });
    expect(server.requests).toBe(2);
    expect(server.bodies[1]?.messages.at(-1)?.content).toContain("no JSON object in the answer");
  });

  it("records a failure after the one repair, never a third request", async () => {
    server = await startMockServer({ script: () => ({ content: "seven" }) });
    const session = await openSession({ model: "mock-model", baseUrl: server.url, cache: false });
    const result = await askStructured(session, prompt, spec);
    expect(result).toMatchObject({ ok: false, code: "malformed", raw: ["seven", "seven"] });
    expect(server.requests).toBe(2);
  });

  it("records a failed request as a request error", async () => {
    server = await startMockServer({ script: () => ({ content: "{}" }), fault: () => "500" });
    const session = await openSession({ model: "mock-model", baseUrl: server.url, cache: false, retries: 0 });
    const result = await askStructured(session, prompt, spec);
    expect(result).toMatchObject({ ok: false, code: "request-error", raw: [] });
  });
});
