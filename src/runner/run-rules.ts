/**
 * The rules between a run's fields (which backend reads which field), as issues that name field paths. How an issue
 * reads is written once, with the naming left to the caller: the library names fields (`replay_file`), the CLI names
 * its flags (`--outputs`), so the same sentence serves both and no library message names a flag.
 */
import type { Protocol } from "../cases/schema.js";
import type { BackendKind } from "./config.js";

/** Backends that ask no model: a model or a server address given with them would be ignored. */
export const MODEL_FREE: readonly BackendKind[] = [
  "baseline",
  "oracle",
  "always-call",
  "never-call",
  "replay",
];

/** Backends that batch prompts themselves (`batch_size`) and have no server's tool parser (`native`). */
const LOCAL: readonly BackendKind[] = ["llama", "transformers"];

export type RunRuleCode =
  | "asks_no_model"
  | "replay_only"
  | "replay_needs_file"
  | "batch_size_unsupported"
  | "native_needs_server"
  | "transformers_only"
  | "sample_with_limit";

/** An expected failure of a run's input: `path` is the field (`filters.limit`), `message` names fields, never flags. */
export interface RunIssue {
  /** One of RunRuleCode, or a zod issue code (`too_small`, `invalid_value`…) for a field's own value. */
  code: RunRuleCode | (string & {});
  path: string;
  message: string;
  /** The run's backend, for the rules that depend on it. */
  backend?: BackendKind;
  /** What a field's own value was expected to be (zod's words), for issues that are not rules. */
  detail?: string;
}

/** How a field is named in a message: its path for the library, its flag for the CLI. */
export type FieldName = (path: string) => string;

const RULE_MESSAGES: Record<RunRuleCode, (issue: RunIssue, name: FieldName) => string> = {
  asks_no_model: (issue, name) =>
    `${name(issue.path)} cannot be combined with ${name("backend")} ${issue.backend}: it asks no model`,
  replay_only: (issue, name) =>
    `${name(issue.path)} cannot be combined with ${name("backend")} ${issue.backend}: only replay reads it`,
  replay_needs_file: (_issue, name) =>
    `${name("backend")} replay needs ${name("replay_file")} FILE (the recorded outputs to grade)`,
  batch_size_unsupported: (issue, name) =>
    `${name(issue.path)} cannot be combined with ${name("backend")} ${issue.backend}: only llama and transformers batch prompts`,
  native_needs_server: (issue, name) =>
    `${name(issue.path)} native needs a server's tool parser; with ${name("backend")} ${issue.backend} use json, xml or plain`,
  transformers_only: (issue, name) => `${name(issue.path)} applies to ${name("backend")} transformers only`,
  sample_with_limit: (_issue, name) => {
    const [sample, limit] = [name("filters.sample"), name("filters.limit")];
    return `${sample} cannot be combined with ${limit}: ${limit} takes the first N cases, ${sample} N cases over every category and language`;
  },
};

const isRule = (code: string): code is RunRuleCode => Object.hasOwn(RULE_MESSAGES, code);

/** The issue as a sentence, with fields named by `name` (their paths unless told otherwise). */
export function describeRunIssue(issue: Omit<RunIssue, "message">, name: FieldName = (path) => path): string {
  const full = { ...issue, message: "" };
  return isRule(issue.code) ? RULE_MESSAGES[issue.code](full, name) : `${name(issue.path)}: ${issue.detail}`;
}

/** The fields the rules read, after the defaults are applied. */
export interface RuledFields {
  backend: BackendKind;
  model: string | null;
  base_url: string | null;
  replay_file: string | null;
  protocols: readonly Protocol[];
  batch_size: number | null;
  allow_download?: boolean;
  filters: { limit: number | null; sample?: unknown };
}

/** Every rule the fields break, in the order a person fixes them (backend first). */
export function runRuleIssues(fields: RuledFields): RunIssue[] {
  const { backend } = fields;
  const broken: { code: RunRuleCode; path: string; when: boolean }[] = [
    { code: "asks_no_model", path: "model", when: MODEL_FREE.includes(backend) && fields.model !== null },
    {
      code: "asks_no_model",
      path: "base_url",
      when: MODEL_FREE.includes(backend) && fields.base_url !== null,
    },
    { code: "replay_only", path: "replay_file", when: fields.replay_file !== null && backend !== "replay" },
    {
      code: "replay_needs_file",
      path: "replay_file",
      when: backend === "replay" && fields.replay_file === null,
    },
    {
      code: "batch_size_unsupported",
      path: "batch_size",
      when: fields.batch_size !== null && !LOCAL.includes(backend),
    },
    {
      code: "native_needs_server",
      path: "protocols",
      when: LOCAL.includes(backend) && fields.protocols.includes("native"),
    },
    {
      code: "transformers_only",
      path: "allow_download",
      when: fields.allow_download !== undefined && backend !== "transformers",
    },
    {
      code: "sample_with_limit",
      path: "filters.sample",
      when: fields.filters.sample !== undefined && fields.filters.limit !== null,
    },
  ];
  return broken
    .filter((rule) => rule.when)
    .map(({ code, path }) => ({ code, path, backend, message: describeRunIssue({ code, path, backend }) }));
}
