/**
 * Issue 24, limits on untrusted input, through the command line: YAML aliases and nesting in every YAML reader, line
 * length and file size in every reader (one 100 MB line ends in one line and bounded memory), a UTF-8 byte-order mark
 * accepted everywhere, invalid UTF-8 named with its file and byte offset, JSON nesting bounded. Each refusal is one
 * clear line and exit 2, never a stack, a heap exhaustion or a silent U+FFFD.
 */
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_DIR, DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-limits-");
const at = (name: string) => join(dir.path, name);
const FIXTURES = join(PACKAGE_ROOT, "src/import/fixtures");
const PLAN_FIXTURES = join(PACKAGE_ROOT, "src/plans/data/fixtures");
const QUERIES = join(DATA_DIR, "plans/queries.jsonl");
const ENTRY = join(PACKAGE_ROOT, "src/test-support/cli-entry.ts");
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

/** Exit 2 and exactly one line on stderr matching `message`; nothing on stdout. */
async function refused(argv: string[], message: RegExp) {
  const result = await cli(...argv);
  expect(result.err).toMatch(message);
  expect(result.err.trim().split("\n")).toHaveLength(1);
  expect(result.err).not.toMatch(/internal error|^\s+at /m);
  expect(result.code).toBe(2);
  expect(result.out).toBe("");
}

/** Runs `work` with environment variables set, restoring them after. */
async function withEnv<T>(vars: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await work();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

const results = at("results.json");
beforeAll(async () => {
  expect(
    (await cli("run", "--backend", "oracle", "--protocol", "json", "--limit", "4", "--out", results)).code,
  ).toBe(0);
  // Every best plan as a planner's plan: plan lines `plan score` reads against the queries.
  const plans = readFileSync(QUERIES, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { query_id: string; best_plan: unknown })
    .map((q) =>
      JSON.stringify({
        query_id: q.query_id,
        planner: "best",
        prompt_type: "without_lineage",
        plan: q.best_plan,
      }),
    );
  writeFileSync(at("plans.jsonl"), `${plans.join("\n")}\n`);
  writeFileSync(
    at("outputs.jsonl"),
    `${JSON.stringify({ id: "calculator-en-01", protocol: "json", output: '{"name": "calculator"}' })}\n`,
  );
}, 60_000);
afterAll(() => dir.remove());

describe("one 100 MB line in an import", () => {
  // Many small objects: JSON.parse would build them all (about 40× the line in memory) before any check.
  const huge = at("huge.jsonl");
  beforeAll(() => {
    const fd = openSync(huge, "w");
    writeSync(fd, '{"id": "simple_0", "question": [[');
    const item = '{"role": "user", "content": "a"}, ';
    const chunk = item.repeat(Math.floor((1 << 20) / item.length));
    for (let mb = 0; mb < 100; mb++) writeSync(fd, chunk);
    writeSync(fd, '{"role": "user", "content": "a"}]], "function": []}\n');
    closeSync(fd);
  });

  it.each([
    ["bfcl", ["import", "bfcl", "--questions", huge]],
    ["when2call", ["import", "when2call", huge]],
  ])("import %s: one line, exit 2, within a 128 MB heap", (_name, argv) => {
    const out = at(`huge-${_name}.jsonl`);
    // A real process with a capped heap: before, V8 ran out of heap (exit 134) with a stack on stderr.
    const child = spawnSync(
      process.execPath,
      ["--max-old-space-size=128", "--import", "tsx", ENTRY, ...argv, "--out", out],
      { cwd: PACKAGE_ROOT, encoding: "utf8" },
    );
    expect(child.stderr).toBe(
      `tooluse: ${huge}:1: line longer than 16 MiB; a longer line is refused (raise TOOLUSE_MAX_LINE_BYTES if it is meant to be this long)\n`,
    );
    expect(child.status).toBe(2);
    expect(existsSync(out)).toBe(false);
  });
});

describe("line and file limits are configurable", () => {
  it("a line over TOOLUSE_MAX_LINE_BYTES is refused in every line reader; raised, it is read", async () => {
    const long = { id: "calculator-en-01", protocol: "json", output: "x".repeat(3000) };
    writeFileSync(at("long.jsonl"), `${JSON.stringify(long)}\n`);
    const [first] = readFileSync(DEFAULT_CASES_FILE, "utf8").split("\n");
    writeFileSync(
      at("cases.jsonl"),
      `${JSON.stringify({ ...JSON.parse(first as string), padding: "x".repeat(3000) })}\n`,
    );
    await withEnv({ TOOLUSE_MAX_LINE_BYTES: "2000" }, async () => {
      await refused(
        ["grade", "--cases", DEFAULT_CASES_FILE, "--outputs", at("long.jsonl")],
        /long\.jsonl:1: line longer than 2000 bytes; a longer line is refused \(raise TOOLUSE_MAX_LINE_BYTES/,
      );
      await refused(
        ["run", "--backend", "oracle", "--cases", at("cases.jsonl"), "--out", at("never.json")],
        /cases\.jsonl:1: line longer than 2000 bytes/,
      );
      await refused(
        ["plan", "score", "--queries", QUERIES, "--plans", at("plans.jsonl")],
        /queries\.jsonl:\d+: line longer than 2000 bytes/,
      );
    });
    await withEnv({ TOOLUSE_MAX_LINE_BYTES: "4000" }, async () => {
      expect((await cli("grade", "--cases", DEFAULT_CASES_FILE, "--outputs", at("long.jsonl"))).code).toBe(0);
    });
  });

  it("a file over TOOLUSE_MAX_INPUT_BYTES is refused, streamed or read whole", async () => {
    await withEnv({ TOOLUSE_MAX_INPUT_BYTES: "1000" }, async () => {
      await refused(["report", results], /results\.json: larger than 1000 bytes; .*TOOLUSE_MAX_INPUT_BYTES/);
      await refused(
        ["grade", "--cases", DEFAULT_CASES_FILE, "--outputs", at("outputs.jsonl")],
        /tooluse1\.jsonl: larger than 1000 bytes/,
      );
    });
  });

  it("a limit that is not a number of bytes is named", async () => {
    await withEnv({ TOOLUSE_MAX_LINE_BYTES: "16M" }, async () => {
      await refused(
        ["report", results],
        /TOOLUSE_MAX_LINE_BYTES: expected a whole number of bytes, got "16M"/,
      );
    });
  });
});

describe("YAML aliases and nesting, in every YAML reader", () => {
  const bomb = [
    'a: &a ["x","x","x","x","x","x","x","x","x"]',
    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]",
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]",
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]",
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]",
    "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]",
    "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]",
  ].join("\n");
  const corpus = (name: string, source: string) => {
    const folder = at(name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "VERSION"), "9.9.9\n");
    writeFileSync(join(folder, "calculator.en.yaml"), source);
    return folder;
  };
  const readers = (file: string, folder: string): string[][] => [
    ["run", "--config", file],
    ["plan", "experiment", "--config", file, "--dry-run"],
    ["build", "--corpus", folder, "--data", at(`${folder}-data`)],
  ];

  it("an alias bomb: one line naming the file (before: an internal error with a stack)", async () => {
    writeFileSync(at("bomb.yaml"), `${bomb}\nmodels: *g\nplanners: *g\n`);
    const folder = corpus("bomb-corpus", `${bomb}\n- *g\n`.replace(/^(\w): /gm, "- $1: "));
    for (const argv of readers(at("bomb.yaml"), folder))
      await refused(argv, /\.yaml: YAML aliases expand too far \(more than 100 alias expansions\)/);
  });

  it("nesting a million levels deep: one line naming the file and line", async () => {
    const deep = `models: ${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}\n`;
    writeFileSync(at("deep.yaml"), deep);
    const folder = corpus("deep-corpus", `- ${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}\n`);
    for (const argv of readers(at("deep.yaml"), folder))
      await refused(argv, /\.yaml:1: nested deeper than 256 levels/);
  });

  it("an alias inside the node it names (a value that contains itself)", async () => {
    writeFileSync(at("cycle.yaml"), "models: &m\n  - name: a\n    backend: oracle\n    self: *m\n");
    await refused(
      ["run", "--config", at("cycle.yaml")],
      /cycle\.yaml:4: a YAML alias inside the node it names/,
    );
  });
});

describe("a UTF-8 byte-order mark is accepted by every reader", () => {
  const withBom = (file: string, name: string) => {
    writeFileSync(at(name), Buffer.concat([BOM, readFileSync(file)]));
    return at(name);
  };

  it("results JSON (before: an invisible-character JSON error)", async () => {
    const plain = await cli("report", results);
    const bom = await cli("report", withBom(results, "bom-results.json"));
    expect(bom.err).toBe("");
    expect(bom.code).toBe(0);
    expect(bom.out).toBe(plain.out);
  });

  it("cases, outputs, query lines, a config, a release CSV and a system prompt", async () => {
    writeFileSync(at("prompt.txt"), "Use these tools:\n{{tools}}\n");
    writeFileSync(
      at("config.yaml"),
      `out: ${at("matrix")}\nprotocols: [json]\nmodels:\n  - name: o\n    backend: oracle\n`,
    );
    const pairs: [string[], string[]][] = [
      [
        ["grade", "--cases", DEFAULT_CASES_FILE, "--outputs", at("outputs.jsonl")],
        [
          "grade",
          "--cases",
          withBom(DEFAULT_CASES_FILE, "bom-cases.jsonl"),
          "--outputs",
          withBom(at("outputs.jsonl"), "bom-outputs.jsonl"),
        ],
      ],
      [
        ["plan", "score", "--queries", QUERIES, "--plans", at("plans.jsonl"), "--json"],
        [
          ...["plan", "score", "--queries", withBom(QUERIES, "bom-queries.jsonl")],
          ...["--plans", withBom(at("plans.jsonl"), "bom-plans.jsonl"), "--json"],
        ],
      ],
      [
        ["plan", "import", "--queries", join(PLAN_FIXTURES, "queries.csv"), "--out-queries", at("q1.jsonl")],
        [
          "plan",
          "import",
          "--queries",
          withBom(join(PLAN_FIXTURES, "queries.csv"), "bom-queries.csv"),
          "--out-queries",
          at("q2.jsonl"),
        ],
      ],
    ];
    for (const [plain, bom] of pairs) {
      const a = await cli(...plain);
      const b = await cli(...bom);
      expect(b.err, bom.join(" ")).toBe(a.err);
      expect(b.code).toBe(0);
      expect(b.out.replaceAll("q2.jsonl", "q1.jsonl")).toBe(a.out);
    }
    expect(readFileSync(at("q2.jsonl"), "utf8")).toBe(readFileSync(at("q1.jsonl"), "utf8"));
    const config = await cli("run", "--config", withBom(at("config.yaml"), "bom-config.yaml"));
    expect(config.code).toBe(0);
    const prompted = await cli(
      ...["run", "--backend", "oracle", "--protocol", "json", "--limit", "2"],
      ...[
        "--system-prompt-file",
        `json=${withBom(at("prompt.txt"), "bom-prompt.txt")}`,
        "--out",
        at("prompted.json"),
      ],
    );
    expect(prompted.code).toBe(0);
  });
});

describe("invalid UTF-8 names the file and the byte offset", () => {
  /** `text` with the bytes of `@@` replaced by an invalid sequence (0xC3 0x28); the offset of the bad byte. */
  function broken(name: string, text: string): { file: string; offset: number; line: number } {
    const bytes = Buffer.from(text);
    const offset = bytes.indexOf("@@");
    bytes[offset] = 0xc3;
    bytes[offset + 1] = 0x28;
    writeFileSync(at(name), bytes);
    return { file: at(name), offset, line: text.slice(0, text.indexOf("@@")).split("\n").length };
  }
  const message = ({ file, offset, line }: { file: string; offset: number; line: number }) =>
    new RegExp(
      `^tooluse: ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: invalid UTF-8 at byte ${offset} \\(line ${line}\\); save the file as UTF-8\\n$`,
    );

  it("in an import (before: silently replaced by U+FFFD)", async () => {
    const [first, second] = readFileSync(join(FIXTURES, "when2call.jsonl"), "utf8").trim().split("\n");
    const record = JSON.parse(second as string);
    record.question = `${record.question} @@`;
    const when2call = broken("w2c.jsonl", `${first}\n${JSON.stringify(record)}\n`);
    await refused(["import", "when2call", when2call.file, "--out", at("w2c-out.jsonl")], message(when2call));
    expect(existsSync(at("w2c-out.jsonl"))).toBe(false);
    const questions = readFileSync(join(FIXTURES, "bfcl-questions.jsonl"), "utf8").replace("e", "@@");
    const bfcl = broken("bfcl-q.jsonl", questions);
    await refused(["import", "bfcl", "--questions", bfcl.file, "--out", at("bfcl-out.jsonl")], message(bfcl));
  });

  it("in results, cases, outputs, a config and a release CSV", async () => {
    const resultsText = readFileSync(results, "utf8").replace('"oracle"', '"ora@@cle"');
    const badResults = broken("bad-results.json", resultsText);
    await refused(["report", badResults.file], message(badResults));
    const casesText = readFileSync(DEFAULT_CASES_FILE, "utf8")
      .split("\n")
      .slice(0, 3)
      .join("\n")
      .replace("What", "Wh@@at");
    const badCases = broken("bad-cases.jsonl", `${casesText}\n`);
    await refused(
      ["run", "--backend", "oracle", "--cases", badCases.file, "--out", at("x.json")],
      message(badCases),
    );
    const outputs = broken(
      "bad-outputs.jsonl",
      readFileSync(at("outputs.jsonl"), "utf8").replace("calculator\\", "calc@@ulator\\"),
    );
    await refused(["grade", "--cases", DEFAULT_CASES_FILE, "--outputs", outputs.file], message(outputs));
    const config = broken("bad-config.yaml", "out: x\nmodels:\n  - name: o@@\n    backend: oracle\n");
    await refused(["run", "--config", config.file], message(config));
    const csv = broken(
      "bad.csv",
      readFileSync(join(PLAN_FIXTURES, "queries.csv"), "utf8").replace("customers", "custo@@mers"),
    );
    await refused(
      ["plan", "import", "--queries", csv.file, "--out-queries", at("bad-q.jsonl")],
      message(csv),
    );
  });
});

describe("JSON nested deeper than any input needs", () => {
  const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  it("in a results file, an outputs line and a cases line: one line, exit 2", async () => {
    const stored = JSON.parse(readFileSync(results, "utf8"));
    stored.records[0].extra = "@DEEP@";
    writeFileSync(at("deep.json"), JSON.stringify(stored).replace('"@DEEP@"', deep(100_000)));
    await refused(["report", at("deep.json")], /deep\.json: nested deeper than 256 levels/);
    const line = JSON.stringify({ id: "calculator-en-01", protocol: "json", output: "x", extra: "@DEEP@" });
    writeFileSync(at("deep-outputs.jsonl"), `${line.replace('"@DEEP@"', deep(100_000))}\n`);
    await refused(
      ["grade", "--cases", DEFAULT_CASES_FILE, "--outputs", at("deep-outputs.jsonl")],
      /deep-outputs\.jsonl:1: nested deeper than 256 levels/,
    );
    const testCase = JSON.parse(readFileSync(DEFAULT_CASES_FILE, "utf8").split("\n")[0] as string);
    testCase.note = "@DEEP@";
    writeFileSync(at("deep-cases.jsonl"), `${JSON.stringify(testCase).replace('"@DEEP@"', deep(5_000))}\n`);
    await refused(
      ["run", "--backend", "oracle", "--cases", at("deep-cases.jsonl"), "--out", at("y.json")],
      /deep-cases\.jsonl:1: nested deeper than 256 levels/,
    );
  });
});
