/**
 * Reading the "data insights" table out of a RAG answer: a markdown table with the columns topic, description,
 * interaction_ids, share (in any order, any case), or the same rows as a JSON array. What precedes the table is the
 * answer's text. Never throws; an answer without a readable table is null.
 */
import { INTERACTION_ID, type Insight } from "./output.js";

export interface ParsedAnswer {
  text: string;
  insights: Insight[];
}

function share(cell: string): number | null {
  const match = /(-?\d+(?:\.\d+)?)\s*(%)?/.exec(cell);
  if (!match) return null;
  const value = Number(match[1]);
  return match[2] || value > 1 ? value / 100 : value;
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());
}

function fromMarkdown(text: string): ParsedAnswer | null {
  const lines = text.split("\n");
  const header = lines.findIndex((l) => /\|/.test(l) && /topic/i.test(l) && /interaction/i.test(l));
  if (header === -1) return null;
  const names = cells(lines[header] ?? "").map((c) => c.toLowerCase());
  const at = (pattern: RegExp) => names.findIndex((n) => pattern.test(n));
  const topic = at(/topic/);
  const description = at(/descr/);
  const ids = at(/interaction|ids/);
  const shareAt = at(/share|percent|%/);
  const insights: Insight[] = [];
  for (const line of lines.slice(header + 1)) {
    if (!/\|/.test(line)) break;
    if (/^\s*\|?\s*:?-{2,}/.test(line)) continue;
    const row = cells(line);
    const name = row[topic] ?? "";
    if (name === "") continue;
    insights.push({
      topic: name,
      description: description >= 0 ? (row[description] ?? "") : "",
      interaction_ids: [...new Set((row[ids] ?? "").match(INTERACTION_ID) ?? [])],
      share: shareAt >= 0 ? share(row[shareAt] ?? "") : null,
    });
  }
  return { text: lines.slice(0, header).join("\n").trim(), insights };
}

function fromJson(text: string): ParsedAnswer | null {
  const start = text.indexOf("[");
  const end = text.lastIndexOf("]");
  if (start === -1 || end <= start) return null;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const insights: Insight[] = [];
  for (const item of value) {
    if (typeof item !== "object" || item === null) continue;
    const row = item as Record<string, unknown>;
    if (typeof row.topic !== "string") continue;
    const ids = Array.isArray(row.interaction_ids) ? row.interaction_ids.map(String) : [];
    insights.push({
      topic: row.topic,
      description: typeof row.description === "string" ? row.description : "",
      interaction_ids: [...new Set(ids.filter((id) => new RegExp(`^${INTERACTION_ID.source}$`).test(id)))],
      share: typeof row.share === "number" ? (row.share > 1 ? row.share / 100 : row.share) : null,
    });
  }
  return {
    text: text
      .slice(0, start)
      .replace(/```\w*\s*$/, "")
      .trim(),
    insights,
  };
}

export function parseInsights(text: string): ParsedAnswer | null {
  return fromMarkdown(text) ?? fromJson(text);
}
