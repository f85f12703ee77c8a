/**
 * Every command, through the command line's entry (`main`, which bin/tooluse.js calls), against every class of bad
 * input that applies to it: one clean line on stderr (no stack), nothing on stdout, the documented exit code, and no
 * file written, replaced or half-written. A class that does not apply to a command (it has no output, no number)
 * is listed in NOT_APPLICABLE with the reason, and a test checks the list is exactly that.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_DIR, DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { commandNames, main } from "./main.js";

const dir = tempDir("tooluse-hostile-");
const at = (name: string) => join(dir.path, name);
const FIXTURES = join(PACKAGE_ROOT, "src/import/fixtures");
const PLAN_FIXTURES = join(PACKAGE_ROOT, "src/plans/data/fixtures");
const QUERIES = join(DATA_DIR, "plans/queries.jsonl");

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

/** Every file under the temporary folder with its size and modification time: what "nothing written" compares. */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(path, `${statSync(path).size}:${statSync(path).mtimeMs}`);
    }
  };
  walk(dir.path);
  return files;
}

beforeAll(async () => {
  writeFileSync(at("unrelated.txt"), "a file the user cares about\n");
  writeFileSync(at("a-file"), "not a folder\n");
  writeFileSync(
    at("outputs.jsonl"),
    `${JSON.stringify({ id: "calculator-en-01", protocol: "json", output: "{}" })}\n`,
  );
  writeFileSync(
    at("responses.jsonl"),
    `${JSON.stringify({ query_id: "q1", query: "x", responses: { R1: "a", R2: "b" } })}\n`,
  );
  const steps: [string, string[]][] = [
    ["run", ["run", "--backend", "oracle", "--protocol", "json", "--limit", "2", "--out", at("a.json")]],
    ["run", ["run", "--backend", "never-call", "--protocol", "json", "--limit", "2", "--out", at("b.json")]],
    [
      "plan import",
      [
        "plan",
        "import",
        "--queries",
        join(PLAN_FIXTURES, "queries.csv"),
        "--plans",
        join(PLAN_FIXTURES, "plans.csv"),
        "--out-queries",
        at("queries.jsonl"),
        "--out-plans",
        at("plans.jsonl"),
      ],
    ],
    [
      "plan score",
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
    ],
  ];
  for (const [name, argv] of steps) {
    const result = await cli(...argv);
    if (result.code !== 0) throw new Error(`fixture ${name} failed: ${result.err}`);
  }
});
afterAll(() => dir.remove());

type BadInput =
  | "missing file"
  | "folder as file"
  | "unwritable output"
  | "malformed number"
  | "conflicting flags"
  | "output = input"
  | "existing unrelated file";

interface Case {
  argv: () => string[];
  code: number;
  line: RegExp;
}

const missing = () => at("missing.jsonl");
const ENOENT = /^tooluse: --[a-z-]+ \S*missing\.jsonl: no such file or folder \(ENOENT\); check the path$/;
const FOLDER = /^tooluse: (--[a-z-]+|FILE) \S+: is a folder, not a file; give a file inside it$/;
const UNWRITABLE =
  /^tooluse: \S*a-file\/out\.\w+: cannot write: a part of the path is not a folder \(ENOTDIR\); choose a folder you can write to$/;
const SAME =
  /^tooluse: --[a-z-]+ \S+ is also the input (--[a-z-]+|FILE); writing it would destroy the input; choose another output file$/;
const EXISTS =
  /^tooluse: --[a-z-]+ \S*unrelated\.txt already exists; pass --force to replace it, or choose another file$/;

/** Each command's valid arguments with one part swapped for the bad one. */
const MATRIX: Record<string, Partial<Record<BadInput, Case>>> = {
  build: {
    "conflicting flags": {
      argv: () => ["build", "--out", "x"],
      code: 2,
      line: /^tooluse: unknown option '--out'; see --help$/,
    },
  },
  grade: {
    "missing file": {
      argv: () => ["grade", "--cases", DEFAULT_CASES_FILE, "--outputs", missing()],
      code: 2,
      line: ENOENT,
    },
    "folder as file": {
      argv: () => ["grade", "--cases", dir.path, "--outputs", at("outputs.jsonl")],
      code: 2,
      line: FOLDER,
    },
    "unwritable output": {
      argv: () => [
        "grade",
        "--cases",
        DEFAULT_CASES_FILE,
        "--outputs",
        at("outputs.jsonl"),
        "--out",
        at("a-file/out.jsonl"),
      ],
      code: 1,
      line: UNWRITABLE,
    },
    "output = input": {
      argv: () => [
        "grade",
        "--cases",
        DEFAULT_CASES_FILE,
        "--outputs",
        at("outputs.jsonl"),
        "--out",
        at("outputs.jsonl"),
      ],
      code: 2,
      line: SAME,
    },
    "existing unrelated file": {
      argv: () => [
        "grade",
        "--cases",
        DEFAULT_CASES_FILE,
        "--outputs",
        at("outputs.jsonl"),
        "--out",
        at("unrelated.txt"),
      ],
      code: 2,
      line: EXISTS,
    },
  },
  "import bfcl": {
    "missing file": {
      argv: () => ["import", "bfcl", "--questions", missing(), "--out", at("new.jsonl")],
      code: 2,
      line: ENOENT,
    },
    "folder as file": {
      argv: () => ["import", "bfcl", "--questions", dir.path, "--out", at("new.jsonl")],
      code: 2,
      line: FOLDER,
    },
    "unwritable output": {
      argv: () => [
        "import",
        "bfcl",
        "--questions",
        join(FIXTURES, "bfcl-questions.jsonl"),
        "--out",
        at("a-file/out.jsonl"),
      ],
      code: 1,
      line: UNWRITABLE,
    },
    "output = input": {
      argv: () => ["import", "bfcl", "--questions", at("outputs.jsonl"), "--out", at("outputs.jsonl")],
      code: 2,
      line: SAME,
    },
    "existing unrelated file": {
      argv: () => [
        "import",
        "bfcl",
        "--questions",
        join(FIXTURES, "bfcl-questions.jsonl"),
        "--out",
        at("unrelated.txt"),
      ],
      code: 2,
      line: EXISTS,
    },
  },
  "import when2call": {
    "missing file": {
      argv: () => ["import", "when2call", missing(), "--out", at("new.jsonl")],
      code: 2,
      line: /^tooluse: FILE \S*missing\.jsonl: no such file or folder \(ENOENT\); check the path$/,
    },
    "folder as file": {
      argv: () => ["import", "when2call", dir.path, "--out", at("new.jsonl")],
      code: 2,
      line: FOLDER,
    },
    "unwritable output": {
      argv: () => ["import", "when2call", join(FIXTURES, "when2call.jsonl"), "--out", at("a-file/out.jsonl")],
      code: 1,
      line: UNWRITABLE,
    },
    "output = input": {
      argv: () => ["import", "when2call", at("outputs.jsonl"), "--out", at("outputs.jsonl")],
      code: 2,
      line: SAME,
    },
    "existing unrelated file": {
      argv: () => ["import", "when2call", join(FIXTURES, "when2call.jsonl"), "--out", at("unrelated.txt")],
      code: 2,
      line: EXISTS,
    },
  },
  selftest: {
    "missing file": { argv: () => ["selftest", "--cases", missing()], code: 2, line: ENOENT },
    "folder as file": { argv: () => ["selftest", "--cases", dir.path], code: 2, line: FOLDER },
  },
  run: {
    "missing file": {
      argv: () => ["run", "--cases", missing(), "--out", at("new.json")],
      code: 2,
      line: ENOENT,
    },
    "folder as file": {
      argv: () => ["run", "--cases", dir.path, "--out", at("new.json")],
      code: 2,
      line: FOLDER,
    },
    "unwritable output": {
      argv: () => ["run", "--limit", "1", "--out", at("a-file/out.json")],
      code: 1,
      line: UNWRITABLE,
    },
    "malformed number": {
      argv: () => ["run", "--min-score", "0.8x", "--out", at("new.json")],
      code: 2,
      line: /^tooluse: --min-score: expected a number from 0 to 1, got "0\.8x"$/,
    },
    "conflicting flags": {
      argv: () => ["run", "--resume", at("a.json"), "--backend", "oracle"],
      code: 2,
      line: /^tooluse: --resume cannot be combined with --backend: a resumed run keeps the configuration it started with \(start a new run to change it\)$/,
    },
    "output = input": {
      argv: () => [
        "run",
        "--backend",
        "replay",
        "--outputs",
        at("outputs.jsonl"),
        "--out",
        at("outputs.jsonl"),
      ],
      code: 2,
      line: SAME,
    },
    "existing unrelated file": {
      argv: () => ["run", "--limit", "1", "--out", at("unrelated.txt")],
      code: 2,
      line: EXISTS,
    },
  },
  report: {
    "missing file": {
      argv: () => ["report", missing()],
      code: 2,
      line: /^tooluse: FILE \S*missing\.jsonl: no such file or folder \(ENOENT\); check the path$/,
    },
    "folder as file": { argv: () => ["report", dir.path], code: 2, line: FOLDER },
    "unwritable output": {
      argv: () => ["report", at("a.json"), "--html", at("a-file/out.html")],
      code: 1,
      line: UNWRITABLE,
    },
    "conflicting flags": {
      argv: () => ["report", at("a.json"), "--format", "csv"],
      code: 2,
      line: /^tooluse: option '--format <format>' argument 'csv' is invalid\. Allowed choices are text, md\.; see --help$/,
    },
    "output = input": { argv: () => ["report", at("a.json"), "--html", at("a.json")], code: 2, line: SAME },
    "existing unrelated file": {
      argv: () => ["report", at("a.json"), "--html", at("unrelated.txt")],
      code: 2,
      line: EXISTS,
    },
  },
  list: {
    "conflicting flags": {
      argv: () => ["list", "--out", "x"],
      code: 2,
      line: /^tooluse: unknown option '--out'; see --help$/,
    },
  },
  merge: {
    "missing file": {
      argv: () => ["merge", at("a.json"), missing(), "--out", at("m.json")],
      code: 2,
      line: /^tooluse: FILE \S*missing\.jsonl: no such file or folder \(ENOENT\); check the path$/,
    },
    "folder as file": { argv: () => ["merge", dir.path, "--out", at("m.json")], code: 2, line: FOLDER },
    "unwritable output": {
      argv: () => ["merge", at("a.json"), "--out", at("a-file/out.json")],
      code: 1,
      line: UNWRITABLE,
    },
    "output = input": { argv: () => ["merge", at("a.json"), "--out", at("a.json")], code: 2, line: SAME },
    "existing unrelated file": {
      argv: () => ["merge", at("a.json"), "--out", at("unrelated.txt")],
      code: 2,
      line: EXISTS,
    },
  },
  regrade: {
    "missing file": {
      argv: () => ["regrade", missing(), "--rules", "spec1", "--out", at("r.json")],
      code: 2,
      line: /^tooluse: FILE \S*missing\.jsonl: no such file or folder \(ENOENT\); check the path$/,
    },
    "folder as file": {
      argv: () => ["regrade", dir.path, "--rules", "spec1", "--out", at("r.json")],
      code: 2,
      line: FOLDER,
    },
    "unwritable output": {
      argv: () => ["regrade", at("a.json"), "--rules", "spec1", "--out", at("a-file/out.json")],
      code: 1,
      line: UNWRITABLE,
    },
    "output = input": {
      argv: () => ["regrade", at("a.json"), "--rules", "spec1", "--out", at("a.json")],
      code: 2,
      line: SAME,
    },
    "existing unrelated file": {
      argv: () => ["regrade", at("a.json"), "--rules", "spec1", "--out", at("unrelated.txt")],
      code: 2,
      line: EXISTS,
    },
  },
  compare: {
    "missing file": {
      argv: () => ["compare", at("a.json"), missing()],
      code: 2,
      line: /^tooluse: FILE \S*missing\.jsonl: no such file or folder \(ENOENT\); check the path$/,
    },
    "folder as file": { argv: () => ["compare", dir.path, at("b.json")], code: 2, line: FOLDER },
  },
  "plan build": {
    "conflicting flags": {
      argv: () => ["plan", "build", "extra"],
      code: 2,
      line: /^tooluse: too many arguments for 'build'\. Expected 0 arguments but got 1\.; see --help$/,
    },
  },
  "plan import": {
    "missing file": { argv: () => ["plan", "import", "--queries", missing()], code: 2, line: ENOENT },
    "folder as file": { argv: () => ["plan", "import", "--queries", dir.path], code: 2, line: FOLDER },
    "unwritable output": {
      argv: () => [
        "plan",
        "import",
        "--queries",
        join(PLAN_FIXTURES, "queries.csv"),
        "--out-queries",
        at("a-file/out.jsonl"),
      ],
      code: 1,
      line: UNWRITABLE,
    },
    "output = input": {
      argv: () => ["plan", "import", "--queries", at("unrelated.txt"), "--out-queries", at("unrelated.txt")],
      code: 2,
      line: SAME,
    },
    "existing unrelated file": {
      argv: () => [
        "plan",
        "import",
        "--queries",
        join(PLAN_FIXTURES, "queries.csv"),
        "--out-queries",
        at("unrelated.txt"),
      ],
      code: 2,
      line: EXISTS,
    },
    "conflicting flags": {
      argv: () => [
        "plan",
        "import",
        "--queries",
        join(PLAN_FIXTURES, "queries.csv"),
        "--out-queries",
        at("same.jsonl"),
        "--plans",
        join(PLAN_FIXTURES, "plans.csv"),
        "--out-plans",
        at("same.jsonl"),
      ],
      code: 2,
      line: /^tooluse: --out-plans and --out-queries name the same file \S+same\.jsonl$/,
    },
  },
  "plan export": {
    "missing file": {
      argv: () => ["plan", "export", "--queries", missing(), "--out", at("new.csv")],
      code: 2,
      line: ENOENT,
    },
    "folder as file": {
      argv: () => ["plan", "export", "--queries", dir.path, "--out", at("new.csv")],
      code: 2,
      line: FOLDER,
    },
    "unwritable output": {
      argv: () => ["plan", "export", "--queries", QUERIES, "--out", at("a-file/out.csv")],
      code: 1,
      line: UNWRITABLE,
    },
    "conflicting flags": {
      argv: () => [
        "plan",
        "export",
        "--queries",
        QUERIES,
        "--out",
        at("new.csv"),
        "--plans",
        at("plans.jsonl"),
      ],
      code: 2,
      line: /^tooluse: --plans and --out-plans go together: give both or neither$/,
    },
    "output = input": {
      argv: () => ["plan", "export", "--queries", at("queries.jsonl"), "--out", at("queries.jsonl")],
      code: 2,
      line: SAME,
    },
    "existing unrelated file": {
      argv: () => ["plan", "export", "--queries", QUERIES, "--out", at("unrelated.txt")],
      code: 2,
      line: EXISTS,
    },
  },
  "plan score": {
    // --reference is the deprecated name of --queries (docs/cli.md): both names at once are refused.
    "conflicting flags": {
      argv: () => [
        "plan",
        "score",
        "--queries",
        QUERIES,
        "--reference",
        QUERIES,
        "--plans",
        at("plans.jsonl"),
      ],
      code: 2,
      line: /^tooluse: --reference and --queries are one flag under two names; give only --queries; --reference is the deprecated name of --queries$/,
    },
    "missing file": {
      argv: () => ["plan", "score", "--queries", missing(), "--plans", at("plans.jsonl")],
      code: 2,
      line: ENOENT,
    },
    "folder as file": {
      argv: () => ["plan", "score", "--queries", QUERIES, "--plans", dir.path],
      code: 2,
      line: FOLDER,
    },
    "unwritable output": {
      argv: () => [
        "plan",
        "score",
        "--queries",
        at("queries.jsonl"),
        "--plans",
        at("plans.jsonl"),
        "--out",
        at("a-file/out.jsonl"),
      ],
      code: 1,
      line: UNWRITABLE,
    },
    "output = input": {
      argv: () => [
        "plan",
        "score",
        "--queries",
        at("queries.jsonl"),
        "--plans",
        at("plans.jsonl"),
        "--out",
        at("plans.jsonl"),
      ],
      code: 2,
      line: SAME,
    },
    "existing unrelated file": {
      argv: () => [
        "plan",
        "score",
        "--queries",
        at("queries.jsonl"),
        "--plans",
        at("plans.jsonl"),
        "--out",
        at("unrelated.txt"),
      ],
      code: 2,
      line: EXISTS,
    },
  },
  "plan agree": {
    "missing file": {
      argv: () => ["plan", "agree", "--gold", missing(), "--judged", at("scores.jsonl")],
      code: 2,
      line: ENOENT,
    },
    "folder as file": {
      argv: () => ["plan", "agree", "--gold", at("scores.jsonl"), "--judged", dir.path],
      code: 2,
      line: FOLDER,
    },
  },
  "plan report": {
    "conflicting flags": {
      argv: () => [
        "plan",
        "report",
        "--scores",
        at("scores.jsonl"),
        "--queries",
        QUERIES,
        "--reference",
        QUERIES,
      ],
      code: 2,
      line: /^tooluse: --reference and --queries are one flag under two names; give only --queries; --reference is the deprecated name of --queries$/,
    },
    "missing file": { argv: () => ["plan", "report", "--scores", missing()], code: 2, line: ENOENT },
    "folder as file": { argv: () => ["plan", "report", "--scores", dir.path], code: 2, line: FOLDER },
    "unwritable output": {
      argv: () => ["plan", "report", "--scores", at("scores.jsonl"), "--html", at("a-file/out.html")],
      code: 1,
      line: UNWRITABLE,
    },
    "output = input": {
      argv: () => ["plan", "report", "--scores", at("scores.jsonl"), "--html", at("scores.jsonl")],
      code: 2,
      line: SAME,
    },
    "existing unrelated file": {
      argv: () => ["plan", "report", "--scores", at("scores.jsonl"), "--html", at("unrelated.txt")],
      code: 2,
      line: EXISTS,
    },
  },
};

MATRIX["plan lint"] = {
  "missing file": {
    argv: () => ["plan", "lint", "--dir", missing()],
    code: 2,
    line: /^tooluse: \S*missing\.jsonl: cannot read \(ENOENT\)$/,
  },
  "folder as file": {
    // The inverse: --dir names a folder, and a file is given.
    argv: () => ["plan", "lint", "--dir", at("unrelated.txt")],
    code: 2,
    line: /^tooluse: \S*unrelated\.txt: cannot read \(ENOTDIR\)$/,
  },
};
MATRIX["plan experiment"] = {
  "missing file": { argv: () => ["plan", "experiment", "--config", missing()], code: 2, line: ENOENT },
  "folder as file": { argv: () => ["plan", "experiment", "--config", dir.path], code: 2, line: FOLDER },
};

MATRIX.review = {
  "missing file": { argv: () => ["review", "--db", missing()], code: 2, line: ENOENT },
  "folder as file": { argv: () => ["review", "--db", dir.path], code: 2, line: FOLDER },
  "malformed number": {
    argv: () => ["review", "--db", at("unrelated.txt"), "--port", "80x"],
    code: 2,
    line: /^tooluse: --port: expected a whole number from 0 to 65535, got "80x"$/,
  },
};

/** The four model-driven commands share their flags: each gets every class, no server needed to refuse them. */
const MODEL_COMMANDS: Record<string, { base: () => string[]; input: string }> = {
  "plan generate": {
    base: () => ["plan", "generate", "--model", "m", "--queries", QUERIES],
    input: "--queries",
  },
  "plan judge": {
    base: () => [
      "plan",
      "judge",
      "--model",
      "m",
      "--queries",
      at("queries.jsonl"),
      "--plans",
      at("plans.jsonl"),
    ],
    input: "--plans",
  },
  "plan refine": {
    base: () => [
      "plan",
      "refine",
      "--model",
      "m",
      "--queries",
      at("queries.jsonl"),
      "--plans",
      at("plans.jsonl"),
    ],
    input: "--plans",
  },
  "plan answers": {
    base: () => ["plan", "answers", "--model", "m", "--responses", at("responses.jsonl")],
    input: "--responses",
  },
  "plan execute": {
    base: () => ["plan", "execute", "--model", "m", "--queries", QUERIES, "--plans", at("plans.jsonl")],
    input: "--plans",
  },
};

function replaceFlag(argv: string[], flag: string, value: string): string[] {
  const copy = [...argv];
  copy[copy.indexOf(flag) + 1] = value;
  return copy;
}

for (const [name, { base, input }] of Object.entries(MODEL_COMMANDS)) {
  MATRIX[name] = {
    "missing file": { argv: () => replaceFlag(base(), input, missing()), code: 2, line: ENOENT },
    "folder as file": { argv: () => replaceFlag(base(), input, dir.path), code: 2, line: FOLDER },
    "unwritable output": {
      argv: () => [...base(), "--out", at("a-file/out.jsonl")],
      code: 1,
      line: UNWRITABLE,
    },
    "malformed number": {
      argv: () => [...base(), "--timeout", "-5"],
      code: 2,
      line: /^tooluse: --timeout: expected seconds greater than 0 \(at most 86400\), got "-5"$/,
    },
    "conflicting flags": {
      argv: () => [...base(), "--backend", "bogus"],
      code: 2,
      line: /^tooluse: --backend/,
    },
    "output = input": {
      argv: () => [...base(), "--out", base()[base().indexOf(input) + 1] as string],
      code: 2,
      line: SAME,
    },
    "existing unrelated file": {
      argv: () => [...base(), "--out", at("unrelated.txt")],
      code: 2,
      line: EXISTS,
    },
  };
}

const ALL_CLASSES: BadInput[] = [
  "missing file",
  "folder as file",
  "unwritable output",
  "malformed number",
  "conflicting flags",
  "output = input",
  "existing unrelated file",
];

/** The (command, class) pairs that cannot occur: the command has no such input. Everything else is tested. */
const NOT_APPLICABLE = new Set([
  // No files, no values: only unexpected arguments (and an installed package, in packaging.test.ts) apply.
  ...["build", "plan build", "list"].flatMap((command) =>
    ALL_CLASSES.filter((kind) => kind !== "conflicting flags").map((kind) => `${command}: ${kind}`),
  ),
  // plan lint reads a folder and writes nothing; plan experiment's numbers and outputs are in its config file.
  ...[
    "malformed number",
    "conflicting flags",
    "unwritable output",
    "output = input",
    "existing unrelated file",
  ].map((kind) => `plan lint: ${kind}`),
  ...[
    "malformed number",
    "conflicting flags",
    "unwritable output",
    "output = input",
    "existing unrelated file",
  ].map((kind) => `plan experiment: ${kind}`),
  // review serves a database and adds labels to it; it writes no other file, and no flag excludes another.
  ...["unwritable output", "output = input", "existing unrelated file", "conflicting flags"].map(
    (kind) => `review: ${kind}`,
  ),
  // Commands that write no file.
  ...["selftest", "compare", "plan agree", "mock-server"].flatMap((command) =>
    ["unwritable output", "output = input", "existing unrelated file"].map((kind) => `${command}: ${kind}`),
  ),
  // Only run and the model-driven plan commands take numbers.
  ...["grade", "import bfcl", "import when2call", "selftest", "report", "compare", "merge", "regrade"].map(
    (c) => `${c}: malformed number`,
  ),
  ...["plan import", "plan export", "plan score", "plan agree", "plan report"].map(
    (c) => `${c}: malformed number`,
  ),
  // review add and export read no numbers; disputes reads one database and writes nothing.
  ...["review add", "review export"].map((c) => `${c}: malformed number`),
  ...ALL_CLASSES.filter((kind) => kind !== "missing file" && kind !== "folder as file").map(
    (kind) => `disputes: ${kind}`,
  ),
  // No flag of these excludes another.
  ...[
    "grade",
    "import bfcl",
    "import when2call",
    "selftest",
    "compare",
    "merge",
    "regrade",
    "plan agree",
  ].map((c) => `${c}: conflicting flags`),
]);

const review = (...argv: string[]) => ["review", ...argv];
MATRIX["review add"] = {
  "missing file": {
    argv: () => review("add", "--db", at("r.sqlite"), "--kind", "lineage", "--queries", missing()),
    code: 2,
    line: ENOENT,
  },
  "folder as file": {
    argv: () => review("add", "--db", at("r.sqlite"), "--kind", "verdict", "--results", dir.path),
    code: 2,
    line: FOLDER,
  },
  "unwritable output": {
    argv: () => review("add", "--db", at("a-file/out.sqlite"), "--kind", "lineage", "--queries", QUERIES),
    code: 1,
    line: UNWRITABLE,
  },
  "conflicting flags": {
    argv: () => review("add", "--db", at("r.sqlite"), "--kind", "answers", "--queries", QUERIES),
    code: 2,
    line: /^tooluse: --queries: --kind answers does not read it; it reads --responses, --answers$/,
  },
  "output = input": {
    argv: () =>
      review("add", "--db", at("responses.jsonl"), "--kind", "answers", "--responses", at("responses.jsonl")),
    code: 2,
    line: /^tooluse: --db \S+ is also the input --responses; writing it would destroy the input; choose another output file$/,
  },
  "existing unrelated file": {
    argv: () => review("add", "--db", at("unrelated.txt"), "--kind", "lineage", "--queries", QUERIES),
    code: 2,
    line: /^tooluse: --db \S*unrelated\.txt: not a review database \(file is not a database\)$/,
  },
};
MATRIX["review export"] = {
  "missing file": {
    argv: () => review("export", "--db", missing(), "--kind", "lineage", "--out", at("out.yaml")),
    code: 2,
    line: ENOENT,
  },
  "folder as file": {
    argv: () => review("export", "--db", dir.path, "--kind", "lineage", "--out", at("out.yaml")),
    code: 2,
    line: FOLDER,
  },
  "unwritable output": {
    argv: () =>
      review("export", "--db", at("unrelated.txt"), "--kind", "lineage", "--out", at("a-file/out.yaml")),
    code: 1,
    line: UNWRITABLE,
  },
  "output = input": {
    argv: () =>
      review(
        "export",
        "--db",
        at("unrelated.txt"),
        "--kind",
        "lineage",
        "--out",
        at("unrelated.txt"),
        "--force",
      ),
    code: 2,
    line: SAME,
  },
  "existing unrelated file": {
    argv: () => review("export", "--db", at("a-file"), "--kind", "lineage", "--out", at("unrelated.txt")),
    code: 2,
    line: EXISTS,
  },
  // --format must agree with --out's extension: a .jsonl file holding YAML would mislead every reader.
  "conflicting flags": {
    argv: () =>
      review(
        "export",
        "--db",
        at("a-file"),
        "--kind",
        "lineage",
        "--out",
        at("out.jsonl"),
        "--format",
        "yaml",
      ),
    code: 2,
    line: /^tooluse: --format yaml: --out \S*out\.jsonl has the extension of jsonl; name the file \.yaml, or leave --format out$/,
  },
};
MATRIX["mock-server"] = {
  "missing file": { argv: () => ["mock-server", "--cases", missing()], code: 2, line: ENOENT },
  "folder as file": { argv: () => ["mock-server", "--queries", dir.path], code: 2, line: FOLDER },
  "malformed number": {
    argv: () => ["mock-server", "--port", "80x"],
    code: 2,
    line: /^tooluse: --port: expected a whole number from 0 to 65535, got "80x"$/,
  },
  "conflicting flags": {
    argv: () => ["mock-server", "--mode", "oracle", "--share", "0.3"],
    code: 2,
    line: /^tooluse: --share cannot be combined with --mode oracle: the oracle makes no mistakes; use --mode noisy, or leave the flag out$/,
  },
};
MATRIX.disputes = {
  "missing file": { argv: () => ["disputes", "--db", missing()], code: 2, line: ENOENT },
  "folder as file": { argv: () => ["disputes", "--db", dir.path], code: 2, line: FOLDER },
};

const COMMANDS = [
  "review add",
  "review export",
  "disputes",
  "plan lint",
  "plan experiment",
  "build",
  "grade",
  "import bfcl",
  "import when2call",
  "selftest",
  "run",
  "report",
  "compare",
  "merge",
  "regrade",
  "list",
  "plan build",
  "plan import",
  "plan export",
  "plan score",
  "plan generate",
  "plan judge",
  "plan refine",
  "plan answers",
  "plan execute",
  "plan agree",
  "plan report",
  "review",
  "mock-server",
];

describe("hostile input through the command line", () => {
  it("covers every command the CLI registers, each with every class that applies", () => {
    expect(new Set(commandNames())).toEqual(new Set(COMMANDS));
    expect(new Set(Object.keys(MATRIX))).toEqual(new Set(COMMANDS));
    for (const command of COMMANDS) {
      const classes = Object.keys(MATRIX[command] ?? {});
      const skipped = ALL_CLASSES.filter((kind) => !classes.includes(kind));
      expect(skipped.map((kind) => `${command}: ${kind}`)).toEqual(
        skipped.map((kind) => `${command}: ${kind}`).filter((entry) => NOT_APPLICABLE.has(entry)),
      );
    }
  });

  for (const command of COMMANDS) {
    for (const [kind, bad] of Object.entries(MATRIX[command] ?? {})) {
      it(`${command}: ${kind} → one line, exit ${bad.code}, nothing written`, async () => {
        const before = snapshot();
        const unrelated = readFileSync(at("unrelated.txt"), "utf8");
        const { code, out, err } = await cli(...bad.argv());
        expect(err).toMatch(/\n$/);
        expect(err.trimEnd().split("\n")).toHaveLength(1);
        expect(err.trimEnd()).toMatch(bad.line);
        expect(err).not.toMatch(/at .*\.ts:\d+|this is a bug/);
        expect(out).toBe("");
        expect(code).toBe(bad.code);
        expect(snapshot()).toEqual(before);
        expect(readFileSync(at("unrelated.txt"), "utf8")).toBe(unrelated);
      });
    }
  }
});
