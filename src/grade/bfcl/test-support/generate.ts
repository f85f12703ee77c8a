/**
 * Outputs derived from BFCL's possible answers, for the differential test and the speed bench: every accepted
 * variant of every answer, then mutations of all kinds. Each output becomes its own case id (BFCL's harness grades
 * one output per question; we grade many per question), written three ways: as our cases/outputs files, and as
 * `check.py` input lines.
 */
import type { Case, Protocol } from "../../../cases/schema.js";
import { parsePyJson, pyJsonText } from "../../../extract/python-json.js";
import { type PyCall, type PyDict, PyFloat, type PyValue } from "../../../extract/python-value.js";
import { mulberry32 } from "../../../metrics/random.js";
import type { BfclMode } from "../checker.js";
import { MUTATIONS, type MutationContext } from "./mutations.js";

export interface GeneratedOutput {
  /** The output's own case id: `<question id>~<n>`. */
  id: string;
  question: Case;
  /** `answer`, `variant`, or the mutation's kind. */
  kind: string;
  calls: PyCall[];
  mode: BfclMode;
  /** How the calls are written: BFCL's Python list, JSON calls, a native reply, or given text (`text`). */
  format: "python" | "json" | "native" | "text";
  /** The output itself, for format `text` (prompt-mode text of a class; `calls` is then what it was written from). */
  text?: string;
}

const OPTIONAL = "";

/** A concrete value from an accepted value: dicts in answers hold lists of options; take the first real one. */
function concrete(accepted: PyValue): PyValue {
  if (accepted instanceof Map) {
    const dict: PyDict = new Map();
    for (const [key, options] of accepted) {
      const first = Array.isArray(options) ? options.find((o) => o !== OPTIONAL) : options;
      if (first !== undefined) dict.set(key, concrete(first));
    }
    return dict;
  }
  return Array.isArray(accepted) ? accepted.map(concrete) : accepted;
}

export interface Answer {
  name: string;
  params: [string, PyValue[]][];
}

export function answersOf(question: Case): Answer[] {
  const groundTruth = parsePyJson(question.bfcl?.ground_truth ?? "[]");
  if (!Array.isArray(groundTruth)) return [];
  return groundTruth.flatMap((entry) => {
    if (!(entry instanceof Map)) return [];
    return [...entry].map(([name, params]) => ({
      name,
      params:
        params instanceof Map
          ? [...params].map(([p, v]) => [p, Array.isArray(v) ? v : []] as [string, PyValue[]])
          : [],
    }));
  });
}

export function callsWith(
  answers: readonly Answer[],
  choose: (call: number, param: string, options: PyValue[]) => PyValue | undefined,
): PyCall[] {
  return answers.map((answer, index) => {
    const args: PyDict = new Map();
    for (const [param, options] of answer.params) {
      const value = choose(index, param, options);
      if (value !== undefined) args.set(param, concrete(value));
    }
    return { name: answer.name, arguments: args };
  });
}

export const firstReal = (options: PyValue[]) => options.find((o) => o !== OPTIONAL);

/** The answer itself, then one variant per other accepted value (and per optional argument left out). */
function variants(answers: readonly Answer[]): { kind: string; calls: PyCall[] }[] {
  const base = callsWith(answers, (_c, _p, options) => firstReal(options));
  const out = [{ kind: "answer", calls: base }];
  answers.forEach((answer, callIndex) => {
    for (const [param, options] of answer.params) {
      const real = options.filter((o) => o !== OPTIONAL);
      const alternatives: (PyValue | undefined)[] = real.slice(1);
      if (options.includes(OPTIONAL) && real.length > 0) alternatives.push(undefined);
      for (const alternative of alternatives) {
        const calls = callsWith(answers, (c, p, opts) =>
          c === callIndex && p === param ? alternative : firstReal(opts),
        );
        out.push({ kind: alternative === undefined ? "variant:omit-optional" : "variant:accepted", calls });
      }
    }
  });
  if (answers.length > 1) out.push({ kind: "variant:reordered", calls: [...base].reverse() });
  return out;
}

function mutationContext(question: Case, answers: readonly Answer[], random: () => number): MutationContext {
  const declared = new Map<string, string[]>();
  for (const document of question.bfcl?.function ?? []) {
    const { name, parameters } = document as { name?: string; parameters?: { properties?: object } };
    if (typeof name === "string") declared.set(name, Object.keys(parameters?.properties ?? {}));
  }
  const optional = answers.map((a) =>
    a.params.filter(([, options]) => options.includes(OPTIONAL)).map(([p]) => p),
  );
  return { declared, optional, random };
}

const IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}]*$/u;

function pythonWritable(calls: readonly PyCall[]): boolean {
  const finite = (v: PyValue): boolean =>
    v instanceof PyFloat
      ? Number.isFinite(v.value)
      : Array.isArray(v)
        ? v.every(finite)
        : v instanceof Map
          ? [...v.values()].every(finite)
          : true;
  return calls.every(
    (call) =>
      call.name.split(".").every((part) => IDENTIFIER.test(part) && part !== "True" && part !== "None") &&
      [...call.arguments.keys()].every((key) => IDENTIFIER.test(key)) &&
      [...call.arguments.values()].every(finite),
  );
}

export interface GenerateOptions {
  /** Mutated outputs per question (each a different kind where possible). */
  mutationsPerQuestion: number;
  seed?: number;
}

/** Every answerable question's variants and mutations, in a stable order for a given seed. */
export function generateOutputs(questions: readonly Case[], options: GenerateOptions): GeneratedOutput[] {
  const random = mulberry32(options.seed ?? 14);
  const out: GeneratedOutput[] = [];
  let counter = 0;
  let kindCursor = 0;
  for (const question of questions) {
    if (question.bfcl?.ground_truth === undefined) continue;
    const answers = answersOf(question);
    const context = mutationContext(question, answers, random);
    const produced = variants(answers);
    const base = produced[0]?.calls ?? [];
    for (
      let tries = 0, made = 0;
      made < options.mutationsPerQuestion && tries < options.mutationsPerQuestion * 4;
      tries++
    ) {
      const mutation = MUTATIONS[kindCursor++ % MUTATIONS.length];
      const source =
        random() < 0.25 ? (produced[Math.floor(random() * produced.length)]?.calls ?? base) : base;
      const calls = mutation?.apply(source, context);
      if (!mutation || !calls) continue;
      produced.push({ kind: mutation.kind, calls });
      made++;
    }
    for (const { kind, calls } of produced) {
      const mode: BfclMode = random() < 0.5 ? "prompt" : "fc";
      const roll = random();
      const format = roll < 0.2 ? "native" : roll < 0.4 || !pythonWritable(calls) ? "json" : "python";
      out.push({ id: `${question.id}~${counter++}`, question, kind, calls, mode, format });
    }
  }
  return out;
}

/** A Python literal for a value, as a model in prompt mode would write it. */
export function pythonText(value: PyValue): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string") return pythonString(value);
  if (value instanceof Map) {
    return `{${[...value].map(([k, v]) => `${pythonString(k)}: ${pythonText(v)}`).join(", ")}}`;
  }
  if (Array.isArray(value)) return `[${value.map(pythonText).join(", ")}]`;
  return pyJsonText(value);
}

/** Python's repr of a string, with the escapes a model writes (`\'`, `\n`, `\xNN` for control characters). */
function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "\\" || ch === quote) out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\r") out += "\\r";
    else if (code < 0x20 || code === 0x7f || code === 0xa0) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return out + quote;
}

/** The output text a model would have produced for these calls, in the given format. */
export function outputText(output: Pick<GeneratedOutput, "calls" | "format" | "text">): {
  protocol: Protocol;
  output: string;
} {
  const { calls, format } = output;
  if (format === "text") return { protocol: "json", output: output.text ?? "" };
  if (format === "python") {
    const written = calls.map(
      (c) => `${c.name}(${[...c.arguments].map(([k, v]) => `${k}=${pythonText(v)}`).join(", ")})`,
    );
    return { protocol: "json", output: `[${written.join(", ")}]` };
  }
  if (format === "json") {
    const written = calls.map(
      (c) => `{"name": ${JSON.stringify(c.name)}, "arguments": ${pyJsonText(c.arguments)}}`,
    );
    return { protocol: "json", output: `[${written.join(", ")}]` };
  }
  const toolCalls = calls.map(
    (c, i) =>
      `{"id": "call_${i}", "type": "function", "function": {"name": ${JSON.stringify(c.name)}, "arguments": ${JSON.stringify(pyJsonText(c.arguments))}}}`,
  );
  return { protocol: "native", output: `{"content": null, "tool_calls": [${toolCalls.join(", ")}]}` };
}

/**
 * Whether BFCL reads this output as prompt-mode text (check.py's `raw`: its own decoder) or as a runtime's tool calls
 * (check.py's `calls`: what its FC handlers' json.loads gives). Text in prompt mode, and Python text in either mode
 * (our fc mode reads it with the same decoder), is raw.
 */
export function readsRaw(output: Pick<GeneratedOutput, "format" | "mode">): boolean {
  if (output.format === "native") return false;
  return output.format !== "json" || output.mode === "prompt";
}

/**
 * The line `check.py` reads for this output: the question's documents (the originals when given, else the case's
 * checker view of them) and answer as BFCL has them, and the raw text or the calls.
 */
export function checkerLine(output: GeneratedOutput, originalFunctions?: readonly unknown[]): string {
  const source = output.question.bfcl;
  const given = readsRaw(output)
    ? `"raw": ${JSON.stringify(outputText(output).output)}`
    : `"calls": [${output.calls.map((c) => `{${JSON.stringify(c.name)}: ${pyJsonText(c.arguments)}}`).join(", ")}]`;
  return `{"id": ${JSON.stringify(output.id)}, "category": ${JSON.stringify(source?.category)}, "function": ${JSON.stringify(originalFunctions ?? source?.function ?? [])}, "ground_truth": ${source?.ground_truth ?? "[]"}, ${given}, "model": "${output.mode === "fc" ? "fc-model" : "prompt-model"}"}`;
}

/** The output's own case: the question under the output's id. */
export function caseLine(output: GeneratedOutput): string {
  return JSON.stringify({ ...output.question, id: output.id });
}

/** The output as a line of a `tooluse grade --outputs` file. */
export function outputLine(output: GeneratedOutput): string {
  return JSON.stringify({ id: output.id, ...outputText(output) });
}
