import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR, DATA_DIR } from "../paths.js";
import { buildCorpus } from "./build.js";
import { loadCases } from "./load.js";
import type { Case } from "./schema.js";

const built = buildCorpus(CORPUS_DIR);
const cases = loadCases(join(DATA_DIR, "tooluse1.jsonl"));

const expectsCall = (c: Case) => "call" in c.expect;
const count = (list: readonly Case[], predicate: (c: Case) => boolean) => list.filter(predicate).length;

describe("the committed ToolUse.1 corpus", () => {
  it("is exactly what `tooluse build` produces from corpus/", () => {
    expect(readFileSync(join(DATA_DIR, "tooluse1.jsonl"), "utf8")).toBe(built.jsonl);
    expect(readFileSync(join(DATA_DIR, "manifest.json"), "utf8")).toBe(
      `${JSON.stringify(built.manifest, null, 2)}\n`,
    );
  });

  it("builds the same bytes twice", () => {
    expect(buildCorpus(CORPUS_DIR).jsonl).toBe(built.jsonl);
  });

  it("has 188 cases: 128 call, 60 no-call; 114 English, 74 Russian", () => {
    expect(cases).toHaveLength(188);
    expect(count(cases, expectsCall)).toBe(128);
    expect(count(cases, (c) => c.lang === "en")).toBe(114);
    expect(count(cases, (c) => c.lang === "ru")).toBe(74);
  });

  it("follows the spec's English category table exactly", () => {
    const english = cases.filter((c) => c.lang === "en");
    const byCategory = Object.fromEntries(
      [...new Set(english.map((c) => c.category))].map((k) => [k, count(english, (c) => c.category === k)]),
    );
    expect(byCategory).toEqual({
      calculator: 15,
      get_weather: 8,
      translate: 8,
      convert_currency: 8,
      convert_units: 8,
      save_note: 6,
      negative: 30,
      clarification: 5,
      multi_step: 6,
      web_search: 8,
      set_timer: 6,
      get_time: 6,
    });
    expect(count(english, expectsCall)).toBe(79);
  });

  it("spreads the Russian cases over all 12 categories with the required minimums", () => {
    const russian = cases.filter((c) => c.lang === "ru");
    expect(count(russian, expectsCall)).toBe(49);
    const per = (category: string) => count(russian, (c) => c.category === category);
    for (const category of new Set(cases.map((c) => c.category)))
      expect(per(category)).toBeGreaterThanOrEqual(2);
    expect(per("negative")).toBeGreaterThanOrEqual(12);
    expect(per("clarification")).toBeGreaterThanOrEqual(4);
    expect(per("multi_step")).toBeGreaterThanOrEqual(4);
  });

  it("gives negative cases all three kinds in both languages, and expects abstention from them", () => {
    for (const lang of ["en", "ru"]) {
      for (const kind of ["knowledge", "capability_trap", "instruction_trap"]) {
        expect(count(cases, (c) => c.lang === lang && c.kind === kind)).toBeGreaterThan(0);
      }
    }
    const negatives = cases.filter((c) => c.category === "negative");
    expect(negatives.every((c) => "no_call" in c.expect && c.expect.no_call === "abstain")).toBe(true);
  });

  it("expects clarification in clarification cases, with accepted phrasings in English", () => {
    for (const c of cases.filter((c) => c.category === "clarification")) {
      expect("no_call" in c.expect && c.expect.no_call).toBe("clarify");
      if (c.lang === "en")
        expect("no_call" in c.expect && c.expect.answer_contains_any?.length).toBeGreaterThan(0);
    }
  });

  it("gives multi-step cases a prior call and its result", () => {
    for (const c of cases.filter((c) => c.category === "multi_step")) {
      expect(c.messages.some((m) => m.role === "assistant" && "tool_call" in m)).toBe(true);
      expect(c.messages.some((m) => m.role === "tool")).toBe(true);
      expect(expectsCall(c)).toBe(true);
    }
  });

  it("uses every difficulty in every category, and offers all nine tools in most cases", () => {
    for (const category of new Set(cases.map((c) => c.category))) {
      const levels = new Set(cases.filter((c) => c.category === category).map((c) => c.difficulty));
      expect([category, [...levels].sort()]).toEqual([category, ["easy", "hard", "medium"]]);
    }
    const allNine = count(cases, (c) => c.tools.length === 9);
    expect(allNine / cases.length).toBeGreaterThan(0.7);
    expect(allNine).toBeLessThan(cases.length);
  });

  it("records the counts and the digest in the manifest", () => {
    expect(built.manifest.version).toBe("1.0.0");
    expect(built.manifest.cases).toBe(188);
    expect(built.manifest.by_expect.call).toBe(128);
    expect(built.manifest.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
