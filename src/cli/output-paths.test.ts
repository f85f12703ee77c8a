/**
 * Every output flag of every command, given what is not a regular file (issue 24, "`--force` replaces what it should
 * write to"): `-` writes to stdout (the command's summary moves to stderr), a FIFO is written through to its reader,
 * /dev/null and /dev/full are written into, a symbolic link keeps being a link; none of them is ever replaced by a
 * regular file, with or without --force. Write failures are one line and exit 1.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { fifoWithReader } from "../test-support/fifo.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-outputs-");
const at = (name: string) => join(dir.path, name);
const FIXTURES = join(PACKAGE_ROOT, "src/import/fixtures");
const PLAN_FIXTURES = join(PACKAGE_ROOT, "src/plans/data/fixtures");

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

let fresh = 0;
/** A path no earlier step used (a run's own --out must be new each time). */
const unique = (name: string) => at(`${fresh++}-${name}`);

const oracleRun = (...extra: string[]) => [
  ...["run", "--backend", "oracle", "--protocol", "json", "--limit", "2"],
  ...extra,
];

const isResults = (text: string) => JSON.parse(text).format === "tooluse.results/1";
const isHtml = (text: string) => text.startsWith("<!doctype html>");
const isJunit = (text: string) => text.startsWith("<?xml") && text.includes("<testsuites");
const isCsv = (text: string) => text.split("\r\n")[0]?.startsWith("model,") === true;
const isJsonLines = (text: string) =>
  text.trim().length > 0 &&
  text
    .trim()
    .split("\n")
    .every((line) => typeof JSON.parse(line) === "object");
const isPaperCsv = (text: string) => text.split(/\r?\n/).length > 2 && text.includes(",");

interface OutputFlag {
  name: string;
  argv: (out: string) => string[];
  /** True when the text is what this output holds. */
  check: (text: string) => boolean;
}

/** One entry per output flag of every command that writes one (model-asking plan commands share their writer). */
const OUTPUT_FLAGS: OutputFlag[] = [
  { name: "run --out", argv: (out) => oracleRun("--out", out), check: isResults },
  { name: "run --csv", argv: (out) => oracleRun("--out", unique("r.json"), "--csv", out), check: isCsv },
  {
    name: "run --junit",
    argv: (out) => oracleRun("--out", unique("r.json"), "--junit", out),
    check: isJunit,
  },
  { name: "report --html", argv: (out) => ["report", at("a.json"), "--html", out], check: isHtml },
  { name: "report --csv", argv: (out) => ["report", at("a.json"), "--csv", out], check: isCsv },
  { name: "report --junit", argv: (out) => ["report", at("a.json"), "--junit", out], check: isJunit },
  {
    name: "grade --out",
    argv: (out) => ["grade", "--cases", DEFAULT_CASES_FILE, "--outputs", at("outputs.jsonl"), "--out", out],
    check: isJsonLines,
  },
  {
    name: "merge --out",
    argv: (out) => ["merge", at("s1.json"), at("s2.json"), "--out", out],
    check: isResults,
  },
  {
    name: "import bfcl --out",
    argv: (out) => [
      ...["import", "bfcl", "--questions", join(FIXTURES, "bfcl-questions.jsonl")],
      ...["--answers", join(FIXTURES, "bfcl-answers.jsonl"), "--out", out],
    ],
    check: isJsonLines,
  },
  {
    name: "import when2call --out",
    argv: (out) => ["import", "when2call", join(FIXTURES, "when2call.jsonl"), "--out", out],
    check: isJsonLines,
  },
  {
    name: "plan import --out-queries",
    argv: (out) => ["plan", "import", "--queries", join(PLAN_FIXTURES, "queries.csv"), "--out-queries", out],
    check: isJsonLines,
  },
  {
    name: "plan export --out",
    argv: (out) => ["plan", "export", "--queries", at("queries.jsonl"), "--out", out],
    check: isPaperCsv,
  },
  {
    name: "plan score --out",
    argv: (out) => [
      "plan",
      "score",
      "--queries",
      at("queries.jsonl"),
      "--plans",
      at("plans.jsonl"),
      "--out",
      out,
    ],
    check: isJsonLines,
  },
  {
    name: "plan report --html",
    argv: (out) => ["plan", "report", "--scores", at("scores.jsonl"), "--html", out],
    check: isHtml,
  },
  {
    name: "run --config --html",
    argv: (out) => ["run", "--config", at("matrix.yaml"), "--html", out],
    check: isHtml,
  },
];

beforeAll(async () => {
  writeFileSync(
    at("outputs.jsonl"),
    `${JSON.stringify({ id: "calculator-en-01", protocol: "json", output: "{}" })}\n`,
  );
  const cases = readFileSync(DEFAULT_CASES_FILE, "utf8").split("\n").slice(0, 2);
  writeFileSync(at("two-cases.jsonl"), `${cases.join("\n")}\n`);
  writeFileSync(
    at("matrix.yaml"),
    [
      `out: ${at("matrix")}`,
      "protocols: [json]",
      "suites:",
      "  - name: two",
      `    cases: ${at("two-cases.jsonl")}`,
      "models:",
      "  - name: oracle",
      "    backend: oracle",
      "",
    ].join("\n"),
  );
  const steps = [
    oracleRun("--out", at("a.json")),
    oracleRun("--out", at("s1.json"), "--shard", "1/2"),
    oracleRun("--out", at("s2.json"), "--shard", "2/2"),
    [
      ...["plan", "import", "--queries", join(PLAN_FIXTURES, "queries.csv")],
      ...["--plans", join(PLAN_FIXTURES, "plans.csv")],
      ...["--out-queries", at("queries.jsonl"), "--out-plans", at("plans.jsonl")],
    ],
    [
      "plan",
      "score",
      "--queries",
      at("queries.jsonl"),
      "--plans",
      at("plans.jsonl"),
      "--out",
      at("scores.jsonl"),
    ],
  ];
  for (const argv of steps) {
    const result = await cli(...argv);
    if (result.code !== 0) throw new Error(`fixture ${argv.join(" ")} failed: ${result.err}`);
  }
}, 120_000);
afterAll(() => dir.remove());

const oneLine = (err: string) => err.trimEnd().split("\n").filter(Boolean);

describe.each(OUTPUT_FLAGS)("$name", ({ argv, check }) => {
  it("- writes the output to stdout and the command's own lines to stderr", async () => {
    const { code, out, err } = await cli(...argv("-"));
    expect(err).not.toMatch(/this is a bug|at .*\.ts:\d+/);
    expect(code).toBe(0);
    expect(check(out)).toBe(true);
    expect(existsSync("-")).toBe(false);
  });

  it("writes through a FIFO to its reader, with --force, and leaves it a FIFO", async () => {
    const { fifo, received, reader } = fifoWithReader(unique("fifo"));
    try {
      const { code, err } = await cli(...argv(fifo), "--force");
      expect(err).not.toMatch(/this is a bug/);
      expect(code).toBe(0);
      expect(check(await received())).toBe(true);
      expect(lstatSync(fifo).isFIFO()).toBe(true);
    } finally {
      reader.kill();
    }
  });

  it("writes into /dev/null, with --force, and leaves it the device it was", async () => {
    const before = statSync("/dev/null");
    const { code, err } = await cli(...argv("/dev/null"), "--force");
    expect(err).not.toMatch(/this is a bug/);
    expect(code).toBe(0);
    const after = lstatSync("/dev/null");
    expect(after.isCharacterDevice()).toBe(true);
    expect(after.rdev).toBe(before.rdev);
    expect(after.ino).toBe(before.ino);
    // A run sent to a device keeps no journal beside it.
    expect(existsSync("/dev/null.journal.jsonl")).toBe(false);
  });

  it("replaces the file a symbolic link names with --force, refuses without, and keeps the link a link", async () => {
    const target = unique("target");
    writeFileSync(target, "precious\n");
    const link = unique("link");
    symlinkSync(target, link);
    const refused = await cli(...argv(link));
    expect(refused.code).toBe(2);
    expect(oneLine(refused.err)).toHaveLength(1);
    expect(refused.err).toContain("already exists; pass --force");
    expect(readFileSync(target, "utf8")).toBe("precious\n");
    const { code, err } = await cli(...argv(link), "--force");
    expect(err).not.toMatch(/this is a bug/);
    expect(code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(check(readFileSync(target, "utf8"))).toBe(true);
  });

  it("a full device (/dev/full) is one line and exit 1, and stays a device", async () => {
    const { code, out, err } = await cli(...argv("/dev/full"), "--force");
    expect(code).toBe(1);
    expect(err).toMatch(/^tooluse: \/dev\/full: cannot write: no space left on the device \(ENOSPC\)/m);
    expect(err).not.toMatch(/this is a bug|at .*\.ts:\d+/);
    expect(out).not.toContain("tooluse:");
    expect(lstatSync("/dev/full").isCharacterDevice()).toBe(true);
  });
});

describe("stdout and special files, across flags", () => {
  it("/dev/stdout is stdout, never a file that replaces the link", async () => {
    const before = readlinkSync("/dev/stdout");
    const { code, out } = await cli("report", at("a.json"), "--csv", "/dev/stdout", "--force");
    expect(code).toBe(0);
    expect(isCsv(out)).toBe(true);
    expect(lstatSync("/dev/stdout").isSymbolicLink()).toBe(true);
    expect(readlinkSync("/dev/stdout")).toBe(before);
  });

  it("refuses two outputs on stdout, and --json next to one, by name", async () => {
    for (const [argv, line] of [
      [["report", at("a.json"), "--csv", "-", "--junit", "-"], "--junit and --csv both write to stdout"],
      [oracleRun("--out", "-", "--csv", "-"), "--out and --csv both write to stdout"],
      [oracleRun("--out", "-", "--json"), "--json and --out - both write to stdout"],
    ] as const) {
      const { code, out, err } = await cli(...argv);
      expect(code).toBe(2);
      expect(oneLine(err)).toHaveLength(1);
      expect(err).toContain(line);
      expect(out).toBe("");
    }
  });

  it("a FIFO nobody reads is one line and exit 1, never a hang", async () => {
    const fifo = unique("unread");
    execFileSync("mkfifo", [fifo]);
    const { code, err } = await cli("report", at("a.json"), "--csv", fifo);
    expect(code).toBe(1);
    expect(oneLine(err)).toEqual([
      `tooluse: ${fifo}: cannot write: no process is reading the FIFO; start its reader first`,
    ]);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it("a run to stdout writes the whole results file there and keeps no journal", async () => {
    const before = new Set(readdirSync(dir.path));
    const { code, out, err } = await cli(...oracleRun("--out", "-"));
    expect(code).toBe(0);
    expect(JSON.parse(out).counts.scored).toBe(2);
    expect(err).toContain("results: stdout");
    expect(readdirSync(dir.path).filter((name) => !before.has(name))).toEqual([]);
    expect(existsSync("-.journal.jsonl")).toBe(false);
  });

  it("an input that is a device or a FIFO is named for what it is, not called a folder", async () => {
    const fifo = unique("input-fifo");
    execFileSync("mkfifo", [fifo]);
    for (const [path, what] of [
      ["/dev/null", "a character device"],
      [fifo, "a FIFO (named pipe)"],
    ] as const) {
      const { code, err } = await cli("report", path);
      expect(code).toBe(2);
      expect(oneLine(err)).toEqual([
        `tooluse: FILE ${path}: is ${what}, not a regular file; save what it gives to a file and give that file`,
      ]);
    }
  });
});
