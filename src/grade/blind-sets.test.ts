/**
 * Blind sets as regression fixtures (issue 25): every folder under src/grade/fixtures/blind holds replies and shapes
 * written and labelled by someone who had not read the grader. Graded as `tooluse grade` does, each set must meet the
 * issue's targets (replies: passed ≥ 97%, behaviour ≥ 95%, every language × expectation cell ≥ 93%; shapes: all but
 * 2 in 313 as labelled). Labels the grader disputes on purpose are listed, with the rule it follows, in the folder's
 * disputed.json and left out of the targets.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import type { Case } from "../cases/schema.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { gradingProfile } from "./profiles.js";
import {
  measureReplies,
  measureShapes,
  readBlindSet,
  repliesMeetTargets,
  shapesMeetTargets,
} from "./test-support/blind-sets.js";

const ROOT = join(PACKAGE_ROOT, "src", "grade", "fixtures", "blind");
const folders = existsSync(ROOT)
  ? readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

interface Disputed {
  replies?: { n: number; reason: string }[];
  shapes?: { n: number; reason: string }[];
}

function disputedIn(folder: string): Disputed {
  const file = join(ROOT, folder, "disputed.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Disputed) : {};
}

const cases = new Map<string, Case>(loadCases(DEFAULT_CASES_FILE).map((c) => [c.id, c]));
const grader = gradingProfile("tooluse");

describe("blind sets graded as labelled", () => {
  it("has at least one set", () => expect(folders.length).toBeGreaterThan(0));

  describe.each(folders)("%s", (folder) => {
    const set = readBlindSet(join(ROOT, folder));
    const disputed = disputedIn(folder);
    const skip = (list: { n: number }[] | undefined) => new Set((list ?? []).map((item) => item.n));

    if (set.replies !== undefined)
      it("replies meet the targets", () => {
        const left = skip(disputed.replies);
        const result = measureReplies(
          (set.replies ?? []).filter((reply) => !left.has(reply.n)),
          cases,
          grader,
        );
        expect({ misses: repliesMeetTargets(result), disagreements: result.disagreements }).toMatchObject({
          misses: [],
        });
      });

    if (set.shapes !== undefined)
      it("shapes meet the target", () => {
        const left = skip(disputed.shapes);
        const result = measureShapes(
          (set.shapes ?? []).filter((item) => !left.has(item.n)),
          cases,
          grader,
        );
        expect({ misses: shapesMeetTargets(result), disagreements: result.disagreements }).toMatchObject({
          misses: [],
        });
      });

    it("names every disputed label that is still disputed", () => {
      const shapes = new Map((set.shapes ?? []).map((item) => [item.n, item]));
      for (const { n } of disputed.shapes ?? []) {
        const item = shapes.get(n);
        expect(item, `shapes #${n} is in disputed.json but not in the set`).toBeDefined();
        if (item === undefined) continue;
        const verdict = grader.grade(cases.get(item.id) as Case, {
          id: item.id,
          protocol: item.protocol,
          output: item.output,
        });
        const agrees =
          verdict.calls.length === item.label.calls &&
          verdict.malformed === item.label.malformed &&
          verdict.passed === item.label.passed;
        expect(agrees, `shapes #${n} now agrees with its label: take it out of disputed.json`).toBe(false);
      }
    });
  });
});
