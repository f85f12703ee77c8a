import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Case } from "../cases/schema.js";
import { bfclCategory, importBfcl } from "./bfcl.js";
import type { SourceText } from "./records.js";

const fixture = (name: string): SourceText => {
  const file = new URL(`./fixtures/${name}`, import.meta.url).pathname;
  return { file, text: readFileSync(file, "utf8") };
};
const questions = fixture("bfcl-questions.jsonl");
const answers = fixture("bfcl-answers.jsonl");
const cases = importBfcl({ questions, answers });
const byId = (id: string) => cases.find((c) => c.id === id) as Case;
const text = (lines: unknown[]) => lines.map((line) => JSON.stringify(line)).join("\n");
const source = (name: string, lines: unknown[]): SourceText => ({ file: name, text: text(lines) });

describe("bfclCategory", () => {
  it.each([
    ["simple_python_12", "simple_python"],
    ["parallel_multiple_3", "parallel_multiple"],
    ["live_simple_106-63-0", "live_simple"],
    ["live_irrelevance_0-0-0", "live_irrelevance"],
  ])("%s → %s", (id, category) => expect(bfclCategory(id)).toBe(category));
});

describe("importBfcl on fixtures in the shape of BFCL v4", () => {
  it("imports every record, in file order, with the category from the id", () => {
    expect(cases.map((c) => [c.id, c.category])).toEqual([
      ["simple_python_0", "simple_python"],
      ["multiple_0", "multiple"],
      ["parallel_0", "parallel"],
      ["parallel_multiple_0", "parallel_multiple"],
      ["live_simple_0-0-0", "live_simple"],
      ["irrelevance_0", "irrelevance"],
      ["live_irrelevance_0-0-0", "live_irrelevance"],
      ["live_relevance_0-0-0", "live_relevance"],
    ]);
  });

  it("maps BFCL's schema dialect to JSON Schema and drops its `optional` flag", () => {
    const [tool] = byId("simple_python_0").tools;
    expect(tool).toEqual({
      name: "geometry.circle_area",
      description: "Area of a circle.",
      parameters: {
        type: "object",
        properties: {
          radius: { type: "number", description: "Radius." },
          units: { type: "string", description: "Unit of length.", default: "meters" },
          round_to: { type: "integer", description: "Decimal places.", default: 2 },
          extra: { description: "Anything else." },
        },
        required: ["radius"],
      },
    });
    const nested = byId("multiple_0").tools[0];
    expect(nested).toMatchObject({
      parameters: {
        properties: {
          budget: { type: "object", properties: { min: { type: "integer" } } },
          near: { type: "array", items: { type: "number" } },
        },
      },
    });
  });

  it('turns possible-answer lists into one_of, and BFCL\'s "" into optional, at any depth', () => {
    expect(byId("simple_python_0").expect).toEqual({
      call: {
        name: "geometry.circle_area",
        arguments: {
          radius: 2.5,
          units: { one_of: ["meters", "m"], optional: true },
          round_to: { one_of: [2], optional: true },
        },
      },
    });
    expect(byId("multiple_0").expect).toEqual({
      call: {
        name: "realestate.find",
        arguments: {
          city: { one_of: ["Austin", "Austin, TX"] },
          budget: { min: 300000, max: 400000, currency: { one_of: ["USD"], optional: true } },
          near: { one_of: [[30.27, -97.74]], optional: true },
        },
      },
    });
    expect(byId("live_simple_0-0-0").expect).toMatchObject({
      call: {
        arguments: {
          people: [
            { name: "李雷", age: 18 },
            { name: "李丽", age: 21 },
          ],
          note: { one_of: [null] },
        },
      },
    });
  });

  it("expects several calls as a set on parallel cases, none on irrelevance, any on live_relevance", () => {
    expect(byId("parallel_0").expect).toEqual({
      calls: [
        { name: "spotify.play", arguments: { artist: "Taylor Swift", duration: 20 } },
        { name: "spotify.play", arguments: { artist: "Maroon 5", duration: 15 } },
      ],
    });
    expect(byId("irrelevance_0").expect).toEqual({ no_call: "abstain" });
    expect(byId("live_irrelevance_0-0-0").expect).toEqual({ no_call: "abstain" });
    expect(byId("live_relevance_0-0-0").expect).toEqual({ any_call: true });
  });

  it("folds a system message into the user turn after it and keeps earlier turns", () => {
    expect(byId("live_simple_0-0-0").messages).toEqual([
      { role: "user", content: "Answer in the user's language.\n\n请把李雷（18岁）和李丽（21岁）加入名单。" },
    ]);
    expect(byId("live_irrelevance_0-0-0").messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  it("labels the language by writing system", () => {
    expect(byId("live_simple_0-0-0").lang).toBe("zh");
    expect(byId("simple_python_0").lang).toBe("en");
  });

  it("imports question files that need no answers without --answers", () => {
    const irrelevance = source("irrelevance.json", [JSON.parse(questions.text.split("\n")[5] as string)]);
    expect(importBfcl({ questions: irrelevance }).map((c) => c.expect)).toEqual([{ no_call: "abstain" }]);
  });
});

describe("importBfcl errors: one line, file:line: field: expected …", () => {
  const simple = JSON.parse(questions.text.split("\n")[0] as string);
  const simpleAnswer = { file: "a.json", text: answers.text.split("\n")[0] as string };

  it("names a question that needs a possible answer", () => {
    expect(() => importBfcl({ questions: source("q.json", [simple]) })).toThrow(
      "q.json:1: id: expected a possible answer for this simple_python entry (give --answers FILE)",
    );
  });

  it("names an unknown schema type with its path", () => {
    const bad = structuredClone(simple);
    bad.function[0].parameters.properties.radius.type = "HashMap";
    const twoLines = { file: "q.json", text: `\n${JSON.stringify(bad)}\n` };
    expect(() => importBfcl({ questions: twoLines, answers: simpleAnswer })).toThrow(
      /^q\.json:2: function\[0\]\.parameters\.properties\.radius\.type: expected a BFCL type \(.+\), got "HashMap"$/,
    );
  });

  it("names a malformed record, a bad answer line and an answer without a question", () => {
    expect(() =>
      importBfcl({ questions: source("q.json", [{ id: "x_1", question: "hi", function: [] }]) }),
    ).toThrow(/^q\.json:1: question: .+/);
    const badAnswer = source("a.json", [
      { id: "simple_python_0", ground_truth: [{ "geometry.circle_area": 5 }] },
    ]);
    expect(() => importBfcl({ questions: source("q.json", [simple]), answers: badAnswer })).toThrow(
      "a.json:1: ground_truth[0]: expected one {function name: {argument: [accepted values]}}",
    );
    const stray = source("a.json", [{ id: "simple_python_9", ground_truth: [] }]);
    expect(() => importBfcl({ questions: source("q.json", [simple]), answers: stray })).toThrow(
      "a.json:1: id: simple_python_9 is not a question in q.json",
    );
  });

  it("refuses an expected call to a tool the entry does not offer, and multi-turn entries", () => {
    const wrong = source("a.json", [{ id: "simple_python_0", ground_truth: [{ "math.pi": {} }] }]);
    expect(() => importBfcl({ questions: source("q.json", [simple]), answers: wrong })).toThrow(
      "q.json:1: case expect.call.name: math.pi is not offered",
    );
    const multiTurn = { ...simple, question: [simple.question[0], simple.question[0]] };
    expect(() => importBfcl({ questions: source("q.json", [multiTurn]), answers: simpleAnswer })).toThrow(
      /^q\.json:1: question: expected one turn; got 2/,
    );
  });

  it("refuses invalid JSON with the line", () => {
    expect(() => importBfcl({ questions: { file: "q.json", text: '{"id": "x_1"' } })).toThrow(
      /^q\.json:1: invalid JSON/,
    );
  });
});

describe("importBfcl keeps what BFCL's checker needs", () => {
  it("keeps the answer as text that tells 5.0 from 5, the schema's required list, and the documents' checker view", () => {
    const bfcl = byId("parallel_multiple_0").bfcl;
    expect(bfcl?.category).toBe("parallel_multiple");
    expect(bfcl?.ground_truth).toContain("[3.0, 5.0, 8.0]");
    expect(bfcl?.ground_truth).toContain("[3, 5, 8]");
    const area = byId("simple_python_0").bfcl?.function[0];
    expect(area).toEqual({
      name: "geometry.circle_area",
      parameters: {
        properties: {
          radius: { type: "float" },
          units: { type: "string" },
          round_to: { type: "integer" },
          extra: { type: "any" },
        },
        required: ["radius"],
      },
    });
    const tool = byId("simple_python_0").tools[0];
    expect(typeof tool === "object" && tool.parameters.required).toEqual(["radius"]);
  });

  it("marks a question with an empty list of accepted values unpassable instead of expecting []", () => {
    const question = {
      id: "live_simple_106-63-0",
      question: [[{ role: "user", content: "Classify these." }]],
      function: [
        {
          name: "classify",
          parameters: {
            type: "dict",
            properties: {
              acc_routing_start: { type: "array", items: { type: "string" } },
              label: { type: "string" },
            },
            required: ["acc_routing_start"],
          },
        },
      ],
    };
    const answer = { id: question.id, ground_truth: [{ classify: { acc_routing_start: [], label: ["x"] } }] };
    const [imported] = importBfcl({
      questions: source("q.json", [question]),
      answers: source("a.json", [answer]),
    });
    expect(imported?.bfcl?.unpassable).toEqual(["ground_truth[0].classify.acc_routing_start"]);
    expect(imported?.expect).toEqual({ call: { name: "classify", arguments: { label: "x" } } });
  });
});
