/** `tooluse import when2call`: NVIDIA When2Call test records (question, tools, labelled behaviour) → cases. */
import { z } from "zod";
import type { Case, Expect } from "../cases/schema.js";
import type { ToolDefinition } from "../tools/definition.js";
import { toolDefinition } from "./bfcl-schema.js";
import { guessLang } from "./lang.js";
import {
  checkUniqueIds,
  convertRecord,
  RecordError,
  readRecords,
  type Source,
  validCase,
} from "./records.js";

/** The four behaviours When2Call's replies are written for; the test labels use the first three. */
export const WHEN2CALL_BEHAVIOURS = ["tool_call", "request_for_info", "cannot_answer", "direct"] as const;
export type When2CallBehaviour = (typeof WHEN2CALL_BEHAVIOURS)[number];

export const When2CallRecordSchema = z.looseObject({
  uuid: z.string().min(1),
  question: z.string().min(1),
  correct_answer: z.enum(WHEN2CALL_BEHAVIOURS),
  answers: z.looseObject({ tool_call: z.string() }).and(z.record(z.string(), z.string())),
  tools: z.array(z.string()),
});

export type When2CallRecord = z.infer<typeof When2CallRecordSchema>;

function parseJson(text: string, field: string, expected: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RecordError(field, `${expected} (invalid JSON: ${(error as Error).message})`);
  }
}

/** The tool the `tool_call` reply calls: its `{"name", "arguments"}` JSON, parsed. */
function targetName(record: When2CallRecord, offered: readonly ToolDefinition[]): string {
  const expected = 'expected a JSON call {"name", "arguments"}';
  const call = parseJson(record.answers.tool_call, "answers.tool_call", expected);
  const name = typeof call === "object" && call !== null ? (call as { name?: unknown }).name : undefined;
  if (typeof name !== "string") throw new RecordError("answers.tool_call", expected);
  if (!offered.some((tool) => tool.name === name)) {
    throw new RecordError("answers.tool_call", `expected a call to an offered tool, got ${name}`);
  }
  return name;
}

/**
 * The label → the expectation. tool_call expects a call to the reply's tool with no argument checked:
 * When2Call measures when to call, and its reference arguments are one model's guess, not an answer key.
 * request_for_info → clarify (ask for the missing information); cannot_answer → refuse (say it cannot be done
 * with the tools offered); direct (never a test label) → answer.
 */
function expectationOf(record: When2CallRecord, offered: readonly ToolDefinition[]): Expect {
  switch (record.correct_answer) {
    case "tool_call":
      return { call: { name: targetName(record, offered), arguments: {} } };
    case "request_for_info":
      return { no_call: "clarify" };
    case "cannot_answer":
      return { no_call: "refuse" };
    case "direct":
      return { no_call: "answer" };
  }
}

/** One record as a case: id = the record's uuid, category = its label. */
export function when2callCase(record: When2CallRecord): Case {
  const tools = record.tools.map((text, index) =>
    toolDefinition(parseJson(text, `tools[${index}]`, "expected a JSON tool definition"), `tools[${index}]`),
  );
  return validCase({
    id: record.uuid,
    lang: guessLang(record.question),
    category: record.correct_answer,
    tools,
    messages: [{ role: "user", content: record.question }],
    expect: expectationOf(record, tools),
  });
}

/** Every record of a When2Call JSONL file (e.g. `when2call_test_llm_judge.jsonl`) as a case, in file order. */
export function importWhen2Call(source: Source): Case[] {
  const cases = readRecords(source, When2CallRecordSchema).map(({ line, value }) =>
    convertRecord(source, line, () => when2callCase(value)),
  );
  checkUniqueIds(cases, source.file);
  return cases;
}
