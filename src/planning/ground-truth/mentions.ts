/**
 * Which names an answer mentions: teams, sites, agents, call drivers … as the workspace holds them (its vocabulary),
 * weekdays, hours of the day. Matching folds case and accents (Kraków = Krakow), takes whole words, and allows a
 * plural (billing disputes).
 */
import type { MENTIONS } from "../../plans/data/references.js";
import { escapeRegExp } from "../../text/chars.js";
import { foldText } from "../../text/fold.js";
import { WEEKDAYS } from "../../workspace/calendar.js";
import type { Engine } from "../../workspace/engines/engine.js";

export type MentionKind = (typeof MENTIONS)[number];
export type Vocabulary = ReadonlyMap<MentionKind, readonly string[]>;

const SOURCES: Partial<Record<MentionKind, string>> = {
  team: "SELECT DISTINCT team FROM interactions",
  site: "SELECT DISTINCT site FROM interactions",
  queue: "SELECT DISTINCT queue FROM interactions",
  channel: "SELECT DISTINCT channel FROM interactions",
  agent_name: "SELECT DISTINCT agent_name FROM interactions",
  customer_id: "SELECT DISTINCT customer_id FROM interactions",
  call_driver: "SELECT DISTINCT call_driver FROM call_drivers",
  dimension: "SELECT DISTINCT dimension FROM qa_dimension_scores",
};

/** The names of every kind, read from the store once. */
export async function readVocabulary(engine: Engine): Promise<Vocabulary> {
  const vocabulary = new Map<MentionKind, string[]>();
  vocabulary.set("weekday", [...WEEKDAYS]);
  vocabulary.set(
    "hour",
    Array.from({ length: 24 }, (_, h) => String(h)),
  );
  for (const [kind, sql] of Object.entries(SOURCES) as [MentionKind, string][]) {
    const outcome = await engine.query(sql, [], { timeoutMs: 60_000, rowCap: 1_000_000 });
    if (!outcome.ok) throw new Error(`vocabulary ${kind}: ${outcome.message}`);
    vocabulary.set(
      kind,
      outcome.rows.map((row) => String(row[0])),
    );
  }
  return vocabulary;
}

const plainCache = new Map<string, string>();

/** Folded, accents removed; cached, since one answer is matched against thousands of names. */
function plain(text: string): string {
  let folded = plainCache.get(text);
  if (folded === undefined) {
    folded = foldText(text).normalize("NFD").replace(/\p{M}/gu, "");
    if (plainCache.size > 10_000) plainCache.clear();
    plainCache.set(text, folded);
  }
  return folded;
}

function hourPattern(hour: number): RegExp {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  const suffix = hour < 12 ? "a\\.?m\\.?" : "p\\.?m\\.?";
  return new RegExp(
    `(?<![\\d.])(?:0?${hour}(?::00)?(?:\\s*h)?(?![\\d.%])|${twelve}(?::00)?\\s*${suffix})`,
    "i",
  );
}

function namePattern(name: string, flags = "u"): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(plain(name))}(?:e?s)?(?![\\p{L}\\p{N}])`, flags);
}

/** Whether the answer mentions the name (of the given kind). */
export function mentions(text: string, name: string, kind: MentionKind): boolean {
  if (kind === "hour") return hourPattern(Number(name)).test(text);
  return namePattern(name).test(plain(text));
}

/**
 * The names of the vocabulary the answer mentions. Longer names are read first and taken out of the text, so
 * "Billing" is mentioned by "Billing and Billing Support" but not by "Billing Support" alone.
 */
export function mentioned(text: string, kind: MentionKind, vocabulary: Vocabulary): string[] {
  const names = [...(vocabulary.get(kind) ?? [])];
  if (kind === "hour") return names.filter((name) => mentions(text, name, kind));
  let rest = plain(text);
  const found: string[] = [];
  for (const name of names.sort((a, b) => b.length - a.length)) {
    // Most names are not in the text at all: a substring check spares building their pattern.
    if (!rest.includes(plain(name))) continue;
    const pattern = namePattern(name, "gu");
    if (!pattern.test(rest)) continue;
    found.push(name);
    rest = rest.replace(namePattern(name, "gu"), " ");
  }
  return found;
}
