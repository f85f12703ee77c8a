/**
 * Issue 30 item 6, one CLI dialect, through the command line's entry (`main`): one name per concept with the old
 * names as hidden deprecated aliases, --json on stdout, the same plan score table with or without --out, choices
 * and groups in help, and Examples at the end of every command's help that parse as typed.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKEND_KINDS } from "../backends/spec.js";
import { PROTOCOLS } from "../cases/schema.js";
import { GRADING_PROFILES } from "../grade/profiles.js";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN, REFUND_QUERY } from "../plans/paper-examples.js";
import { EXPORT_FORMATS } from "../review/export-format.js";
import { taskKinds } from "../review/kinds/lookup.js";
import { MODEL_BACKENDS } from "../runner/session.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { FLAG_CHOICES } from "./flag-choices.js";
import { commandNames, main, parseOnly } from "./main.js";
import { AGREE_KINDS } from "./plan-agree.js";

const dir = tempDir("tooluse-dialect-");
const at = (name: string) => join(dir.path, name);

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

const write = (name: string, lines: readonly unknown[]) => {
  writeFileSync(at(name), lines.map((line) => JSON.stringify(line)).join("\n"));
  return at(name);
};
const queries = write("queries.jsonl", [
  { query_id: "q1", query: REFUND_QUERY, best_plan: REFUND_BEST_PLAN },
]);
const plans = write("plans.jsonl", [
  { query_id: "q1", planner: "initial", prompt_type: "x", plan: REFUND_INITIAL_PLAN },
  { query_id: "q1", planner: "best", prompt_type: "x", plan: REFUND_BEST_PLAN },
]);

let server: MockServer;
beforeAll(async () => {
  // A judge that always answers the same valid judgement: enough to see which model name a request carries.
  const scores = { validity: 1, consistency: 1, completeness: 5, redundancy: 5 };
  const content = JSON.stringify({
    rationale: "x",
    scores: { R1: scores, R2: scores, R3: scores },
    decision: "R1",
  });
  server = await startMockServer({ models: ["judge-a"], script: () => ({ content }) });
  for (const [name, backend] of [
    ["a.json", "oracle"],
    ["b.json", "never-call"],
  ] as const) {
    const run = await cli(
      "run",
      "--backend",
      backend,
      "--protocol",
      "json",
      "--limit",
      "3",
      "--out",
      at(name),
    );
    if (run.code !== 0) throw new Error(`fixture run failed: ${run.err}`);
  }
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

describe("--queries is the one name of the queries file", () => {
  it("plan score, judge and report take --queries; --reference still works, with one deprecation line", async () => {
    const current = await cli("plan", "score", "--queries", queries, "--plans", plans);
    expect(current).toMatchObject({ code: 0, err: "" });
    const old = await cli("plan", "score", "--reference", queries, "--plans", plans);
    expect(old.code).toBe(0);
    expect(old.out).toBe(current.out);
    expect(old.err).toBe("tooluse: --reference is deprecated, use --queries\n");
    const scores = at("scores.jsonl");
    await cli("plan", "score", "--queries", queries, "--plans", plans, "--out", scores);
    const report = await cli("plan", "report", "--scores", scores, "--reference", queries, "--json");
    expect(report.err).toBe("tooluse: --reference is deprecated, use --queries\n");
    expect(JSON.parse(report.out).breakdowns.length).toBeGreaterThan(0);
    for (const command of ["score", "judge", "report"]) {
      const help = (await cli("plan", command, "--help")).out;
      expect(help, command).toContain("--queries <file>");
      expect(help, command).not.toContain("--reference");
    }
  });

  it("both names given: one line, exit 2, nothing printed", async () => {
    const both = await cli("plan", "score", "--queries", queries, "--reference", queries, "--plans", plans);
    expect(both.code).toBe(2);
    expect(both.out).toBe("");
    expect(both.err).toMatch(
      /^tooluse: --reference and --queries are one flag under two names; give only --queries; [^\n]+\n$/,
    );
  });

  it("negative control: a command that never had --reference does not take it", async () => {
    const generate = await cli(
      "plan",
      "generate",
      "--model",
      "m",
      "--queries",
      queries,
      "--reference",
      queries,
    );
    expect(generate.code).toBe(2);
    expect(generate.err).toMatch(/^tooluse: unknown option '--reference'/);
  });
});

describe("--model is the one name of the model", () => {
  const answers = () =>
    write("responses.jsonl", [{ query_id: "q1", query: "Q", responses: { R1: "a", R2: "b", R3: "c" } }]);
  const flags = (out: string) => [
    "--base-url",
    server.url,
    "--responses",
    answers(),
    "--no-cache",
    "--out",
    at(out),
  ];

  it("plan answers takes --model; --judge-model still works, with one deprecation line", async () => {
    const current = await cli("plan", "answers", "--model", "judge-a", ...flags("current.jsonl"));
    expect(current.code, current.err).toBe(0);
    const old = await cli("plan", "answers", "--judge-model", "judge-a", ...flags("old.jsonl"));
    expect(old.code, old.err).toBe(0);
    expect(old.err.split("\n")[0]).toBe("tooluse: --judge-model is deprecated, use --model");
    const judge = (file: string) => JSON.parse(readFileSync(at(file), "utf8").split("\n")[0] ?? "").judge;
    expect(judge("old.jsonl")).toBe("judge-a");
    expect(judge("old.jsonl")).toBe(judge("current.jsonl"));
    expect((await cli("plan", "judge", "--help")).out).not.toContain("--judge-model");
  });

  it("both names given: one line, exit 2", async () => {
    for (const [command, inputs] of [
      ["answers", ["--responses", answers()]],
      ["judge", ["--queries", queries, "--plans", plans]],
    ] as const) {
      const both = await cli(
        "plan",
        command,
        "--model",
        "a",
        "--judge-model",
        "b",
        "--base-url",
        server.url,
        ...inputs,
      );
      expect(both.code, command).toBe(2);
      expect(both.err, command).toMatch(
        /^tooluse: --judge-model and --model are one flag under two names[^\n]+\n$/,
      );
    }
  });
});

describe("--json prints one JSON document on stdout", () => {
  it("report --json: every run's summary, and the leaderboard of several", async () => {
    const one = await cli("report", at("a.json"), "--json");
    expect(one).toMatchObject({ code: 0, err: "" });
    const stored = JSON.parse(readFileSync(at("a.json"), "utf8"));
    const json = stored.summary.by_protocol.json;
    expect(JSON.parse(one.out).runs[0]).toMatchObject({
      file: at("a.json"),
      backend: "oracle",
      // The summary report recomputes from the records (src/report/verify.ts): the stored score, and n.
      summary: { by_protocol: { json: { score: json.score, n: json.n } } },
    });
    const two = JSON.parse((await cli("report", at("a.json"), at("b.json"), "--json")).out);
    expect(two.runs).toHaveLength(2);
    expect(two.leaderboard[0]).toMatchObject({ rank: 1, run: 0, protocol: "json" });
  });

  it("selftest --json: every runner's and control's result, and whether all agree", async () => {
    const text = await cli("selftest");
    const json = await cli("selftest", "--json");
    expect(json).toMatchObject({ code: text.code, err: "" });
    const result = JSON.parse(json.out);
    expect(result.passed).toBe(text.out.endsWith("selftest passed\n"));
    expect(result.runners.length).toBeGreaterThan(0);
    expect(result.controls.length).toBeGreaterThan(0);
  });

  it("regrade --json: outcomes and score before and after, the file still written", async () => {
    const regraded = await cli(
      "regrade",
      at("a.json"),
      "--rules",
      "spec1",
      "--out",
      at("a-spec1.json"),
      "--json",
    );
    expect(regraded).toMatchObject({ code: 0, err: "" });
    const change = JSON.parse(regraded.out);
    const written = JSON.parse(readFileSync(at("a-spec1.json"), "utf8"));
    expect(change).toMatchObject({ to: { profile: "spec1" }, out: at("a-spec1.json") });
    expect(change.score.after).toBe(written.summary.score);
    expect(change.verdicts).toBe(written.counts.scored);
  });

  it("merge --json: the merged run's counts and summary", async () => {
    const shards = [at("shard-0.json"), at("shard-1.json")];
    for (const [i, shard] of ["1/2", "2/2"].entries())
      expect(
        (
          await cli(
            "run",
            "--backend",
            "oracle",
            "--protocol",
            "json",
            "--limit",
            "3",
            "--shard",
            shard,
            "--out",
            shards[i] as string,
          )
        ).code,
      ).toBe(0);
    const merged = await cli("merge", ...shards, "--out", at("merged.json"), "--json");
    expect(merged).toMatchObject({ code: 0, err: "" });
    const summary = JSON.parse(merged.out);
    expect(summary).toMatchObject({ shards: 2, counts: { records: 3, scored: 3, errors: 0 } });
    expect(summary.summary).toEqual(JSON.parse(readFileSync(at("merged.json"), "utf8")).summary);
  });

  it("negative control: report --json with --format md is refused in one line", async () => {
    const refused = await cli("report", at("a.json"), "--json", "--format", "md");
    expect(refused).toMatchObject({ code: 2, out: "" });
    expect(refused.err).toMatch(/^tooluse: --json and --format md both choose what is printed; give one\n$/);
  });
});

describe("plan score prints the same table with or without --out", () => {
  it("the table either way; the score lines only to --out, and `--out -` puts them on stdout", async () => {
    const bare = await cli("plan", "score", "--queries", queries, "--plans", plans);
    const filed = await cli(
      "plan",
      "score",
      "--queries",
      queries,
      "--plans",
      plans,
      "--out",
      at("table.jsonl"),
    );
    expect(bare.out).toMatch(/^planner\s+prompt type\s+plans/);
    expect(bare.out).toBe(filed.out);
    const piped = await cli("plan", "score", "--queries", queries, "--plans", plans, "--out", "-");
    expect(piped.out).toBe(readFileSync(at("table.jsonl"), "utf8"));
    expect(piped.err).toBe(bare.out);
  });
});

describe("help", () => {
  it("lists the choices of flags with a fixed set", async () => {
    const listed: [string[], string, readonly string[]][] = [
      [["run"], "--protocol", FLAG_CHOICES.protocol],
      [["run"], "--rules", FLAG_CHOICES.rules],
      [["run"], "--backend", FLAG_CHOICES.runBackend],
      [["run"], "--format", FLAG_CHOICES.format],
      [["grade"], "--rules", FLAG_CHOICES.rules],
      [["regrade"], "--rules", FLAG_CHOICES.rules],
      [["report"], "--format", FLAG_CHOICES.format],
      [["plan", "report"], "--format", FLAG_CHOICES.format],
      [["plan", "generate"], "--prompt-type", FLAG_CHOICES.promptType],
      [["plan", "generate"], "--thinking", FLAG_CHOICES.thinking],
      [["plan", "judge"], "--backend", FLAG_CHOICES.modelBackend],
      [["plan", "agree"], "--kind", FLAG_CHOICES.agreeKind],
      [["review", "add"], "--kind", FLAG_CHOICES.reviewKind],
      [["review", "export"], "--format", FLAG_CHOICES.exportFormat],
    ];
    for (const [command, flag, choices] of listed) {
      const help = (await cli(...command, "--help")).out.replace(/\s+/g, " ");
      const entry = help.slice(help.indexOf(` ${flag} <`));
      const end = entry.indexOf(`(choices: ${choices.map((choice) => JSON.stringify(choice)).join(", ")}`);
      expect(end, `${command.join(" ")} ${flag}`).toBeGreaterThan(0);
      // The choices are those of this flag: no other flag's entry starts between the flag and them.
      expect(entry.slice(0, end).match(/ --[a-z-]+ <[^>]+> /g), `${command.join(" ")} ${flag}`).toHaveLength(
        1,
      );
    }
  });

  it("the listed choices are the sets the commands accept", () => {
    expect(FLAG_CHOICES.rules).toEqual(GRADING_PROFILES);
    expect(FLAG_CHOICES.runBackend).toEqual(BACKEND_KINDS);
    expect(FLAG_CHOICES.modelBackend).toEqual(MODEL_BACKENDS);
    expect(FLAG_CHOICES.protocol).toEqual([...PROTOCOLS, "all"]);
    expect(FLAG_CHOICES.reviewKind).toEqual(taskKinds());
    expect(FLAG_CHOICES.exportFormat).toEqual(EXPORT_FORMATS);
    expect([...FLAG_CHOICES.agreeKind].sort()).toEqual([...AGREE_KINDS].sort());
  });

  it("groups run's flags, and the model flags of every model-calling command", async () => {
    const run = (await cli("run", "--help")).out;
    const headings = run.split("\n").filter((line) => /^\S.*:$/.test(line));
    expect(headings).toEqual([
      "Model:",
      "Cases:",
      "Output:",
      "Grading:",
      "Config file:",
      "Options:",
      "Examples:",
    ]);
    const options = run.slice(run.indexOf("\nOptions:\n"), run.indexOf("\nExamples:\n"));
    expect(options.trim().split("\n")).toEqual([
      "Options:",
      "  -h, --help                            display help for command",
    ]);
    for (const command of ["generate", "judge", "refine", "answers", "execute"]) {
      const help = (await cli("plan", command, "--help")).out;
      const model = help.slice(
        help.indexOf("\nModel:\n"),
        help.indexOf("\n\n", help.indexOf("\nModel:\n") + 1),
      );
      for (const flag of ["--base-url", "--backend", "--model", "--thinking"])
        expect(model, `${command} ${flag}`).toContain(`\n  ${flag} `);
    }
  });

  it("review add and export list the parent flags they read, and not the ones they refuse", async () => {
    const add = (await cli("review", "add", "--help")).out;
    expect(add).toMatch(/--db <file>\s+review database/);
    expect(add).not.toMatch(/--annotator|--host|--port/);
    const exported = (await cli("review", "export", "--help")).out;
    expect(exported).toMatch(/--db <file>/);
    expect(exported).toMatch(/--annotator <name>/);
    expect(exported).not.toMatch(/--host|--port/);
  });
});

/** The `$ tooluse …` lines of a help text's Examples section, as argv. */
function examplesOf(help: string): string[][] {
  const section = help.slice(help.indexOf("\nExamples:\n"));
  return section
    .split("\n")
    .filter((line) => line.startsWith("  $ tooluse "))
    .map((line) => line.slice("  $ tooluse ".length).split(" "));
}

/** Commander checks flags, required flags and `.choices()`; help-only choices (flag-choices.ts) are checked here. */
async function checkExample(argv: string[]): Promise<void> {
  const command = await parseOnly(argv);
  for (const option of command.options) {
    const value = command.getOptionValue(option.attributeName());
    if (!option.argChoices || command.getOptionValueSource(option.attributeName()) !== "cli") continue;
    for (const item of String(value).split(","))
      if (!option.argChoices.includes(item))
        throw new Error(`${option.long} ${value}: not one of ${option.argChoices}`);
  }
  for (const deprecated of ["--reference", "--judge-model"])
    if (argv.includes(deprecated)) throw new Error(`${deprecated} is deprecated`);
}

describe("Examples at the end of every command's help", () => {
  for (const name of commandNames()) {
    it(`${name}: two or three, each parsing as typed`, async () => {
      const help = (await cli(...name.split(" "), "--help")).out;
      expect(help).toContain("\nExamples:\n");
      const examples = examplesOf(help);
      expect(examples.length).toBeGreaterThanOrEqual(2);
      expect(examples.length).toBeLessThanOrEqual(3);
      for (const argv of examples) {
        // The example is this command's (plan build's also names the lint it needs first), with no trailing comment.
        expect(argv.join(" ")).not.toContain("#");
        await checkExample(argv);
      }
      expect(examples.some((argv) => argv.join(" ").startsWith(name))).toBe(true);
    });
  }

  it("tooluse, plan and import (groups of commands): examples too, each parsing as typed", async () => {
    for (const group of [[], ["plan"], ["import"]]) {
      const examples = examplesOf((await cli(...group, "--help")).out);
      expect(examples.length, group.join(" ")).toBeGreaterThanOrEqual(2);
      for (const argv of examples) await checkExample(argv);
    }
  });

  it("negative control: the check refuses an unknown flag, a missing required flag and a bad choice", async () => {
    await expect(checkExample(["plan", "score", "--queries", "q", "--plans", "p", "--nope"])).rejects.toThrow(
      /unknown option '--nope'/,
    );
    await expect(checkExample(["plan", "score", "--plans", "p"])).rejects.toThrow(
      /required option '--queries <file>'/,
    );
    await expect(checkExample(["run", "--protocol", "json,yaml"])).rejects.toThrow(
      /--protocol json,yaml: not one of/,
    );
    await expect(checkExample(["plan", "score", "--reference", "q", "--plans", "p"])).rejects.toThrow(
      /deprecated/,
    );
  });
});
