/** Number and setting formats shared by every view, so the terminal, Markdown and HTML say the same thing. */
import type { ReportResults } from "../runner/results-schema.js";

export function formatRatio(value: number | null): string {
  return value === null ? "–" : value.toFixed(3);
}

export function formatInterval([lo, hi]: readonly [number, number]): string {
  return `[${lo.toFixed(3)}, ${hi.toFixed(3)}]`;
}

/** The first 8 hex digits of a `sha256:…` digest: enough to tell corpora apart at a glance. */
export function shortDigest(digest: string): string {
  return digest.replace(/^sha256:/, "").slice(0, 8);
}

/** Batch size as written in reports; unbatched runs (null) show as a dash. */
export function formatBatch(batch: number | null): string {
  return batch === null ? "–" : String(batch);
}

/** The decoding settings that change a model's outputs, in one short line. */
export function formatDecoding(config: ReportResults["config"]): string {
  const { temperature, max_tokens, enable_thinking, seed } = config.settings;
  const thinking = enable_thinking === null ? "default" : enable_thinking ? "on" : "off";
  const parts = [`T=${temperature}`, `max=${max_tokens}`, `think=${thinking}`];
  if (seed !== null) parts.push(`seed=${seed}`);
  parts.push(`batch=${formatBatch(config.batch_size)}`);
  // Only a repeated run says so: a single run's line is what it always was.
  const repeats = (config as { repeats?: unknown }).repeats;
  if (typeof repeats === "number" && repeats > 1) parts.push(`repeats=${repeats}`);
  return parts.join(" ");
}

/** Word-wraps a line to `width` columns (continuation lines indented), so notes stay within a terminal. */
export function wrap(text: string, width: number, indent = ""): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines.join("\n");
}
