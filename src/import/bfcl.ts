/** `tooluse import bfcl`: Berkeley Function Calling Leaderboard question (and possible-answer) files → cases. */
import { z } from "zod";
import type { BfclSource, Case, Expect, Message } from "../cases/schema.js";
import { UserError } from "../errors.js";
import { parsePyJson, pyJsonText } from "../extract/python-json.js";
import type { PyDict } from "../extract/python-value.js";
import { expectedCalls } from "./bfcl-answers.js";
import { toolDefinition } from "./bfcl-schema.js";
import { guessLang } from "./lang.js";
import {
  checkUniqueIds,
  convertRecord,
  type Line,
  RecordError,
  readRecords,
  type Source,
  validCase,
} from "./records.js";

const BfclMessageSchema = z.looseObject({ role: z.string(), content: z.string() });

const BfclQuestionSchema = z.looseObject({
  id: z.string().min(1),
  question: z.array(z.array(BfclMessageSchema)).min(1),
  function: z.array(z.unknown()),
});

const BfclAnswerSchema = z.looseObject({ id: z.string().min(1), ground_truth: z.unknown() });

type BfclQuestion = z.infer<typeof BfclQuestionSchema>;

export interface BfclSources {
  questions: Source;
  /** The matching `possible_answer/` file; needed for every category but irrelevance and live_relevance. */
  answers?: Source | undefined;
}

/** The test category an id names: `live_simple_12-3-4` → `live_simple`, `parallel_7` → `parallel`. */
export function bfclCategory(id: string): string {
  return id.replace(/_\d+(?:-\d+)*$/, "");
}

/**
 * BFCL's turns → the case's messages. Only single-turn entries: later turns would need the model's replies
 * in between. A system message is folded into the user message after it, since ToolUse's own system prompt
 * (tools and call format) is the one system message every protocol sends.
 */
function messagesOf(question: BfclQuestion["question"]): Message[] {
  if (question.length !== 1) {
    throw new RecordError(
      "question",
      `expected one turn; got ${question.length} (multi-turn entries are not supported)`,
    );
  }
  const messages: Message[] = [];
  let system: string[] = [];
  (question[0] ?? []).forEach((message, index) => {
    const where = `question[0][${index}]`;
    if (message.role === "system") system.push(message.content);
    else if (message.role === "user") {
      messages.push({ role: "user", content: [...system, message.content].join("\n\n") });
      system = [];
    } else if (message.role === "assistant" && message.content !== "") {
      messages.push({ role: "assistant", content: message.content });
    } else
      throw new RecordError(
        `${where}.role`,
        `expected system, user or assistant with text, got ${message.role}`,
      );
  });
  if (system.length > 0)
    throw new RecordError("question[0]", "expected a user message after the system message");
  return messages;
}

interface Expectation {
  expect: Expect;
  unpassable: string[];
}

/** What a category expects: no call (irrelevance), any call (live_relevance: no answer list exists), or the answers. */
function expectationOf(category: string, groundTruth: unknown): Expectation {
  if (category.includes("irrelevance")) return { expect: { no_call: "abstain" }, unpassable: [] };
  if (category === "live_relevance") return { expect: { any_call: true }, unpassable: [] };
  if (groundTruth === undefined) {
    throw new RecordError(
      "id",
      `expected a possible answer for this ${category} entry (give --answers FILE)`,
    );
  }
  const { calls, unpassable } = expectedCalls(groundTruth, "ground_truth");
  const expect = calls.length === 1 ? { call: calls[0] as (typeof calls)[number] } : { calls };
  return { expect, unpassable };
}

/**
 * The answer line's `ground_truth` as JSON text that keeps what BFCL's checker distinguishes (`5.0` vs `5`): read
 * with Python's number rules, written back the same way.
 */
function groundTruthText(answerLine: string): string | undefined {
  const record = parsePyJson(answerLine);
  return record instanceof Map ? pyJsonText((record as PyDict).get("ground_truth") ?? null) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The listed keys of a value that has them, in order; a key it lacks stays absent (BFCL's checker crashes on it). */
function keep(value: unknown, keys: readonly string[], inner: (key: string, v: unknown) => unknown): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(keys.filter((k) => Object.hasOwn(value, k)).map((k) => [k, inner(k, value[k])]));
}

/**
 * What BFCL's checker reads of a function document: its name, each parameter's type (and an array's item type),
 * and `required`. Descriptions are left out: the case's tools already carry them for the prompt.
 */
function checkerView(document: unknown): unknown {
  const parameter = (detail: unknown) =>
    keep(detail, ["type", "items"], (k, v) => (k === "items" ? keep(v, ["type"], (_, t) => t) : v));
  const properties = (value: unknown) =>
    isRecord(value)
      ? Object.fromEntries(Object.entries(value).map(([name, detail]) => [name, parameter(detail)]))
      : value;
  return keep(document, ["name", "parameters"], (k, v) =>
    k === "parameters"
      ? keep(v, ["properties", "required"], (key, p) => (key === "properties" ? properties(p) : p))
      : v,
  );
}

function caseOf(record: BfclQuestion, expectation: Expectation, groundTruth: string | undefined): Case {
  const category = bfclCategory(record.id);
  const bfcl: BfclSource = {
    category,
    function: record.function.map(checkerView),
    ...(groundTruth !== undefined ? { ground_truth: groundTruth } : {}),
    ...(expectation.unpassable.length > 0 ? { unpassable: expectation.unpassable } : {}),
  };
  const messages = messagesOf(record.question);
  // The user's own words decide the language; a folded system message is often English boilerplate.
  const userText = (record.question[0] ?? [])
    .flatMap((m) => (m.role === "user" ? [m.content] : []))
    .join("\n");
  return validCase({
    id: record.id,
    lang: guessLang(userText),
    category,
    tools: record.function.map((document, index) => toolDefinition(document, `function[${index}]`)),
    messages,
    expect: expectation.expect,
    bfcl,
  });
}

/**
 * Every question record as a case, in file order. Possible answers are joined by id; an answer whose id
 * has no question is an error (the two files do not belong together).
 */
export function importBfcl(sources: BfclSources): Case[] {
  const questions = readRecords(sources.questions, BfclQuestionSchema);
  // Each answer's line text is kept: the ground truth is read again from it with Python's types (groundTruthText).
  const answers = new Map<string, Line<{ ground_truth: unknown }>>();
  if (sources.answers) {
    const answerFile = sources.answers;
    const ids = new Set(questions.map((q) => q.value.id));
    for (const answer of readRecords(answerFile, BfclAnswerSchema, { keepText: true })) {
      if (!ids.has(answer.value.id)) {
        throw new UserError(
          `${answerFile.file}:${answer.line}: id: ${answer.value.id} is not a question in ${sources.questions.file}`,
        );
      }
      answers.set(answer.value.id, answer);
    }
  }
  const cases = questions.map(({ line, value }) => {
    const answer = answers.get(value.id);
    const category = bfclCategory(value.id);
    // A fault in a possible answer is reported at the answer file's line, anything else at the question's.
    const expectation = answer
      ? convertRecord(sources.answers as Source, answer.line, () =>
          expectationOf(category, answer.value.ground_truth),
        )
      : convertRecord(sources.questions, line, () => expectationOf(category, undefined));
    const groundTruth = answer && groundTruthText(answer.text ?? "");
    return convertRecord(sources.questions, line, () => caseOf(value, expectation, groundTruth));
  });
  checkUniqueIds(cases, sources.questions.file);
  return cases;
}
