import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const GOOD = `- id: negative-en-01
  difficulty: easy
  kind: knowledge
  user: What's the capital of Australia?
  expect:
    no_call: answer
    answer_contains_all: [[Canberra, Канберра]]
`;

function corpus(negative: string): { corpus: string; data: string } {
  const corpusDir = join(dir.path, "corpus");
  const data = join(dir.path, "data");
  mkdirSync(corpusDir);
  mkdirSync(data);
  writeFileSync(join(corpusDir, "VERSION"), "2.0.0\n");
  writeFileSync(join(corpusDir, "negative.en.yaml"), negative);
  return { corpus: corpusDir, data };
}

async function build(negative: string) {
  const paths = corpus(negative);
  const io = captureIo();
  const code = await main(["build", "--corpus", paths.corpus, "--data", paths.data], io);
  return {
    code,
    io,
    wrote: existsSync(join(paths.data, "tooluse1.jsonl")) || existsSync(join(paths.data, "manifest.json")),
  };
}

describe("tooluse build: bad no-call expectations stop with file:line:field and write nothing", () => {
  it("builds the 2.0 behaviours and alternative constraints", async () => {
    const { code, wrote } = await build(GOOD);
    expect(code).toBe(0);
    expect(wrote).toBe(true);
  });

  it("rejects an unknown no_call value at its line", async () => {
    const { code, io, wrote } = await build(GOOD.replace("no_call: answer", "no_call: guess"));
    expect(code).toBe(2);
    expect(wrote).toBe(false);
    expect(io.err).toMatch(
      /^tooluse: corpus\/negative\.en\.yaml:6 \(negative-en-01\): field expect\.no_call: /,
    );
    expect(io.err).toContain('"answer"|"refuse"|"clarify"|"abstain"');
  });

  it("rejects a constraint that cannot be compiled at its line", async () => {
    const bad = GOOD.replace("[[Canberra, Канберра]]", '[Canberra, "—"]');
    const { code, io, wrote } = await build(bad);
    expect(code).toBe(2);
    expect(wrote).toBe(false);
    expect(io.err).toMatch(
      /^tooluse: corpus\/negative\.en\.yaml:7 \(negative-en-01\): field expect\.answer_contains_all\[1\]: constraint cannot be compiled: expected a phrase with a letter or digit, got "—"/,
    );
  });
});
