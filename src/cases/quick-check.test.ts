import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importBfcl } from "../import/bfcl.js";
import {
  BFCL_CATEGORIES,
  bfclSources,
  RESEARCH_DATA,
  when2callSource,
} from "../import/test-support/research-data.js";
import { importWhen2Call } from "../import/when2call.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { describeWith } from "../test-support/requirements.js";
import { CaseLineSchema } from "./load.js";
import { isPlainCase } from "./quick-check.js";

interface Seeds {
  name: string;
  values: unknown[];
}

/** Case values as the built corpus file holds them. */
function corpusSeeds(): Seeds {
  const values = readFileSync(DEFAULT_CASES_FILE, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
  return { name: "ToolUse.1", values };
}

/** Every imported BFCL category and When2Call, as an imported file holds them (needs the research data). */
function importedSeeds(): Seeds[] {
  const asFile = (cases: object[]) => cases.map((c) => JSON.parse(JSON.stringify(c)));
  return [
    ...BFCL_CATEGORIES.map((c) => ({
      name: `BFCL ${c.category}`,
      values: asFile(importBfcl(bfclSources(c.category, c.answers))),
    })),
    { name: "When2Call", values: asFile(importWhen2Call(when2callSource())) },
  ];
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

/** One case of each shape: the first of each suite and of each rarer form. */
const FORMS = [
  "unpassable",
  "tool_call",
  "calls",
  "any_call",
  "no_call",
  "kind",
  "ground_truth",
  "items",
  "enum",
  "mentions",
];

/** Every mutation of every field near the top of each shape of case in `suites`; returns how many were checked. */
function mutateEveryField(suites: readonly Seeds[]): number {
  const representatives = suites.flatMap((s) => [
    s.values[0],
    ...FORMS.map((form) => s.values.find((v) => JSON.stringify(v).includes(`"${form}"`))),
  ]);
  // A negative case without its answer constraints (which the quick check leaves to the schema).
  const negative = suites.flatMap((s) => s.values).find((v) => JSON.stringify(v).includes('"kind"')) as
    | { expect: object }
    | undefined;
  if (negative) {
    const { no_call } = negative.expect as { no_call: string };
    representatives.push({ ...negative, expect: { no_call } });
  }
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
  return checked;
}

const RANDOM_RUNS = 4000;

/**
 * Random mutations (values, types, keys, order, emptiness, nesting) of a spread of each suite and every case of a
 * rarer shape; returns how many mutants the quick check passed and how many the schema refused.
 */
function mutateAtRandom(suites: readonly Seeds[]): { accepted: number; refused: number } {
  const rare = (v: unknown) =>
    /"(unpassable|tool_call|calls|answer_contains_any|mentions)"/.test(JSON.stringify(v));
  const values = suites.flatMap((s) =>
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
    { numRuns: RANDOM_RUNS, seed: 14 },
  );
  return { accepted, refused };
}

/** Not vacuous: at least one run in 40 is a mutant the quick check passes, and one in 40 a bad case it leaves. */
const NOT_VACUOUS = RANDOM_RUNS / 40;

describe("isPlainCase on the corpus", () => {
  const corpus = corpusSeeds();

  it("keeps the schema's promise on every case of ToolUse.1", () => {
    for (const value of corpus.values) expect(brokenPromise(value, isPlainCase)).toBeUndefined();
  });

  it("keeps the promise under every mutation of every field near the top of each shape of case", () => {
    expect(mutateEveryField([corpus])).toBeGreaterThan(1000);
  });

  it("keeps the promise on randomly mutated cases (values, types, keys, order, emptiness, nesting)", () => {
    const { accepted, refused } = mutateAtRandom([corpus]);
    expect(accepted).toBeGreaterThan(NOT_VACUOUS);
    expect(refused).toBeGreaterThan(NOT_VACUOUS);
  });

  it("passes the no-call cases with answer constraints, so a cached re-run validates them without zod", () => {
    const constrained = corpus.values.filter((value) =>
      JSON.stringify((value as { expect?: unknown }).expect).includes('"answer_contains_'),
    );
    expect(constrained.length).toBeGreaterThan(10);
    expect(constrained.filter((value) => !isPlainCase(value))).toEqual([]);
  });

  it("passes every case of ToolUse.1 (mentions included), so a run on it never loads the case schema", () => {
    expect(corpus.values.some((value) => JSON.stringify(value).includes('"mentions"'))).toBe(true);
    expect(corpus.values.filter((value) => !isPlainCase(value))).toEqual([]);
  });

  it("would be caught accepting too much (the negative control)", () => {
    const values = corpus.values.slice(0, 60) as Json[];
    const lenient = (value: unknown) => typeof value === "object" && value !== null;
    const found = values
      .flatMap((value) => [0, 1, 2, 3, 4, 5, 6].map((what) => mutate(value, [7, what, 1], "")))
      .some((mutant) => brokenPromise(mutant, lenient) !== undefined);
    expect(found).toBe(true);
  });
});

describeWith(RESEARCH_DATA, "isPlainCase on the imported suites (BFCL, When2Call)", () => {
  // Read when a test runs, never while collecting: where the data is missing the block is only listed as skipped.
  let loaded: Seeds[] | undefined;
  const imported = () => {
    loaded ??= importedSeeds();
    return loaded;
  };
  const names = [...BFCL_CATEGORIES.map((c) => `BFCL ${c.category}`), "When2Call"];

  it.each(names)("keeps the schema's promise on every case of %s", (name) => {
    const values = imported().find((s) => s.name === name)?.values ?? [];
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(brokenPromise(value, isPlainCase)).toBeUndefined();
  });

  it("passes every imported case as it is, so large suites load without zod", () => {
    for (const { name, values } of imported()) {
      expect(values.filter((v) => !isPlainCase(v)).length, name).toBe(0);
    }
  });

  it("keeps the promise under every mutation of every field near the top of each shape of case", () => {
    expect(mutateEveryField(imported())).toBeGreaterThan(1000);
  });

  it("keeps the promise on randomly mutated cases (values, types, keys, order, emptiness, nesting)", () => {
    const { accepted, refused } = mutateAtRandom(imported());
    expect(accepted).toBeGreaterThan(NOT_VACUOUS);
    expect(refused).toBeGreaterThan(NOT_VACUOUS);
  });
});
