/**
 * A tiny review kind for the registry test (src/cli/review-kind-registry.test.ts): a yes/no judgement of each line of
 * a text file. Everything a kind is lives here, as in every kind of src/review/kinds/: the schemas, the import, the
 * page, the measure and the export.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { html } from "../../render/escape.js";
import type { KindModule } from "../kinds/kind.js";

const EchoPayloadSchema = z.strictObject({ text: z.string() });
const EchoLabelSchema = z.strictObject({ fine: z.enum(["yes", "no"]) });

export const echoKind: KindModule<z.infer<typeof EchoPayloadSchema>, z.infer<typeof EchoLabelSchema>> = {
  kind: "echo",
  title: "Echo: is the line fine?",
  keyParts: [{ at: 0 }],
  payloadSchema: EchoPayloadSchema,
  labelSchema: EchoLabelSchema,
  view: {
    keys: [["y / n", "the line is fine, or not"]],
    render: (p) => html`<p class="echo">${p.text}</p>`,
  },
  sources: { required: ["queries"], optional: [] },
  importTasks: (sources) => {
    const lines = readFileSync(sources.queries as string, "utf8").split("\n");
    const kept = lines.filter((line) => line.trim() !== "");
    return {
      tasks: kept.map((text, i) => ({
        key: JSON.stringify([`line-${i + 1}`]),
        title: text,
        payload: { text },
      })),
      leftOut: [`${lines.length - kept.length} blank line(s) left out`],
    };
  },
  measures: (_payload, label) => [
    { name: "fine", value: label.fine, categories: ["no", "yes"], ordinal: false },
  ],
  exportRecords: (items) => items.map(({ key, payload, label }) => ({ key, text: payload.text, ...label })),
  nativeFormat: "jsonl",
  csvColumns: ["key", "text", "fine"],
  exportFormat: "echo lines",
};
