import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../test-support/temp.js";
import { loadCases } from "./load.js";

const BODY = {
  lang: "en",
  category: "calculator",
  tools: ["calculator"],
  messages: [{ role: "user", content: "What is 45 + 12? Ответ — число." }],
  expect: { call: { name: "calculator", arguments: { expression: "45 + 12" } } },
};
/** A case line as our writers lay it out: the id first, then the body. */
const line = (id: string, body: object = BODY) => JSON.stringify({ id, ...body });
/** BODY's line with its id written as the given JSON text. */
const rawId = (idJson: string) => `{"id":${idJson}${line("x").slice('{"id":"x"'.length)}`;

let dir: ReturnType<typeof tempDir>;
const write = (text: string) => {
  const path = join(dir.path, "cases.jsonl");
  writeFileSync(path, text);
  return path;
};
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe("loadCases", () => {
  it("gives every copy of one body its own id, adjacent or not, whatever the id's escapes", () => {
    const other = { ...BODY, messages: [{ role: "user", content: "And 2 + 2?" }] };
    const text = [
      line("a"),
      line("b"),
      line("c", other),
      line("d"),
      rawId('"e\\u00e9\\"q"'),
      line("ид"),
    ].join("\n");
    const cases = loadCases(write(text));
    expect(cases.map((c) => c.id)).toEqual(["a", "b", "c", "d", 'eé"q', "ид"]);
    for (const c of cases) {
      const { id, ...body } = c;
      expect(body).toEqual(c.id === "c" ? other : BODY);
    }
  });

  it("reads CRLF line ends, surrounding spaces and blank lines, and counts lines as a person does", () => {
    const path = write(`${line("a")}\r\n\r\n  ${line("b")} \t\r\n\n{"id":"c", "lang": 1}\n`);
    expect(() => loadCases(path)).toThrow(`${path}:5: field lang`);
    expect(loadCases(write(`\n${line("a")}\r\n  ${line("b")}  \r\n`)).map((c) => c.id)).toEqual(["a", "b"]);
  });

  it("validates a copy whose id is not a valid JSON string as a line of its own", () => {
    const path = write(`${line("a")}\n${rawId('"b\tc"')}`);
    expect(() => loadCases(path)).toThrow(`${path}:2: invalid JSON`);
    expect(() => loadCases(write(`${line("a")}\n${rawId('""')}`))).toThrow(/:2: field id/);
  });

  it("keeps JSON's meaning when a later id key overrides the leading one", () => {
    const twice = (id: string) => `{"id":"${id}",${JSON.stringify({ ...BODY, id: "same" }).slice(1)}`;
    const path = write(`${twice("a")}\n${twice("b")}`);
    expect(() => loadCases(path)).toThrow(`${path}: duplicate case id same`);
  });

  it("refuses a duplicate id and a bad line, naming the file (and line)", () => {
    const path = write(`${line("a")}\n${line("a")}`);
    expect(() => loadCases(path)).toThrow(`${path}: duplicate case id a`);
    const bad = write(`${line("a")}\n${line("b", { ...BODY, tools: [] })}`);
    expect(() => loadCases(bad)).toThrow(`${bad}:2: field expect.call.name`);
  });
});
