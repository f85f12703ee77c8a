/**
 * The differential check for speed work: every verdict of every output set the repository grades (ToolUse.1's cases
 * with their reference outputs, negative controls and output variants; the blind sets; When2Call's replies; BFCL's
 * questions with the generated outputs and prompt classes of the differential test), under every profile and both
 * BFCL modes, serialised as JSON and hashed per set. A change that is meant to be verdict-neutral (a cache, a lazy
 * step, an early exit) must leave every digest as committed in bench/verdict-digest.json.
 *
 * Run: npx tsx bench/verdict-digest.ts            compare with the committed digests (exit 1 on any difference)
 *      npx tsx bench/verdict-digest.ts --write    record the current digests (after a change that means to move them)
 *      npx tsx bench/verdict-digest.ts --dump DIR  also write each set's verdicts as JSONL, to diff before and after
 * Sets that need the research data (When2Call, BFCL) are skipped with one line when it is missing.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CONTROL_KINDS, negativeControl } from "../src/backends/negative-controls.js";
import { referenceOutput } from "../src/backends/reference-outputs.js";
import { loadCases } from "../src/cases/load.js";
import { type Case, PROTOCOLS } from "../src/cases/schema.js";
import {
  answerableQuestions,
  promptClassOutputs,
  relevanceQuestions,
} from "../src/grade/bfcl/test-support/differential.js";
import { generateOutputs, outputText } from "../src/grade/bfcl/test-support/generate.js";
import { grade, type Output } from "../src/grade/grade.js";
import { GRADING_PROFILES, gradingProfile } from "../src/grade/profiles.js";
import { SPEC1_RULES, TOOLUSE_RULES } from "../src/grade/rules.js";
import { readBlindSet } from "../src/grade/test-support/blind-sets.js";
import { outputVariants } from "../src/grade/test-support/output-variants.js";
import { readRecords } from "../src/import/records.js";
import { RESEARCH_DATA, when2callSource } from "../src/import/test-support/research-data.js";
import { When2CallRecordSchema, when2callCase } from "../src/import/when2call.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../src/paths.js";

const DIGEST_FILE = join(PACKAGE_ROOT, "bench", "verdict-digest.json");
const BLIND_ROOT = join(PACKAGE_ROOT, "src", "grade", "fixtures", "blind");

interface Item {
  testCase: Case;
  output: Output;
}

type Digests = Record<string, { verdicts: number; sha256: string }>;

/** Every grader a verdict can come from: each profile in each BFCL mode, and `grade` itself under both rule sets. */
function graders(): { name: string; grade(testCase: Case, output: Output): unknown }[] {
  const profiles = GRADING_PROFILES.flatMap((profile) =>
    (["prompt", "fc"] as const).map((bfclMode) => ({
      name: `${profile}/${bfclMode}`,
      grade: gradingProfile(profile, { bfclMode }).grade,
    })),
  );
  return [
    ...profiles,
    { name: "grade/tooluse-rules", grade: (c: Case, o: Output) => grade(c, o, TOOLUSE_RULES) },
    { name: "grade/spec1-rules", grade: (c: Case, o: Output) => grade(c, o, SPEC1_RULES) },
  ];
}

function tooluse1Items(cases: readonly Case[]): Item[] {
  return cases.flatMap((testCase, index) => {
    const other = cases[(index + 7) % cases.length] as Case;
    return PROTOCOLS.flatMap((protocol) => {
      const texts = [
        ...(["oracle", "always-call", "never-call"] as const).map((name) =>
          referenceOutput(name, testCase, protocol),
        ),
        ...CONTROL_KINDS.flatMap((kind) => negativeControl(kind, testCase, protocol) ?? []),
        ...outputVariants(testCase, protocol, other),
      ];
      return texts.map((output) => ({ testCase, output: { id: testCase.id, protocol, output } }));
    });
  });
}

function blindItems(cases: ReadonlyMap<string, Case>): Record<string, Item[]> {
  const sets: Record<string, Item[]> = {};
  if (!existsSync(BLIND_ROOT)) return sets;
  for (const entry of readdirSync(BLIND_ROOT, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const set = readBlindSet(join(BLIND_ROOT, entry.name));
    for (const [kind, items] of [
      ["replies", set.replies],
      ["shapes", set.shapes],
    ] as const) {
      if (items === undefined) continue;
      sets[`blind/${entry.name}/${kind}`] = items.map((item) => ({
        testCase: cases.get(item.id) as Case,
        output: { id: item.id, protocol: item.protocol, output: item.output },
      }));
    }
  }
  return sets;
}

function when2callItems(): Item[] {
  const items: Item[] = [];
  for (const { value: record } of readRecords(when2callSource(), When2CallRecordSchema)) {
    const testCase = when2callCase(record);
    for (const reply of Object.values(record.answers)) {
      for (const protocol of ["json", "plain"] as const)
        items.push({ testCase, output: { id: record.uuid, protocol, output: reply } });
    }
  }
  return items;
}

/** BFCL's questions: the differential test's generated outputs and prompt classes, and our reference outputs. */
function bfclItems(): Record<string, Item[]> {
  const answerable = answerableQuestions();
  const relevance = relevanceQuestions();
  const generated = generateOutputs(answerable, { mutationsPerQuestion: 6 });
  const classes = promptClassOutputs([...answerable, ...relevance], 150, generated.length);
  const asItem = (o: (typeof generated)[number]): Item => ({
    testCase: { ...o.question, id: o.id },
    output: { id: o.id, ...outputText(o) },
  });
  const reference = [...answerable, ...relevance].flatMap((testCase) =>
    PROTOCOLS.flatMap((protocol) =>
      (["oracle", "always-call", "never-call"] as const).map((name) => ({
        testCase,
        output: { id: testCase.id, protocol, output: referenceOutput(name, testCase, protocol) },
      })),
    ),
  );
  return {
    "bfcl/generated": generated.map(asItem),
    "bfcl/prompt-classes": classes.map(asItem),
    "bfcl/reference": reference,
  };
}

function digestOf(name: string, items: readonly Item[], dump: string | undefined): Digests {
  const out: Digests = {};
  for (const grader of graders()) {
    const hash = createHash("sha256");
    const lines: string[] = [];
    for (const { testCase, output } of items) {
      const line = JSON.stringify(grader.grade(testCase, output));
      hash.update(line);
      hash.update("\n");
      if (dump !== undefined) lines.push(line);
    }
    const key = `${name} ${grader.name}`;
    out[key] = { verdicts: items.length, sha256: hash.digest("hex") };
    if (dump !== undefined)
      writeFileSync(join(dump, `${key.replace(/[/ ]/g, "_")}.jsonl`), `${lines.join("\n")}\n`);
  }
  return out;
}

function main(): void {
  const args = process.argv.slice(2);
  const write = args.includes("--write");
  const dumpAt = args.indexOf("--dump");
  const dump = dumpAt >= 0 ? args[dumpAt + 1] : undefined;
  if (dump !== undefined) mkdirSync(dump, { recursive: true });
  const cases = loadCases(DEFAULT_CASES_FILE);
  const sets: Record<string, Item[]> = {
    tooluse1: tooluse1Items(cases),
    ...blindItems(new Map(cases.map((c) => [c.id, c]))),
  };
  if (RESEARCH_DATA.missing === null) {
    sets.when2call = when2callItems();
    Object.assign(sets, bfclItems());
  } else console.log(`verdict digest: When2Call and BFCL sets skipped: ${RESEARCH_DATA.missing}`);
  const digests: Digests = {};
  for (const [name, items] of Object.entries(sets)) Object.assign(digests, digestOf(name, items, dump));
  if (write) {
    writeFileSync(DIGEST_FILE, `${JSON.stringify(digests, null, 2)}\n`);
    console.log(`verdict digest: ${Object.keys(digests).length} digests written to ${DIGEST_FILE}`);
    return;
  }
  const committed = JSON.parse(readFileSync(DIGEST_FILE, "utf8")) as Digests;
  let differing = 0;
  let checked = 0;
  for (const [key, digest] of Object.entries(digests)) {
    const before = committed[key];
    if (before === undefined) {
      console.log(`NEW (not in ${DIGEST_FILE}): ${key}`);
      differing++;
      continue;
    }
    checked += digest.verdicts;
    if (before.sha256 !== digest.sha256 || before.verdicts !== digest.verdicts) {
      console.log(`DIFFERS: ${key} (${digest.verdicts} verdicts)`);
      differing++;
    }
  }
  const missing = Object.keys(committed).filter((key) => digests[key] === undefined);
  if (missing.length > 0) console.log(`not checked here: ${missing.length} digests (data missing?)`);
  console.log(
    differing === 0
      ? `verdict digest: ${Object.keys(digests).length} sets × graders, ${checked.toLocaleString("en")} verdicts, all identical`
      : `VERDICTS CHANGED: ${differing} of ${Object.keys(digests).length} digests differ`,
  );
  if (differing > 0) process.exitCode = 1;
}

main();
