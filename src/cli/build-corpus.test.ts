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

const SEARCH = `- id: web_search-en-01
  difficulty: medium
  complications: [inferred]
  user: Who won the Lakers game last night?
  expect:
    call:
      name: web_search
      arguments: { query: { mentions: [Lakers] } }
  note: a fresh result; any query naming the Lakers serves
`;

async function build(source: string) {
  const corpus = join(dir.path, "corpus");
  const data = join(dir.path, "data");
  mkdirSync(corpus);
  mkdirSync(data);
  writeFileSync(join(corpus, "VERSION"), "2.0.0\n");
  writeFileSync(join(corpus, "web_search.en.yaml"), source);
  const io = captureIo();
  const code = await main(["build", "--corpus", corpus, "--data", data], io);
  return { code, err: io.err, wrote: existsSync(join(data, "tooluse1.jsonl")) };
}

describe("tooluse build: the corpus authoring rules (docs/corpus.md)", () => {
  it("builds a case whose query is expected by what it mentions", async () => {
    const { code, wrote } = await build(SEARCH);
    expect(code).toBe(0);
    expect(wrote).toBe(true);
  });

  it("rejects a difficulty the listed complications do not give, at its line, writing nothing", async () => {
    const { code, err, wrote } = await build(SEARCH.replace("difficulty: medium", "difficulty: hard"));
    expect(code).toBe(2);
    expect(wrote).toBe(false);
    expect(err).toMatch(
      /^tooluse: corpus\/web_search\.en\.yaml:2 \(web_search-en-01\): field difficulty: expected medium/,
    );
  });

  it("rejects a mentions list that cannot be compiled", async () => {
    const { code, err, wrote } = await build(SEARCH.replace("mentions: [Lakers]", 'mentions: ["—"]'));
    expect(code).toBe(2);
    expect(wrote).toBe(false);
    expect(err).toContain("web_search-en-01");
  });

  it("names the line of a YAML syntax error", async () => {
    const { code, err, wrote } = await build(
      SEARCH.replace("note: a fresh result;", "note: a fresh: result;"),
    );
    expect(code).toBe(2);
    expect(wrote).toBe(false);
    expect(err).toMatch(/^tooluse: corpus\/web_search\.en\.yaml:9: invalid YAML/);
  });
});
