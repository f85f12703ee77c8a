/** `tooluse build`: expands the authored YAML sources into data/tooluse1.jsonl and data/manifest.json, reproducibly. */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { isCollection, isSeq, type Node } from "yaml";
import { formatPath, UserError } from "../errors.js";
import { readInputText } from "../input/read.js";
import { readYamlFile, yamlValue } from "../input/yaml.js";
import { toJsonLines } from "../jsonl.js";
import { TOOL_NAMES } from "../tools/catalogue.js";
import { deepestIssue } from "./load.js";
import {
  TOOLUSE1_CATEGORIES as CATEGORIES,
  type ToolUse1Case as Case,
  ToolUse1CaseSchema as CaseSchema,
  TOOLUSE1_LANGS as LANGS,
} from "./schema.js";
import { SourceEntrySchema } from "./source.js";

// The build applies ToolUse.1's strict schema; any other suite's cases go through the generic one.
type Category = (typeof CATEGORIES)[number];
type Lang = (typeof LANGS)[number];

export interface Manifest {
  name: "ToolUse.1";
  version: string;
  digest: string;
  cases: number;
  by_category: Record<string, number>;
  by_lang: Record<string, number>;
  by_expect: Record<string, number>;
  by_kind: Record<string, number>;
  by_difficulty: Record<string, number>;
}

export interface BuiltCorpus {
  cases: Case[];
  jsonl: string;
  manifest: Manifest;
}

const SOURCE_FILE = /^([a-z_]+)\.([a-z]{2})\.yaml$/;

/** Reads every `corpus/<category>.<lang>.yaml` and returns the built corpus; throws a UserError on the first bad entry. */
export function buildCorpus(corpusDir: string): BuiltCorpus {
  const version = readInputText(join(corpusDir, "VERSION")).trim();
  const cases: Case[] = [];
  for (const file of readdirSync(corpusDir).sort()) {
    const match = SOURCE_FILE.exec(file);
    if (!match) continue;
    const [, category, lang] = match;
    if (!CATEGORIES.includes(category as Category) || !LANGS.includes(lang as Lang)) {
      throw new UserError(
        `corpus/${file}: expected <category>.<lang>.yaml with a known category and language`,
      );
    }
    cases.push(
      ...readSourceFile(join(corpusDir, file), `corpus/${file}`, category as Category, lang as Lang),
    );
  }
  cases.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  checkUnique(cases);
  const jsonl = toJsonLines(cases);
  const digest = `sha256:${createHash("sha256").update(jsonl).digest("hex")}`;
  return { cases, jsonl, manifest: describe(cases, version, digest) };
}

function readSourceFile(path: string, shown: string, category: Category, lang: Lang): Case[] {
  const source = readYamlFile(path, shown);
  const { doc, lines } = source;
  if (doc.errors.length > 0) {
    const error = doc.errors[0];
    const line = error ? lines.linePos(error.pos[0]).line : "?";
    throw new UserError(`${shown}:${line}: invalid YAML (${error?.code})`);
  }
  const entries: unknown = yamlValue(source, shown);
  if (!Array.isArray(entries) || !isSeq(doc.contents))
    throw new UserError(`${shown}: expected a YAML list of cases`);
  const nodes = doc.contents.items;
  return entries.map((entry, index) => {
    const node = nodes[index] as Node | undefined;
    const lineOf = (path: readonly PropertyKey[]) =>
      `${shown}:${lines.linePos(nodeAt(node, path)?.range?.[0] ?? 0).line}`;
    return toCase(entry, lineOf, category, lang);
  });
}

/** The deepest YAML node along a field path (the entry itself when the path leads nowhere), for the line of an error. */
function nodeAt(node: Node | undefined, path: readonly PropertyKey[]): Node | undefined {
  let current = node;
  for (const key of path) {
    if (!isCollection(current)) break;
    const next = current.get(typeof key === "number" ? key : String(key), true) as Node | undefined;
    if (next === undefined || next === null || typeof next !== "object") break;
    current = next;
  }
  return current;
}

type LineOf = (path: readonly PropertyKey[]) => string;

function toCase(entry: unknown, lineOf: LineOf, category: Category, lang: Lang): Case {
  const source = SourceEntrySchema.safeParse(entry);
  if (!source.success) throw issueError(lineOf, entry, source.error.issues[0]);
  const s = source.data;
  const candidate = {
    id: s.id,
    lang,
    category,
    difficulty: s.difficulty,
    ...(s.kind ? { kind: s.kind } : {}),
    tools: s.tools ?? [...TOOL_NAMES],
    messages: s.messages ?? [{ role: "user", content: s.user }],
    expect: s.expect,
  };
  const parsed = CaseSchema.safeParse(candidate);
  if (!parsed.success) throw issueError(lineOf, entry, parsed.error.issues[0]);
  return parsed.data;
}

function issueError(
  lineOf: LineOf,
  entry: unknown,
  issue: { path: PropertyKey[]; message: string } | undefined,
) {
  const id = typeof entry === "object" && entry && "id" in entry ? ` (${String(entry.id)})` : "";
  const deepest = issue ? deepestIssue(issue as Parameters<typeof deepestIssue>[0]) : undefined;
  const path = deepest?.path ?? [];
  return new UserError(`${lineOf(path)}${id}: field ${formatPath(path)}: ${deepest?.message ?? "invalid"}`);
}

function checkUnique(cases: readonly Case[]): void {
  const ids = new Set<string>();
  const turns = new Map<string, string>();
  for (const c of cases) {
    if (ids.has(c.id)) throw new UserError(`corpus: duplicate id ${c.id}`);
    ids.add(c.id);
    const last = c.messages.at(-1);
    const key = JSON.stringify([last && "content" in last ? last.content : "", c.tools]);
    const other = turns.get(key);
    if (other) throw new UserError(`corpus: ${c.id} repeats the last user message and tool list of ${other}`);
    turns.set(key, c.id);
  }
}

function describe(cases: readonly Case[], version: string, digest: string): Manifest {
  const count = (key: (c: Case) => string | undefined) => {
    const out: Record<string, number> = {};
    for (const c of cases) {
      const k = key(c);
      if (k !== undefined) out[k] = (out[k] ?? 0) + 1;
    }
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
  };
  return {
    name: "ToolUse.1",
    version,
    digest,
    cases: cases.length,
    by_category: count((c) => c.category),
    by_lang: count((c) => c.lang),
    by_expect: count((c) => ("call" in c.expect ? "call" : c.expect.no_call)),
    by_kind: count((c) => c.kind),
    by_difficulty: count((c) => c.difficulty),
  };
}
