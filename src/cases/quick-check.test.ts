import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importBfcl } from "../import/bfcl.js";
import {
  BFCL_CATEGORIES,
  bfclSources,
  RESEARCH_DATA_PRESENT,
  when2callSource,
} from "../import/test-support/research-data.js";
import { importWhen2Call } from "../import/when2call.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { CaseLineSchema } from "./load.js";
import { isPlainCase } from "./quick-check.js";

/** Case values as a file holds them: the corpus, every imported BFCL category and When2Call (when the data is here). */
function seeds(): { name: string; values: unknown[] }[] {
  const corpus = readFileSync(DEFAULT_CASES_FILE, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
  const asFile = (cases: object[]) => cases.map((c) => JSON.parse(JSON.stringify(c)));
  const imported = RESEARCH_DATA_PRESENT
    ? [
        ...BFCL_CATEGORIES.map((c) => ({
          name: `BFCL ${c.category}`,
          values: asFile(importBfcl(bfclSources(c.category, c.answers))),
        })),
        { name: "When2Call", values: asFile(importWhen2Call(when2callSource())) },
      ]
    : [];
  return [{ name: "ToolUse.1", values: corpus }, ...imported];
}

/**
 * The promise the loader relies on: a value the quick check passes is one the schema passes, unchanged (the same
 * JSON text, so the same keys in the same order). Returns the counterexample, or undefined.
 */
function brokenPromise(value: unknown, check: (value: unknown) => boolean): string | undefined {
  if (!check(value)) return undefined;
  const parsed = CaseLineSchema.safeParse(value);
  if (!parsed.success) return `the schema refuses it: ${parsed.error.issues[0]?.message}`;
  const [ours, theirs] = [JSON.stringify(value), JSON.stringify(parsed.data)];
  return ours === theirs ? undefined : `the schema changes it:\n${ours}\n${theirs}`;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Place {
  parent: Json[] | Record<string, Json>;
  key: string | number;
  depth: number;
}

/** Every place in a value where a mutation can act: the containers, with a key or index inside. */
function places(value: Json, out: Place[] = [], depth = 0): Place[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      out.push({ parent: value, key: index, depth });
      places(item, out, depth + 1);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      out.push({ parent: value, key, depth });
      places(inner, out, depth + 1);
    }
  }
  return out;
}

const KEYS = [
  "id",
  "lang",
  "type",
  "one_of",
  "optional",
  "mentions",
  "name",
  "role",
  "content",
  "__proto__",
  "x",
];
const VALUES: Json[] = [
  "",
  " ",
  "en",
  "EN",
  "user",
  "assistant",
  "tool",
  "object",
  "string",
  "calculator",
  0,
  1.5,
  true,
  null,
  [],
  {},
];

/** One mutation of a copy of `value`, chosen by three numbers: where, what, and with which value. */
function mutate(value: Json, [where, what, which]: [number, number, number], extra: Json): Json {
  const copy = JSON.parse(JSON.stringify(value)) as Json;
  // Half the time near the top, where the case's own fields are (deep tool schemas would take most picks).
  const all = places(copy).filter((p) => where % 2 === 0 || p.depth <= 3);
  const place = all[Math.floor(where / 2) % Math.max(all.length, 1)];
  if (!place) return copy;
  const { parent, key } = place;
  const replacement =
    which % (VALUES.length + 1) === 0 ? extra : (VALUES[(which % (VALUES.length + 1)) - 1] as Json);
  const target = (parent as Record<string, Json>)[key as string] as Json;
  switch (what % 7) {
    case 0: // remove
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
      break;
    case 1: // replace
      (parent as Record<string, Json>)[key as string] = replacement;
      break;
    case 2: // add a key beside it
      if (!Array.isArray(parent)) {
        Object.defineProperty(parent, KEYS[which % KEYS.length] as string, {
          value: replacement,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else parent.push(replacement);
      break;
    case 3: // reverse the keys of the object holding it
      if (!Array.isArray(parent)) {
        const entries = Object.entries(parent).reverse();
        for (const [k] of entries) delete parent[k];
        for (const [k, v] of entries) parent[k] = v;
      } else parent.reverse();
      break;
    case 4: // empty the container it is
      if (Array.isArray(target)) target.length = 0;
      else if (target !== null && typeof target === "object")
        for (const k of Object.keys(target)) delete target[k];
      else (parent as Record<string, Json>)[key as string] = "";
      break;
    case 5: // duplicate an element
      if (Array.isArray(parent)) parent.push(JSON.parse(JSON.stringify(target)));
      else (parent as Record<string, Json>)[key as string] = [target];
      break;
    default: // nest it
      (parent as Record<string, Json>)[key as string] = { [KEYS[which % KEYS.length] as string]: target };
  }
  return copy;
}

describe("isPlainCase", () => {
  const all = seeds();

  it.each(all.map((s) => [s.name, s.values] as const))(
    "keeps the schema's promise on every case of %s",
    (_name, values) => {
      for (const value of values) expect(brokenPromise(value, isPlainCase)).toBeUndefined();
    },
  );

  it("passes every imported case as it is, so large suites load without zod", () => {
    for (const { name, values } of all.filter((s) => s.name !== "ToolUse.1")) {
      expect(values.filter((v) => !isPlainCase(v)).length, name).toBe(0);
    }
  });

  it("keeps the promise under every mutation of every field near the top of each shape of case", () => {
    // One case of each shape: the first of each suite and of each rarer form.
    const forms = [
      "unpassable",
      "tool_call",
      "calls",
      "any_call",
      "no_call",
      "kind",
      "ground_truth",
      "items",
      "enum",
    ];
    const representatives = all.flatMap((s) => [
      s.values[0],
      ...forms.map((form) => s.values.find((v) => JSON.stringify(v).includes(`"${form}"`))),
    ]);
    // A negative case without its answer constraints (which the quick check leaves to the schema).
    const negative = all[0]?.values.find((v) => JSON.stringify(v).includes('"kind"')) as { expect: object };
    const { no_call } = negative.expect as { no_call: string };
    representatives.push({ ...negative, expect: { no_call } });
    let checked = 0;
    for (const value of new Set(representatives.filter((v) => v !== undefined)) as Set<Json>) {
      const count = places(value).filter((p) => p.depth <= 3).length;
      for (let index = 0; index < count; index++) {
        for (let what = 0; what < 7; what++) {
          // Replacing and adding take every key and value; the other mutations need no choice.
          const choices = what === 1 || what === 2 ? KEYS.length + VALUES.length : 1;
          for (let which = 1; which <= choices; which++) {
            const mutant = mutate(value, [index * 2 + 1, what, which], "x");
            expect(brokenPromise(mutant, isPlainCase)).toBeUndefined();
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("keeps the promise on randomly mutated cases (values, types, keys, order, emptiness, nesting)", () => {
    // A spread of each suite, and every case of a rarer shape (unpassable BFCL questions, history, several calls).
    const rare = (v: unknown) =>
      /"(unpassable|tool_call|calls|answer_contains_any|mentions)"/.test(JSON.stringify(v));
    const values = all.flatMap((s) =>
      s.values.filter((v, i) => i % Math.ceil(s.values.length / 40) === 0 || rare(v)).slice(0, 120),
    ) as Json[];
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        fc.nat(values.length - 1),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 3 }),
        fc.jsonValue({ maxDepth: 2 }),
        (index, steps, extra) => {
          let value = values[index] as Json;
          for (const step of steps) value = mutate(value, step, extra as Json);
          if (isPlainCase(value)) accepted++;
          else if (!CaseLineSchema.safeParse(value).success) refused++;
          expect(brokenPromise(value, isPlainCase)).toBeUndefined();
        },
      ),
      { numRuns: 4000, seed: 14 },
    );
    // Not vacuous: many mutants pass the quick check, many are bad cases it leaves to the schema.
    expect(accepted).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
  });

  it("would be caught accepting too much (the negative control)", () => {
    const values = all.flatMap((s) => s.values.slice(0, 20)) as Json[];
    const lenient = (value: unknown) => typeof value === "object" && value !== null;
    const found = values
      .flatMap((value) => [0, 1, 2, 3, 4, 5, 6].map((what) => mutate(value, [7, what, 1], "")))
      .some((mutant) => brokenPromise(mutant, lenient) !== undefined);
    expect(found).toBe(true);
  });
});
