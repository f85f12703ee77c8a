/** `tooluse list`: what a run can be made of — suites, backends, protocols, grading profiles — one per line. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROTOCOLS, type Protocol } from "../cases/schema.js";
import { GRADING_PROFILES, type GradingProfileName } from "../grade/profiles.js";
import { DATA_DIR } from "../paths.js";
import { BACKEND_KINDS, type BackendKind } from "../runner/config.js";
import type { Io } from "./io.js";

/** A Record over the kinds: a new backend that is not described here fails the type check. */
const BACKENDS: Record<BackendKind, string> = {
  baseline: "the built-in rule baseline: keywords and regular expressions, no model (the default)",
  openai:
    "any OpenAI-compatible server: vLLM, SGLang, llama.cpp server, Ollama, a hosted API (--base-url, repeatable)",
  llama: "a local GGUF file in-process (optional node-llama-cpp)",
  transformers: "an ONNX checkpoint folder or hub id in-process on CPU (optional @huggingface/transformers)",
  oracle: "the reference answers: must score 1.000 (a check of the grader)",
  "always-call": "always calls a tool: the expected call, or some call where none is expected (a control)",
  "never-call": "never calls a tool; answers in prose (a control)",
  replay: "grades recorded outputs (--outputs FILE)",
};

const PROTOCOL_NOTES: Record<Protocol, string> = {
  json: "calls as a JSON object in the reply",
  xml: "calls inside <tool_call> tags",
  plain: "calls as a TOOL line of plain text",
  native: "the server's own tool calling (OpenAI tools / tool_calls)",
};

/** A Record over the profiles: a new profile that is not described here fails the type check. */
const PROFILES: Record<GradingProfileName, string> = {
  tooluse: "this project's semantics, behaviour-aware no-call grading (the default; --rules tooluse)",
  spec1: "the ToolUse.1 SPEC 1.0 rules exactly (--rules spec1)",
  bfcl: "BFCL's official checker semantics (--rules bfcl)",
};

export function runList(flags: { json?: boolean }, io: Io): number {
  const manifest = JSON.parse(readFileSync(join(DATA_DIR, "manifest.json"), "utf8")) as {
    name: string;
    version: string;
    cases: number;
  };
  const suites = {
    [manifest.name]: `built in, version ${manifest.version}, ${manifest.cases} cases (data/tooluse1.jsonl)`,
    bfcl: "BFCL v4 categories: tooluse import bfcl --questions FILE --out cases.jsonl, then run --cases cases.jsonl",
    when2call: "When2Call: tooluse import when2call FILE --out cases.jsonl, then run --cases cases.jsonl",
  };
  const sections = {
    suites,
    backends: Object.fromEntries(BACKEND_KINDS.map((kind) => [kind, BACKENDS[kind]])),
    protocols: Object.fromEntries(PROTOCOLS.map((protocol) => [protocol, PROTOCOL_NOTES[protocol]])),
    grading_profiles: Object.fromEntries(GRADING_PROFILES.map((name) => [name, PROFILES[name]])),
  };
  if (flags.json) {
    io.stdout(`${JSON.stringify(sections, null, 2)}\n`);
    return 0;
  }
  for (const [title, entries] of Object.entries(sections)) {
    io.stdout(`${title.replace("_", " ")}:\n`);
    const width = Math.max(...Object.keys(entries).map((name) => name.length));
    for (const [name, note] of Object.entries(entries)) io.stdout(`  ${name.padEnd(width)}  ${note}\n`);
  }
  return 0;
}
