/**
 * The seven shape classes of tooluse 2.7.0 (issue 25, round 6; docs/spec-conformance.md E13) through the door users
 * use: `tooluse grade` on a cases file and an outputs file, its verdicts file read back. Each output is fresh blind set
 * 19s's own item; every verdict here was otherwise on tooluse 2.6.0 (one call, a call, a call, a call, an attempt, a
 * call, a call with an argument missing).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "../test-support/capture-io.js";
import { TOOLUSE_VERSION } from "../test-support/profile-version.js";
import { tempDir } from "../test-support/temp.js";
import { TOOL_NAMES } from "../tools/catalogue.js";
import { main } from "./main.js";

const base = (id: string, lang: string) => ({
  id,
  lang,
  category: "shapes",
  difficulty: "easy",
  tools: [...TOOL_NAMES],
  messages: [{ role: "user", content: "…" }],
});
const call = (id: string, lang: string, name: string, args: Record<string, unknown>) => ({
  ...base(id, lang),
  expect: { call: { name, arguments: args } },
});
const noCall = (id: string, lang: string, expected: string) => ({
  ...base(id, lang),
  category: "negative",
  kind: expected === "answer" ? "knowledge" : "capability_trap",
  expect: { no_call: expected },
});

const ITEMS: [testCase: { id: string }, protocol: string, output: string][] = [
  [
    call("c1-plan", "ru", "translate", { text: "Приятного аппетита", target_language: "de" }),
    "plain",
    "Сначала переведу фразу, а потом, если нужно, сохраню её в заметки.\nTOOL translate | text=Приятного аппетита | target_language=de\nTOOL save_note | text=Guten Appetit",
  ],
  [
    call("c2-python-tag", "en", "calculator", { expression: "57/5" }),
    "json",
    '{"name": "calculator", "arguments": {"expression": "57 / 5"}}\n<|python_tag|>calculator.call(expression="57/5")',
  ],
  [
    noCall("c3-would-be", "en", "refuse"),
    "json",
    'I don\'t have an email tool, so I can\'t send that. For reference, the only note-style action I have would be:\n\n```\n{"name": "save_note", "arguments": {"text": "Email landlord: kitchen sink leaking again"}}\n```\n\nWant me to save it as a reminder instead?',
  ],
  [
    noCall("c4-comment", "ru", "answer"),
    "json",
    '«Войну и мир» написал **Лев Николаевич Толстой**.\n\n```\n// пример вызова, если бы понадобился поиск:\n{"name": "web_search", "arguments": {"query": "автор Война и мир"}}\n```\nНо здесь он не нужен.',
  ],
  [
    noCall("c5-template", "ru", "refuse"),
    "plain",
    "Таймера среди моих инструментов нет, так что поставить его не получится. Для справки, формат вызова выглядит так:\n\n    TOOL <tool name> | <parameter>=<value>\n\nно set_timer мне недоступен — поставьте таймер в телефоне.",
  ],
  [
    call("c6-example-request", "en", "get_time", { timezone: "Australia/Sydney" }),
    "json",
    '### Checking Sydney time\n\nThe `get_time` tool takes one argument:\n\n| Field | Meaning |\n|---|---|\n| `timezone` | IANA name, e.g. `Australia/Sydney` |\n\nExample request:\n\n```json\n{"name": "get_time", "arguments": {"timezone": "Australia/Sydney"}}\n```\n\nSydney is usually 9–11 hours ahead of Europe, which explains the odd hours.',
  ],
  [
    call("c7-bare-segment", "ru", "calculator", { expression: "(1234 - 567) * 3" }),
    "plain",
    "TOOL calculator | expression (1234 - 567) * 3",
  ],
];

const dir = tempDir("tooluse-shapes-2-7-");
const at = (name: string) => join(dir.path, name);
beforeAll(() => {
  writeFileSync(at("cases.jsonl"), ITEMS.map(([c]) => JSON.stringify(c)).join("\n"));
  const outputs = ITEMS.map(([c, protocol, output]) => JSON.stringify({ id: c.id, protocol, output }));
  writeFileSync(at("outputs.jsonl"), outputs.join("\n"));
});
afterAll(() => dir.remove());

describe("tooluse grade: the 2.7.0 shape classes", () => {
  it("reads blind set 19s's items as their writers labelled them", async () => {
    const io = captureIo();
    const argv = ["grade", "--cases", at("cases.jsonl"), "--outputs", at("outputs.jsonl")];
    expect(await main([...argv, "--out", at("verdicts.jsonl"), "--json"], io)).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({ n: 7, passed: 3, grading: { version: TOOLUSE_VERSION } });
    const verdicts = readFileSync(at("verdicts.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const read = Object.fromEntries(
      verdicts.map((v) => [v.id, { calls: v.calls.length, malformed: v.malformed, passed: v.passed }]),
    );
    expect(read).toEqual({
      "c1-plan": { calls: 2, malformed: false, passed: false },
      "c2-python-tag": { calls: 2, malformed: false, passed: false },
      "c3-would-be": { calls: 0, malformed: false, passed: true },
      "c4-comment": { calls: 0, malformed: false, passed: true },
      "c5-template": { calls: 0, malformed: false, passed: true },
      "c6-example-request": { calls: 0, malformed: false, passed: false },
      "c7-bare-segment": { calls: 0, malformed: true, passed: false },
    });
  });
});
