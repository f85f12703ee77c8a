/**
 * Issue 28: `Backend` is model-only. A model backend is asked the rendered prompt and settings and never sees the
 * benchmark case; the rule baseline, the reference answerers (oracle, always-call, never-call) and replay are case
 * answerers that the runner's answer source hands the case. Through `tooluse run` every one of them answers exactly
 * what it answered when the case still travelled inside every backend request.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CaseAnswerer } from "../backends/case-answerer.js";
import type { Backend, ModelRequest, RequestContext } from "../backends/types.js";
import { loadCases } from "../cases/load.js";
import { main } from "../cli/main.js";
import { gradingProfile } from "../grade/profiles.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { SINGLE_CALL } from "../protocols/prompts.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { answerRequest } from "./answer-source.js";
import { sha256 } from "./canonical-json.js";
import { execute } from "./execute.js";

const cases = loadCases(DEFAULT_CASES_FILE).slice(0, 3);
const settings = { temperature: 0, max_tokens: 64, enable_thinking: null, seed: null };
const dir = tempDir("tooluse-answer-source-");
afterAll(() => dir.remove());

function executeWith(backend: Backend | CaseAnswerer) {
  return execute({
    cases,
    protocols: ["json", "native"],
    backend,
    settings,
    promptOptions: SINGLE_CALL,
    grader: gradingProfile("tooluse"),
    concurrency: 1,
    retries: 0,
    done: new Set(),
    cache: null,
    signal: new AbortController().signal,
    onRecord: () => {},
  });
}

describe("the runner's answer source", () => {
  it("asks a model backend the rendered prompt and settings, and never hands it the case", async () => {
    const asked: { request: ModelRequest; context: string[] }[] = [];
    const model: Backend = {
      kind: "spy",
      model: "spy",
      cacheable: false,
      async complete(request: ModelRequest, context: RequestContext) {
        asked.push({ request, context: Object.keys(context).sort() });
        return { text: "no", finish_reason: "stop", prompt_tokens: 1, completion_tokens: 1 };
      },
    };
    await executeWith(model);
    expect(asked).toHaveLength(6);
    for (const { request, context } of asked) {
      expect(context).toEqual(["signal"]);
      expect(request.settings).toEqual(settings);
      expect(request.messages.at(-1)?.role).toBe("user");
    }
    expect(asked.filter((a) => a.request.tools !== undefined)).toHaveLength(3);
  });

  it("hands a case answerer the case and protocol of each record", async () => {
    const asked: string[] = [];
    const answerer: CaseAnswerer = {
      kind: "spy",
      model: "spy",
      cacheable: false,
      async answer(testCase, protocol, signal) {
        expect(signal).toBeInstanceOf(AbortSignal);
        asked.push(`${testCase.id}/${protocol}`);
        return { text: "no", finish_reason: "stop", prompt_tokens: null, completion_tokens: null };
      },
    };
    await executeWith(answerer);
    expect(asked.sort()).toEqual(cases.flatMap((c) => [`${c.id}/json`, `${c.id}/native`]).sort());
  });

  it("refuses a prompt without a case for a case answerer: a fatal settings error, not a retry", () => {
    const answerer: CaseAnswerer = {
      kind: "baseline",
      model: "rule-baseline-1",
      cacheable: false,
      answer: () => Promise.reject(new Error("never asked")),
    };
    const prompt = { messages: [{ role: "user" as const, content: "plan this" }], settings };
    expect(() => answerRequest(answerer, prompt, undefined, new AbortController().signal)).toThrow(
      expect.objectContaining({
        name: "FatalBackendError",
        fix: "settings",
        message: "the baseline backend answers only benchmark cases; use a model backend here",
      }),
    );
  });
});

describe("the Backend interface knows no benchmark", () => {
  const source = (path: string) => readFileSync(join(PACKAGE_ROOT, "src/backends", path), "utf8");

  it("RequestContext carries the signal alone, and backends/types.ts imports nothing from cases/", () => {
    const types = source("types.ts");
    const context = types.match(/export interface RequestContext \{([^}]*)\}/)?.[1];
    expect(context?.trim()).toBe("signal: AbortSignal;");
    expect(types).not.toMatch(/from "\.\.\/cases\//);
    expect(types).not.toMatch(/testCase|benchmarkSubject/);
  });

  it("no model backend module imports cases/ or reads a request's case", () => {
    // The modules that build a `Backend` (a model): the case answerers build a `CaseAnswerer` instead.
    const modelBackends = ["openai.ts", "replicas.ts", "llama.ts", "transformers.ts", "http-fetch.ts"];
    const answerers = ["reference.ts", "replay.ts", "baseline/index.ts"];
    for (const file of modelBackends) {
      expect(source(file), file).not.toMatch(/from "\.\.\/cases\/|testCase/);
    }
    for (const file of answerers) {
      expect(source(file), file).toMatch(/\): CaseAnswerer \{/);
      expect(source(file), file).not.toMatch(/\bBackend\b[^"]*\{|RequestContext/);
    }
  });
});

/**
 * What the answerer decides in a record (not the grader's verdict): the same bytes as on main before the split. The
 * digests were computed there (9a8ab3c) from `run --sample 40 --protocol json,xml,plain,native` per backend.
 */
const BEFORE: Record<string, string> = {
  baseline: "a9f8314f21fb16698c8f84e222cd7b862788cf58fa235ad4aacdbe09020f9732",
  oracle: "c136864b194bbb6567370b08644617d2d8db073f8e24423da03486a307b5bcc6",
  "always-call": "0a2c513ad0ff6ca0972aadf7ce78417419aecf6ba10928e8789fc0dc6752c091",
  "never-call": "3c802c0b044b8f7e1bbaeabc00aae7fc386e387e9f147d1f85187095976834da",
  replay: "c14e08eea025cd5e5329f66733801474f8c1b70d617976564f27a9ef564d350d",
};

let runs = 0;
async function runWith(backend: string, ...extra: string[]) {
  // A run leaves its journal beside its results: every run gets its own file.
  const out = join(dir.path, `${backend}-${++runs}.json`);
  const io = captureIo();
  const argv = [
    "run",
    "--backend",
    backend,
    ...extra,
    "--sample",
    "40",
    "--protocol",
    "json,xml,plain,native",
  ];
  const code = await main([...argv, "--no-cache", "--force", "--out", out], io);
  expect(code, io.err).toBe(0);
  const results = JSON.parse(readFileSync(out, "utf8"));
  const answered = results.records.map((r: Record<string, unknown>) => ({
    id: r.id,
    protocol: r.protocol,
    status: r.status,
    output: r.output,
    finish_reason: r.finish_reason,
    prompt_tokens: r.prompt_tokens,
    completion_tokens: r.completion_tokens,
    attempts: r.attempts,
    cached: r.cached,
  }));
  return { model: results.model as string, answered, digest: sha256(JSON.stringify(answered)) };
}

describe("tooluse run answers through every case answerer exactly as before", () => {
  for (const backend of ["baseline", "oracle", "always-call", "never-call"]) {
    it(backend, async () => {
      const { model, answered, digest } = await runWith(backend);
      expect(model).toBe(backend === "baseline" ? "rule-baseline-1" : backend);
      expect(answered).toHaveLength(160);
      expect(digest).toBe(BEFORE[backend]);
    });
  }

  it("replay, from the oracle's outputs", async () => {
    const oracle = await runWith("oracle");
    const file = join(dir.path, "outputs.jsonl");
    const lines = oracle.answered.map((r: Record<string, unknown>) =>
      JSON.stringify({ id: r.id, protocol: r.protocol, output: r.output }),
    );
    writeFileSync(file, `${lines.join("\n")}\n`);
    const replayed = await runWith("replay", "--outputs", file);
    expect(replayed.answered.map((r: Record<string, unknown>) => r.output)).toEqual(
      oracle.answered.map((r: Record<string, unknown>) => r.output),
    );
    expect(replayed.digest).toBe(BEFORE.replay);
  });
});
