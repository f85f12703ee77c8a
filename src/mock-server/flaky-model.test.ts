import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import type { Protocol } from "../cases/schema.js";
import { grade } from "../grade/grade.js";
import { encodeNativeReply } from "../grade/native.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { renderPrompt } from "../protocols/render.js";
import { flakyCaseIds, flakyScript } from "./flaky-model.js";
import { type ChatBody, type ScriptedReply, startMockServer } from "./openai-server.js";
import { SCRIPTED_PROTOCOLS } from "./perfect-model.js";

/** Real processes and servers on a shared two-core machine: these take 10–15 s under load, so allow 90. */
const SLOW_UNDER_LOAD = 90_000;

const cases = loadCases(DEFAULT_CASES_FILE);
const body = (index: number, protocol: Protocol = "json", extra: Record<string, unknown> = {}): ChatBody => {
  const testCase = cases[index];
  if (!testCase) throw new Error(`no case ${index}`);
  return { model: "mock-model", ...renderPrompt(testCase, protocol), ...extra };
};
const asked = (occurrence: number) => ({ number: occurrence, occurrence });
const outputOf = (protocol: Protocol, reply: ScriptedReply) =>
  protocol === "native"
    ? encodeNativeReply(reply.content ?? null, reply.tool_calls ?? [])
    : (reply.content ?? "");

describe("flakyCaseIds", () => {
  it("picks exactly round(share · cases), the same set whatever the case order", () => {
    for (const share of [0, 0.25, 0.3, 1])
      expect(flakyCaseIds(cases, { share, seed: 4 }).size).toBe(Math.round(share * cases.length));
    expect(flakyCaseIds([...cases].reverse(), { share: 0.3, seed: 4 })).toEqual(
      flakyCaseIds(cases, { share: 0.3, seed: 4 }),
    );
    expect(flakyCaseIds(cases, { share: 0.3, seed: 5 })).not.toEqual(
      flakyCaseIds(cases, { share: 0.3, seed: 4 }),
    );
  });

  it("refuses a share outside [0, 1]", () => {
    expect(() => flakyCaseIds(cases, { share: 1.2, seed: 1 })).toThrow(/flaky share must be in \[0, 1\]/);
    expect(() => flakyScript(cases, { share: 0.5, seed: 1, pass: -1 })).toThrow(/flaky pass/);
  });
});

describe("flakyScript", () => {
  it("answers right where the grader passes and wrong where it fails, for every case and protocol", () => {
    const right = flakyScript(cases, { share: 1, seed: 1, pass: 1 });
    const wrong = flakyScript(cases, { share: 1, seed: 1, pass: 0 });
    let checked = 0;
    cases.forEach((testCase, index) => {
      for (const protocol of SCRIPTED_PROTOCOLS) {
        const grades = [right, wrong].map(
          (script) =>
            grade(testCase, {
              id: testCase.id,
              protocol,
              output: outputOf(protocol, script(body(index, protocol), asked(1))),
            }).passed,
        );
        expect(grades, `${testCase.id} (${protocol})`).toEqual([true, false]);
        checked++;
      }
    });
    expect(checked).toBe(cases.length * 4);
  });

  it("answers a flaky case at random across repeats of the same body, reproducibly for a seed", () => {
    const options = { share: 0.5, seed: 7 };
    const flaky = flakyCaseIds(cases, options);
    const flakyIndex = cases.findIndex((c) => flaky.has(c.id));
    const stableIndex = cases.findIndex((c) => !flaky.has(c.id));
    const draws = (seed: number, index: number) => {
      const script = flakyScript(cases, { ...options, seed });
      return Array.from({ length: 40 }, (_, i) => script(body(index), asked(i + 1)).content);
    };
    const first = draws(7, flakyIndex);
    // Built once each: a script renders every prompt of the corpus when it is made.
    const [rightAnswer, wrongAnswer] = [1, 0].map(
      (pass) => flakyScript(cases, { ...options, pass })(body(flakyIndex), asked(1)).content,
    );
    const right = first.filter((content) => content === rightAnswer).length;
    expect(
      first.filter((content) => content !== rightAnswer).every((content) => content === wrongAnswer),
    ).toBe(true);
    // 40 fair draws: between 10 and 30 right with probability above 0.998.
    expect(right).toBeGreaterThanOrEqual(10);
    expect(right).toBeLessThanOrEqual(30);
    expect(draws(7, flakyIndex)).toEqual(first);
    expect(new Set(draws(7, stableIndex)).size).toBe(1);
  });

  it("draws by the request's seed field when it has one, whatever the count", () => {
    const options = { share: 1, seed: 3 };
    const script = flakyScript(cases, options);
    const bySeed = (seed: number, occurrence: number) =>
      script(body(0, "json", { seed }), asked(occurrence)).content;
    for (const seed of [1, 2, 3]) expect(bySeed(seed, 5)).toBe(bySeed(seed, 1));
    expect(new Set(Array.from({ length: 30 }, (_, seed) => bySeed(seed, 1))).size).toBe(2);
  });

  it("refuses a prompt it does not know", () => {
    const script = flakyScript(cases, { share: 0.5, seed: 1 });
    expect(() => script({ model: "m", messages: [{ role: "user", content: "?" }] }, asked(1))).toThrow(
      /does not know/,
    );
  });
});

const ENTRY = join(PACKAGE_ROOT, "src/test-support/mock-server-process.ts");

/** Starts mock-server-process.ts; resolves with its URL, or with its exit code and stderr if it refuses. */
function serve(
  args: string[],
): Promise<{ child: ChildProcess; url: string | null; code: number | null; err: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY, ...args], {
    cwd: PACKAGE_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  return new Promise((resolve) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve({ child, url: out.trim(), code: null, err });
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on("exit", (code) => resolve({ child, url: null, code, err }));
  });
}

async function ask(url: string, request: ChatBody): Promise<string | null> {
  const response = await fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new Error(`the mock answered ${response.status}: ${await response.text()}`);
  const completion = (await response.json()) as { choices: { message: { content: string | null } }[] };
  return completion.choices[0]?.message.content ?? null;
}

describe("mock-server-process", () => {
  it(
    "serves the flaky model with --flaky P --seed S, answering as the library does",
    async () => {
      const options = { share: 0.5, seed: 3 };
      const flakyIndex = cases.findIndex((c) => flakyCaseIds(cases, options).has(c.id));
      const local = await startMockServer({ script: flakyScript(cases, options) });
      const served = await serve(["0", "--flaky", "0.5", "--seed", "3"]);
      try {
        expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
        const sequence = async (url: string) => {
          const replies: (string | null)[] = [];
          for (let i = 0; i < 12; i++) replies.push(await ask(url, body(flakyIndex)));
          return replies;
        };
        const fromProcess = await sequence(served.url ?? "");
        expect(new Set(fromProcess).size).toBe(2);
        expect(fromProcess).toEqual(await sequence(local.url));
      } finally {
        served.child.kill();
        await local.close();
      }
    },
    SLOW_UNDER_LOAD,
  );

  it(
    "still serves the perfect model without --flaky, and refuses a bad flag with one line and exit 2",
    async () => {
      const perfect = await serve(["0"]);
      try {
        const replies = new Set<string | null>();
        for (let i = 0; i < 5; i++) replies.add(await ask(perfect.url ?? "", body(0)));
        expect(replies.size).toBe(1);
      } finally {
        perfect.child.kill();
      }
      const refused = await serve(["0", "--flaky", "1.5"]);
      expect(refused).toMatchObject({ url: null, code: 2 });
      expect(refused.err).toBe('mock-server-process: --flaky expects a share in [0, 1], got "1.5"\n');
    },
    SLOW_UNDER_LOAD,
  );
});
